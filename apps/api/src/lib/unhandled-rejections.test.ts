import { describe, expect, it, vi } from 'vitest';
import { onUnhandledRejection } from './unhandled-rejections.ts';

const logger = () => ({ warn: vi.fn(), fatal: vi.fn() });

describe('onUnhandledRejection', () => {
  it("survives pg-boss's unawaited job bookkeeping failing while PostgreSQL restarts", () => {
    const log = logger();
    const exit = vi.fn();
    const shuttingDown = Object.assign(new Error('the database system is shutting down'), { code: '57P03' });
    onUnhandledRejection(shuttingDown, log, exit);
    expect(exit).not.toHaveBeenCalled();
    expect(log.warn).toHaveBeenCalledWith({ err: shuttingDown }, expect.stringContaining('out of reach'));
  });

  it('ends the process on any other rejection, as Node would, after logging it', () => {
    const log = logger();
    const exit = vi.fn();
    const bug = new TypeError("Cannot read properties of undefined (reading 'id')");
    onUnhandledRejection(bug, log, exit);
    expect(exit).toHaveBeenCalledWith(1);
    expect(log.fatal).toHaveBeenCalledWith({ err: bug }, 'unhandled promise rejection; exiting');
  });
});
