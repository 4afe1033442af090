// enqueue(): store a job in the caller's transaction (or straight away, given the database), so a
// job exists exactly when the change that asked for it was committed.
import PgBoss from 'pg-boss';
import type { DbOrTx } from '../db/client.ts';
import type { JobName, JobPayloads } from './job-definitions.ts';
import type { EnqueueOptions, JobMap } from './job-engine.ts';
import { sqlExecutor } from './sql-executor.ts';

/** The PostgreSQL schema holding the engine's tables, beside Assay's own in `public`. */
export const JOB_SCHEMA = 'pgboss';

let builder: PgBoss | undefined;

/**
 * pg-boss builds the insert and its defaults; it is never started here and only ever runs SQL
 * through the executor given with each send.
 */
function jobBuilder(): PgBoss {
  builder ??= new PgBoss({
    schema: JOB_SCHEMA,
    db: {
      executeSql: () => Promise.reject(new Error('enqueue() runs its SQL on the caller’s database only.')),
    },
  });
  return builder;
}

/**
 * Sends a job of any map (the engine's kickoffs, tests' own jobs). Resolves to the job's id, or
 * null when the queue's policy dropped it (an equal job is already waiting) or the queue does not
 * exist in this database (the engine was never installed with it: tests without background jobs).
 */
export async function enqueueJob<Defs extends JobMap, N extends keyof Defs & string>(
  db: DbOrTx,
  name: N,
  payload: Defs[N],
  options: EnqueueOptions = {},
): Promise<string | null> {
  return jobBuilder().send(name, payload, {
    db: sqlExecutor(db) as PgBoss.Db,
    ...(options.startAfterSeconds ? { startAfter: options.startAfterSeconds } : {}),
    ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
  });
}

/** Sends one of Assay's jobs (job-definitions.ts) with the caller's database or transaction. */
export function enqueue<N extends JobName>(db: DbOrTx, name: N, payload: JobPayloads[N], options?: EnqueueOptions) {
  return enqueueJob<JobPayloads, N>(db, name, payload, options);
}
