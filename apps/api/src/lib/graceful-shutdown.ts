// Stopping a process without cutting anyone off (issue 14, item 1). Several instances run behind
// nginx, and a deploy or a scale-down stops them with SIGTERM: the instance must leave the pool
// (readyz answers 503, new connections are refused), answer what it already accepted, let running
// jobs finish and close the database last. An orchestrator kills a process that takes too long,
// and then nobody knows what was lost: so the whole drain is bounded by our own timeout, which
// logs what was still open and exits non-zero.
import type { Server } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { scrubUrl } from './logger.ts';

export interface ShutdownLogger {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** One part of a drain, run after the one before it has finished. */
export interface ShutdownStep {
  /** What the log says was still running when the timeout fired. */
  name: string;
  run(): Promise<void>;
}

export type ShutdownOutcome =
  | { drained: true; elapsedMs: number }
  | { drained: false; step: string; reason: 'timeout'; elapsedMs: number }
  | { drained: false; step: string; reason: 'error'; error: unknown; elapsedMs: number };

/** Leaves this much of the drain for what follows the job engine (the database's close). */
export const SHUTDOWN_RESERVE_MS = 2000;

/**
 * How long running jobs may take to finish: their own stop timeout, shortened when the drain's
 * budget is smaller, so the engine hands back unfinished jobs (retried at once by another process)
 * before the drain gives up and exits with them still marked as running.
 */
export function jobsStopTimeoutMs(shutdownTimeoutMs: number, jobsTimeoutMs: number): number {
  return Math.max(0, Math.min(jobsTimeoutMs, shutdownTimeoutMs - SHUTDOWN_RESERVE_MS));
}

/** Runs the steps in order, the whole within `timeoutMs`; a step still running then is named. */
export async function runShutdownSteps(steps: readonly ShutdownStep[], timeoutMs: number): Promise<ShutdownOutcome> {
  const started = Date.now();
  const elapsed = () => Date.now() - started;
  let current = steps[0]?.name ?? 'nothing';
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), timeoutMs);
  });
  const all = (async () => {
    for (const step of steps) {
      current = step.name;
      await step.run();
    }
  })();
  try {
    const first = await Promise.race([all.then(() => 'done' as const), timedOut]);
    if (first === 'timeout') {
      // The steps go on in the background until the process exits; their failure is no news then.
      all.catch(() => undefined);
      return { drained: false, step: current, reason: 'timeout', elapsedMs: elapsed() };
    }
    return { drained: true, elapsedMs: elapsed() };
  } catch (error) {
    return { drained: false, step: current, reason: 'error', error, elapsedMs: elapsed() };
  } finally {
    clearTimeout(timer);
  }
}

export interface DrainOptions {
  timeoutMs: number;
  logger: ShutdownLogger;
  /** Built when the drain begins: closing starts then, not when the process starts. */
  steps(): ShutdownStep[];
  /** What is still open, for the log when the timeout fires. */
  stillOpen?(): Promise<object> | object;
  /** process.exit, unless a test listens. */
  exit?(code: number): void;
}

/**
 * The signal handler: drains once (a second signal while draining changes nothing; the timeout
 * already bounds the wait) and exits 0 when everything closed in time, 1 otherwise.
 */
export function drainOnSignal(options: DrainOptions): (signal: string) => Promise<ShutdownOutcome> {
  const exit = options.exit ?? ((code: number) => process.exit(code));
  let draining: Promise<ShutdownOutcome> | undefined;
  return (signal) => {
    if (draining) {
      options.logger.info({ signal }, 'already draining');
      return draining;
    }
    options.logger.info({ signal, timeoutMs: options.timeoutMs }, 'draining: finishing open requests and jobs, then exiting');
    draining = (async () => {
      const outcome = await runShutdownSteps(options.steps(), options.timeoutMs);
      if (outcome.drained) {
        options.logger.info({ elapsedMs: outcome.elapsedMs }, 'drained; exiting');
        exit(0);
      } else if (outcome.reason === 'timeout') {
        const open = await Promise.resolve(options.stillOpen?.()).catch(() => undefined);
        options.logger.error(
          { step: outcome.step, timeoutMs: options.timeoutMs, ...open },
          `shutdown timed out while ${outcome.step}; exiting with work still open`,
        );
        exit(1);
      } else {
        options.logger.error({ step: outcome.step, err: outcome.error }, `shutdown failed while ${outcome.step}; exiting`);
        exit(1);
      }
      return outcome;
    })();
    return draining;
  };
}

interface OpenRequest {
  method: string;
  url: string;
  startedAt: number;
  answered(): boolean;
  closeAfterAnswer(): void;
}

/**
 * Follows the server's requests from the socket's side (Fastify's hooks are fixed once the app is
 * ready), so the log can name those a timeout cut off.
 */
function trackRequests(server: Server) {
  const open = new Set<OpenRequest>();
  let closing = false;
  server.on('request', (req, res) => {
    const entry: OpenRequest = {
      method: req.method ?? '?',
      url: scrubUrl(req.url ?? ''),
      startedAt: Date.now(),
      answered: () => res.headersSent,
      // The client is told not to send another request on this connection, which closes once answered.
      closeAfterAnswer: () => {
        if (!res.headersSent) res.setHeader('connection', 'close');
      },
    };
    if (closing) entry.closeAfterAnswer();
    open.add(entry);
    res.once('close', () => open.delete(entry));
  });
  return {
    /** From now on every answer closes its connection, those in flight included. */
    closeAfterAnswers() {
      closing = true;
      for (const entry of open) entry.closeAfterAnswer();
    },
    list(now = Date.now()) {
      return [...open].map((r) => ({ method: r.method, url: r.url, forMs: now - r.startedAt, answered: r.answered() }));
    },
  };
}

function connectionsOf(server: Server): Promise<number> {
  return new Promise((resolve) => server.getConnections((err, count) => resolve(err ? -1 : count)));
}

/**
 * The HTTP process's drain, set up before it listens. On the signal: app.close() makes /readyz
 * answer 503 (modules/health), refuses new connections, closes idle keep-alive ones and lets the
 * requests in flight finish, each answer closing its connection; its close hooks stop the job
 * engine (running jobs get plugins/jobs.ts's timeout) and the price feed; `closeLast` (the
 * database) runs once all that is done.
 */
export function gracefulHttpShutdown(
  app: FastifyInstance,
  options: {
    timeoutMs: number;
    closeLast: () => Promise<void>;
    logger?: ShutdownLogger;
    exit?: (code: number) => void;
  },
): (signal: string) => Promise<ShutdownOutcome> {
  const requests = trackRequests(app.server);
  return drainOnSignal({
    timeoutMs: options.timeoutMs,
    logger: options.logger ?? app.log,
    exit: options.exit,
    stillOpen: async () => ({ openRequests: requests.list(), openConnections: await connectionsOf(app.server) }),
    steps() {
      requests.closeAfterAnswers();
      const serverClosed = new Promise<void>((resolve) => app.server.once('close', () => resolve()));
      // A connection answered while closing has no request left, but a client that ignored
      // "Connection: close" may hold it open: close whatever turns idle until the server is closed.
      const reaper = setInterval(() => app.server.closeIdleConnections(), 100);
      reaper.unref();
      void serverClosed.then(() => clearInterval(reaper));
      const closing = app.close().finally(() => clearInterval(reaper));
      return [
        { name: 'answering the requests in flight', run: () => Promise.race([serverClosed, closing]) },
        { name: 'stopping the job engine and the price feed', run: () => closing },
        { name: 'closing the database', run: options.closeLast },
      ];
    },
  });
}
