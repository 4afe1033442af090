// The 'sample-labels-follow-address' job in tests: test apps run no job engine, so a test creates
// the job's queue (enqueue() drops a job whose queue does not exist), reads what an address change
// queued and runs the handler itself (modules/shipping-labels/shipping-labels.jobs.ts).
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../src/db/client.ts';
import type { JobPayloads } from '../../src/jobs/job-definitions.ts';
import { createPgBossEngine } from '../../src/jobs/pg-boss-engine.ts';
import { shippingLabelsJobs } from '../../src/modules/shipping-labels/index.ts';
import { followAddressOnSampleLabels } from '../../src/modules/shipping-labels/shipping-labels.jobs.ts';
import { quietLogger, rowsOf } from './jobs.ts';
import type { TestApp } from './test-app.ts';

type Payload = JobPayloads['sample-labels-follow-address'];

export async function installLabelAddressQueue(t: TestApp) {
  await createPgBossEngine<JobPayloads>({
    db: t.db,
    jobs: shippingLabelsJobs({ db: t.db, keys: t.app.ctx.keys }),
    logger: quietLogger,
  }).install();
}

/** The jobs waiting, oldest first, for one client or all. */
export async function queuedLabelFollows(db: DbOrTx, userId?: string): Promise<Payload[]> {
  const jobs = rowsOf<{ data: Payload }>(
    await db.execute(
      sql`select data from pgboss.job where name = 'sample-labels-follow-address' and state = 'created' order by created_on`,
    ),
  );
  return jobs.map((j) => j.data).filter((d) => !userId || d.userId === userId);
}

/** Runs every waiting job once, as the engine would, marks them done and answers the labels each changed. */
export async function runQueuedLabelFollows(t: TestApp): Promise<number[]> {
  const jobs = rowsOf<{ id: string; data: Payload }>(
    await t.db.execute(
      sql`select id, data from pgboss.job where name = 'sample-labels-follow-address' and state = 'created' order by created_on`,
    ),
  );
  const changed = [];
  for (const job of jobs) {
    changed.push(await followAddressOnSampleLabels(t.db, t.app.ctx.keys, job.data));
    await t.db.execute(sql`update pgboss.job set state = 'completed' where id = ${job.id}`);
  }
  return changed;
}
