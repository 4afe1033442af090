// The job engine on pg-boss 10 (decision 016): its tables live in their own schema of the same
// database, on PostgreSQL and on PGlite alike, reached through sql-executor.ts.
import PgBoss from 'pg-boss';
import type { Db } from '../db/client.ts';
import { enqueueJob, JOB_SCHEMA } from './enqueue.ts';
import type { AnyJobSpec, JobEngine, JobLogger, JobMap } from './job-engine.ts';
import { sqlExecutor } from './sql-executor.ts';

export interface PgBossEngineOptions<Defs extends JobMap> {
  db: Db;
  jobs: AnyJobSpec<Defs>[];
  logger: JobLogger;
  /** How often an idle queue is polled (seconds, at least 0.5). */
  pollingIntervalSeconds?: number;
  /** How often scheduled jobs are moved into their queues (seconds). */
  cronWorkerIntervalSeconds?: number;
  /**
   * How often the schedules are checked for a due tick (seconds, 1-45; pg-boss's 30 by default).
   * The first check runs as the engine starts, before its schedules are written, so the first tick
   * waits for the second check: a test sets 1 instead of waiting up to 30 s.
   */
  cronMonitorIntervalSeconds?: number;
}

const DEFAULT_POLLING_SECONDS = 2;
const DEFAULT_STOP_TIMEOUT_MS = 20_000;
const MAINTENANCE_INTERVAL_SECONDS = 30;

/**
 * Creates or upgrades the engine's tables (idempotent; concurrent instances take an advisory
 * lock). Run with the migrations, so that enqueue() works in every process that opens the database.
 */
export async function installJobTables(db: Db): Promise<void> {
  const boss = new PgBoss({ db: sqlExecutor(db) as PgBoss.Db, schema: JOB_SCHEMA, supervise: false, schedule: false });
  await boss.start();
  await boss.stop({ graceful: false });
}

export function createPgBossEngine<Defs extends JobMap>(options: PgBossEngineOptions<Defs>): JobEngine {
  const { db, jobs, logger } = options;
  const pollingIntervalSeconds = options.pollingIntervalSeconds ?? DEFAULT_POLLING_SECONDS;
  const boss = new PgBoss({
    db: sqlExecutor(db) as PgBoss.Db,
    schema: JOB_SCHEMA,
    pollingIntervalSeconds,
    // How soon a job of a killed process is noticed (its expiry is checked here): 30 s, not 2 min.
    maintenanceIntervalSeconds: MAINTENANCE_INTERVAL_SECONDS,
    ...(options.cronWorkerIntervalSeconds ? { cronWorkerIntervalSeconds: options.cronWorkerIntervalSeconds } : {}),
    ...(options.cronMonitorIntervalSeconds ? { cronMonitorIntervalSeconds: options.cronMonitorIntervalSeconds } : {}),
  });
  // Without a listener an 'error' event would throw; these are the engine's own polling hiccups.
  boss.on('error', (err) => logger.warn({ err }, 'job engine error'));
  let installed = false;
  let started = false;

  async function install() {
    if (installed) return;
    await installJobTables(db);
    // Every queue exists before any queue names it as its dead letter; then the options apply.
    const queues = jobs.map((job) => ({ name: job.name, ...job.queue, policy: job.queue?.policy ?? 'standard' }));
    const admin = new PgBoss({
      db: sqlExecutor(db) as PgBoss.Db,
      schema: JOB_SCHEMA,
      supervise: false,
      schedule: false,
      migrate: false,
    });
    for (const queue of queues) await admin.createQueue(queue.name, { name: queue.name, policy: queue.policy });
    for (const queue of queues) {
      await admin.updateQueue(queue.name, {
        name: queue.name,
        policy: queue.policy,
        ...(queue.retryLimit !== undefined ? { retryLimit: queue.retryLimit } : {}),
        ...(queue.retryDelaySeconds !== undefined ? { retryDelay: queue.retryDelaySeconds } : {}),
        ...(queue.retryBackoff !== undefined ? { retryBackoff: queue.retryBackoff } : {}),
        ...(queue.deadLetter ? { deadLetter: queue.deadLetter } : {}),
        ...(queue.expireInSeconds ? { expireInSeconds: queue.expireInSeconds } : {}),
      });
    }
    installed = true;
  }

  async function start() {
    if (started) return;
    await install();
    await boss.start();
    started = true;
    for (const job of jobs) {
      const handle = job.handle as ((payload: unknown, run: { id: string; db: Db }) => Promise<void>) | undefined;
      if (!handle) continue;
      const worker: { id?: string } = {};
      worker.id = await boss.work<object>(job.name, { pollingIntervalSeconds, batchSize: 1 }, async ([item]) => {
        if (!item) return;
        try {
          await handle(item.data, { id: item.id, db });
        } catch (err) {
          logger.warn({ err, job: job.name, jobId: item.id }, 'job failed; it is tried again while tries remain');
          throw err;
        } finally {
          // pg-boss pauses a polling interval after every fetch, even one that found a job; after a
          // job, look for the next at once, so a backlog (the outbox after a busy hour, say) drains
          // at the speed of its handler, not one job per interval.
          if (worker.id) boss.notifyWorker(worker.id);
        }
      });
    }
    const scheduled = new Set<string>();
    for (const job of jobs) {
      if (!job.schedule) continue;
      scheduled.add(job.name);
      await boss.schedule(
        job.name,
        job.schedule.cron,
        {},
        {
          tz: 'UTC',
          ...(job.schedule.singletonKey ? { singletonKey: job.schedule.singletonKey } : {}),
        },
      );
    }
    // A schedule whose job left the code would otherwise keep filling a queue nobody works.
    for (const old of await boss.getSchedules()) if (!scheduled.has(old.name)) await boss.unschedule(old.name);
    for (const job of jobs) {
      if (job.kickoff) await enqueueJob<Defs, typeof job.name>(db, job.name, job.kickoff.payload, job.kickoff.options);
    }
  }

  async function stop(stopOptions: { timeoutMs?: number } = {}) {
    if (!started) return;
    started = false;
    await boss.stop({ graceful: true, wait: true, close: false, timeout: stopOptions.timeoutMs ?? DEFAULT_STOP_TIMEOUT_MS });
  }

  return { install, start, stop };
}
