// A test app on PayPal's rail, for the PayPal payouts' tests and its webhooks': the loopback
// stand-in of the Payouts API configured as PayPal, the hand-over queue installed, and a seller
// accepting an offer by PayPal whose hand-over has run.
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { transactions } from '../../src/db/schema/index.ts';
import { type FakePayPal, startFakePayPal } from './fake-paypal.ts';
import { installPayoutQueues, runQueuedHandovers } from './payout-handover.ts';
import { offeredSubmission, postJson } from './payouts.fixtures.ts';
import { signUp } from './sessions.ts';
import { createTestApp, type Engine, type TestApp } from './test-app.ts';

export async function startPayPalRail(engine: Engine): Promise<{ t: TestApp; paypal: FakePayPal }> {
  const paypal = await startFakePayPal();
  const t = await createTestApp(engine, {
    PAYPAL_CLIENT_ID: 'fake-paypal-client-id',
    PAYPAL_CLIENT_SECRET: 'fake-paypal-client-secret',
    PAYPAL_WEBHOOK_ID: paypal.webhookId,
    PAYPAL_API_URL: paypal.url,
    PAYPAL_CERT_ORIGINS: paypal.url,
  });
  await installPayoutQueues(t);
  return { t, paypal };
}

export async function payoutRow(t: TestApp, id: string) {
  const [row] = await t.db.select().from(transactions).where(eq(transactions.id, id));
  return row!;
}

/** A new seller accepts an offer by PayPal to `email`; the queued hand-over runs (a failure left for its retry). */
export async function acceptByPayPal(t: TestApp, email: string) {
  const client = await signUp(t.app);
  const sub = await offeredSubmission(t.db, client.id, '500.00');
  const res = await postJson(
    t.app,
    '/api/transactions',
    { submissionId: sub.id, amount: '485.20', payoutMethod: 'paypal', payoutDetails: { email } },
    client.cookie,
  );
  expect(res.statusCode, res.body).toBe(201);
  const accepted = res.json() as { id: string; status: string };
  expect(accepted.status).toBe('pending');
  await runQueuedHandovers(t).catch(() => undefined);
  return { client, sub, payout: await payoutRow(t, accepted.id) };
}

/** A signed delivery to PayPal's webhook route, as PayPal posts it. */
export function deliverPayPalWebhook(t: TestApp, signed: { headers: Record<string, string>; body: string }) {
  return t.app.inject({ method: 'POST', url: '/api/webhooks/paypal', headers: signed.headers, payload: signed.body });
}
