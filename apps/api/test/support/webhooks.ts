// The webhook inbox's job in tests: test apps run no job engine, so a test runs the handler over
// the stored rows itself, with the app's own providers (the loopback fakes) and a logger it can read.
import { webhookInbox } from '../../src/db/schema/index.ts';
import type { JobLogger } from '../../src/jobs/job-engine.ts';
import { processWebhook, type WebhookDeps } from '../../src/modules/webhooks/webhooks.service.ts';
import { quietLogger } from './jobs.ts';
import type { TestApp } from './test-app.ts';

export function webhookDeps(t: TestApp, logger: JobLogger = quietLogger): WebhookDeps {
  return { db: t.db, payouts: t.app.ctx.payouts, carrier: t.app.ctx.carrier, logger, lockDays: t.config.lockDays };
}

/** Runs the job once over every stored row, as the worker would; a row whose job fails is left for the next run. */
export async function runWebhookInbox(t: TestApp, logger?: JobLogger) {
  const outcomes = [];
  for (const row of await t.db.select().from(webhookInbox)) {
    outcomes.push(await processWebhook(webhookDeps(t, logger), row.id, new Date()).catch((error: unknown) => error));
  }
  return outcomes;
}
