// A job engine on a test's database, polling fast, stopped by the caller; and a wait for an effect.
import type { Db } from '../../src/db/client.ts';
import type { AnyJobSpec, JobEngine, JobMap } from '../../src/jobs/job-engine.ts';
import { createPgBossEngine } from '../../src/jobs/pg-boss-engine.ts';
import { createScratchDatabase, databaseUrl, dropPostgresDatabase } from './database-templates.ts';

export const quietLogger = { info: () => undefined, warn: () => undefined };

export async function startTestEngine<Defs extends JobMap>(
  db: Db,
  jobs: AnyJobSpec<Defs>[],
  options: { cronWorkerIntervalSeconds?: number; cronMonitorIntervalSeconds?: number } = {},
): Promise<JobEngine> {
  const engine = createPgBossEngine<Defs>({ db, jobs, logger: quietLogger, pollingIntervalSeconds: 0.5, ...options });
  await engine.start();
  return engine;
}

/** Resolves once `check` is true; throws with `what` after `timeoutMs`. */
export async function waitFor(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The rows of `db.execute()`, whose result type differs between the two drivers. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** An empty PostgreSQL database beside DATABASE_URL's, for tests that start processes on it. */
export async function emptyPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const base = process.env.DATABASE_URL!;
  const name = `assay_jobs_${process.pid}_${Date.now().toString(36)}`;
  await createScratchDatabase(base, name);
  return { url: databaseUrl(base, name), drop: () => dropPostgresDatabase(base, name) };
}
