import { describe, expect, it, vi } from 'vitest';
import { drainOnSignal, jobsStopTimeoutMs, runShutdownSteps, SHUTDOWN_RESERVE_MS } from './graceful-shutdown.ts';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

describe('runShutdownSteps', () => {
  it('runs the steps one after the other', async () => {
    const done: string[] = [];
    const step = (name: string, ms: number) => ({ name, run: () => sleep(ms).then(() => void done.push(name)) });
    const outcome = await runShutdownSteps([step('requests', 30), step('jobs', 1), step('database', 1)], 1000);
    expect(outcome).toMatchObject({ drained: true });
    expect(done).toEqual(['requests', 'jobs', 'database']);
  });

  it('names the step still running at the timeout, and never starts the ones after it', async () => {
    const database = vi.fn(async () => undefined);
    const outcome = await runShutdownSteps(
      [
        { name: 'requests', run: () => sleep(1) },
        { name: 'jobs', run: () => new Promise<void>(() => undefined) },
        { name: 'database', run: database },
      ],
      100,
    );
    expect(outcome).toMatchObject({ drained: false, reason: 'timeout', step: 'jobs' });
    expect(outcome.elapsedMs).toBeGreaterThanOrEqual(95);
    expect(database).not.toHaveBeenCalled();
  });

  it('stops at a step that fails, and says which', async () => {
    const boom = new Error('pool already ended');
    const outcome = await runShutdownSteps(
      [
        { name: 'requests', run: () => Promise.reject(boom) },
        { name: 'database', run: () => sleep(1) },
      ],
      1000,
    );
    expect(outcome).toMatchObject({ drained: false, reason: 'error', step: 'requests', error: boom });
  });
});

describe('drainOnSignal', () => {
  it('exits 0 once drained, 1 on a failed step; a second signal drains nothing more', async () => {
    const logger = { info: vi.fn(), error: vi.fn() };
    const exits: number[] = [];
    const steps = vi.fn(() => [{ name: 'requests', run: () => sleep(1) }]);
    const drain = drainOnSignal({ timeoutMs: 1000, logger, steps, exit: (code) => void exits.push(code) });
    const first = drain('SIGTERM');
    expect(drain('SIGINT')).toBe(first);
    await first;
    expect(steps).toHaveBeenCalledTimes(1);
    expect(exits).toEqual([0]);

    const failing = drainOnSignal({
      timeoutMs: 1000,
      logger,
      steps: () => [{ name: 'closing the database', run: () => Promise.reject(new Error('no')) }],
      exit: (code) => void exits.push(code),
    });
    await failing('SIGTERM');
    expect(exits).toEqual([0, 1]);
    expect(logger.error).toHaveBeenCalledWith(
      expect.objectContaining({ step: 'closing the database' }),
      'shutdown failed while closing the database; exiting',
    );
  });
});

describe('jobsStopTimeoutMs', () => {
  it("keeps the jobs' own timeout when the drain has room for it and the database after it", () => {
    expect(jobsStopTimeoutMs(25_000, 10_000)).toBe(10_000);
    expect(jobsStopTimeoutMs(25_000, 20_000)).toBe(20_000);
    expect(jobsStopTimeoutMs(12_000, 10_000)).toBe(10_000);
  });

  it('shortens it to fit a smaller drain, leaving the reserve', () => {
    expect(jobsStopTimeoutMs(8_000, 10_000)).toBe(8_000 - SHUTDOWN_RESERVE_MS);
    expect(jobsStopTimeoutMs(1_000, 10_000)).toBe(0);
  });
});
