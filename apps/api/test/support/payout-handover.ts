// The payout hand-over job in tests: test apps run no job engine, so a test reads the jobs an
// acceptance or a retry queued and runs the handler itself (modules/payout-rails/paypal/payout-handover.service.ts).
import { sql } from 'drizzle-orm';
import type { PayoutAdapter } from '../../src/adapters/payouts/payout-adapter.ts';
import type { Clock } from '../../src/context.ts';
import type { DbOrTx } from '../../src/db/client.ts';
import type { JobPayloads } from '../../src/jobs/job-definitions.ts';
import { createPgBossEngine } from '../../src/jobs/pg-boss-engine.ts';
import { handOverPayout, type PayoutHandoverDeps } from '../../src/modules/payout-rails/paypal/payout-handover.service.ts';
import { payoutsJobs } from '../../src/modules/payout-rails/index.ts';
import { quietLogger, rowsOf } from './jobs.ts';
import type { TestApp } from './test-app.ts';

/**
 * Creates the payout queues in the test's database (test apps install only the engine's tables,
 * and enqueue() drops a job whose queue does not exist), so acceptances really queue hand-overs.
 */
export async function installPayoutQueues(t: TestApp) {
  await createPgBossEngine<JobPayloads>({ db: t.db, jobs: payoutsJobs(handoverDeps(t)), logger: quietLogger }).install();
}

/** The hand-overs waiting in the engine's queue, for one payout or all, oldest first. */
export async function queuedHandovers(db: DbOrTx, transactionId?: string) {
  const jobs = rowsOf<{ data: { transactionId: string; attempt: number } }>(
    await db.execute(sql`select data from pgboss.job where name = 'payout-handover' and state = 'created' order by created_on`),
  );
  return jobs.map((j) => j.data).filter((d) => !transactionId || d.transactionId === transactionId);
}

export function handoverDeps(
  t: TestApp,
  payouts: PayoutAdapter = t.app.ctx.payouts,
  clock: Clock = t.app.ctx.clock,
): PayoutHandoverDeps {
  return { db: t.db, payouts, keys: t.app.ctx.keys, clock, logger: quietLogger };
}

/** Runs every queued hand-over once, as the engine would, and marks them done. */
export async function runQueuedHandovers(t: TestApp, payouts?: PayoutAdapter) {
  const jobs = rowsOf<{ id: string; data: { transactionId: string; attempt: number } }>(
    await t.db.execute(
      sql`select id, data from pgboss.job where name = 'payout-handover' and state = 'created' order by created_on`,
    ),
  );
  const outcomes = [];
  for (const job of jobs) {
    outcomes.push(await handOverPayout(handoverDeps(t, payouts), job.data));
    await t.db.execute(sql`update pgboss.job set state = 'completed' where id = ${job.id}`);
  }
  return outcomes;
}
