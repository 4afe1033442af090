// PayPal payouts on PayPal's rail (issue 12 item 3), against a loopback stand-in of the Payouts
// API: accepting by PayPal hands the payout to a batch (processing, under PayPal's batch id); the
// signed webhooks that follow are stored once in the inbox and applied by its job: SUCCEEDED ->
// paid, UNCLAIMED -> unclaimed; a replay changes nothing, a forged or unknown delivery is refused.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { payoutEvents, transactions, webhookInbox } from '../src/db/schema/index.ts';
import { processWebhook } from '../src/modules/webhooks/webhooks.service.ts';
import { type FakePayPal, startFakePayPal } from './support/fake-paypal.ts';
import { signUp } from './support/sessions.ts';
import { createTestApp, engines, type TestApp } from './support/test-app.ts';
import { offeredSubmission, postJson } from './transactions.fixtures.ts';

describe.each(engines)('PayPal Payouts on %s', (engine) => {
  let t: TestApp;
  let paypal: FakePayPal;

  beforeAll(async () => {
    paypal = await startFakePayPal();
    t = await createTestApp(engine, {
      PAYPAL_CLIENT_ID: 'fake-paypal-client-id',
      PAYPAL_CLIENT_SECRET: 'fake-paypal-client-secret',
      PAYPAL_WEBHOOK_ID: paypal.webhookId,
      PAYPAL_API_URL: paypal.url,
      PAYPAL_CERT_ORIGINS: paypal.url,
    });
  });
  afterAll(async () => {
    await t.close();
    await paypal.close();
  });
  beforeEach(() => paypal.reset());

  async function acceptByPayPal(email: string) {
    const client = await signUp(t.app);
    const sub = await offeredSubmission(t.db, client.id, '500.00');
    const res = await postJson(
      t.app,
      '/api/transactions',
      { submissionId: sub.id, amount: '485.20', payoutMethod: 'paypal', payoutDetails: { email } },
      client.cookie,
    );
    expect(res.statusCode, res.body).toBe(201);
    return { client, sub, payout: res.json() as { id: string; status: string; rail: string; reference: string } };
  }

  function deliver(event: Record<string, unknown>, sign = paypal.sign(event)) {
    return t.app.inject({ method: 'POST', url: '/api/webhooks/paypal', headers: sign.headers, payload: sign.body });
  }

  async function applyInbox() {
    const rows = await t.db.select().from(webhookInbox);
    for (const row of rows) await processWebhook(t.db, row.id, new Date());
  }

  async function payoutRow(id: string) {
    const [row] = await t.db.select().from(transactions).where(eq(transactions.id, id));
    return row!;
  }

  it('a PayPal payout goes to a batch at once, and SUCCEEDED makes it paid, once', async () => {
    const { payout, client, sub } = await acceptByPayPal('seller-paid@example.com');
    expect(payout).toMatchObject({ status: 'processing', rail: 'paypal' });
    expect(paypal.itemsFor(payout.id)).toHaveLength(1);
    expect(paypal.batches()[0]!.senderBatchId).toBe(`${payout.id}-1`);

    paypal.settle();
    const [item] = paypal.itemsFor(payout.id);
    const event = paypal.itemEvent(item!.payoutItemId);
    const first = await deliver(event);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ received: true, duplicate: false });
    // The same delivery again (PayPal retries): acknowledged, stored once.
    expect((await deliver(event)).json()).toEqual({ received: true, duplicate: true });
    await applyInbox();
    await applyInbox();

    const row = await payoutRow(payout.id);
    expect(row).toMatchObject({ status: 'paid', rail: 'paypal' });
    const moves = await t.db.select().from(payoutEvents).where(eq(payoutEvents.transactionId, payout.id));
    expect(moves.map((m) => m.transition).sort()).toEqual(['confirmPaid', 'handToRail', 'recorded']);
    const detail = await t.app.inject({ url: `/api/submissions/${sub.id}`, headers: { cookie: client.cookie } });
    const timeline = (detail.json() as { timeline: { action: string; detail?: string }[] }).timeline;
    expect(timeline.find((e) => e.action === 'payout_sent')?.detail).toMatch(/^Paid [A-Z][a-z]{2} \d{1,2} by PayPal, reference /);
  });

  it('an unclaimed payout asks the seller for new details', async () => {
    const { payout } = await acceptByPayPal('nobody-here@example.com');
    paypal.outcome('nobody-here@example.com', 'UNCLAIMED');
    paypal.settle();
    const [item] = paypal.itemsFor(payout.id);
    expect((await deliver(paypal.itemEvent(item!.payoutItemId))).statusCode).toBe(200);
    await applyInbox();
    expect((await payoutRow(payout.id)).status).toBe('unclaimed');
  });

  it('refuses a forged signature and an event it does not handle, and stores neither', async () => {
    const { payout } = await acceptByPayPal('seller-forged@example.com');
    paypal.settle();
    const [item] = paypal.itemsFor(payout.id);
    const event = paypal.itemEvent(item!.payoutItemId);
    const forged = await deliver(event, paypal.sign(event, { privateKey: paypal.forgerKey() }));
    expect(forged.statusCode).toBe(400);
    expect(forged.json().message).toMatch(/^The webhook's signature could not be verified: /);
    const other = { ...event, id: 'WH-OTHER-1', event_type: 'CHECKOUT.ORDER.APPROVED' };
    const unknown = await deliver(other);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toMatch(/^This is not a PayPal Payouts event we handle: /);
    expect(await t.db.select().from(webhookInbox).where(eq(webhookInbox.eventId, 'WH-OTHER-1'))).toHaveLength(0);
    expect((await payoutRow(payout.id)).status).toBe('processing');
  });
});

describe('without PayPal Payouts configured', () => {
  it('has no PayPal webhooks, and PayPal payouts wait for a person', async () => {
    const t = await createTestApp('pglite');
    try {
      const res = await t.app.inject({ method: 'POST', url: '/api/webhooks/paypal', payload: { id: 'x' } });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('PayPal Payouts are not set up here, so there are no PayPal webhooks.');
    } finally {
      await t.close();
    }
  });
});
