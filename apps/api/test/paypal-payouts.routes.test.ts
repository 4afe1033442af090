// PayPal payouts on PayPal's rail (issue 12 item 3), against a loopback stand-in of the Payouts
// API: accepting by PayPal queues the hand-over, whose job puts the payout in a batch (processing,
// under PayPal's batch id), retried through PayPal's failures without ever paying twice; the
// signed webhooks that follow are stored once in the inbox and applied by its job: SUCCEEDED ->
// paid, UNCLAIMED -> unclaimed; a replay changes nothing, a forged or unknown delivery is refused;
// a payout whose webhook never came is settled by the rail check.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { payoutEvents, transactions, webhookInbox } from '../src/db/schema/index.ts';
import {
  checkPayoutsWithRail,
  handOverPayout,
  RAIL_CHECK_AFTER_MINUTES,
} from '../src/modules/transactions/payout-handover.service.ts';
import { type FakePayPal, startFakePayPal } from './support/fake-paypal.ts';
import { handoverDeps, installPayoutQueues, runQueuedHandovers } from './support/payout-handover.ts';
import { signUp } from './support/sessions.ts';
import { runWebhookInbox } from './support/webhooks.ts';
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
    await installPayoutQueues(t);
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
    const accepted = res.json() as { id: string; status: string };
    expect(accepted.status).toBe('pending');
    await runQueuedHandovers(t).catch(() => undefined);
    return { client, sub, payout: await payoutRow(accepted.id) };
  }

  function deliver(event: Record<string, unknown>, sign = paypal.sign(event)) {
    return t.app.inject({ method: 'POST', url: '/api/webhooks/paypal', headers: sign.headers, payload: sign.body });
  }

  async function applyInbox() {
    for (const outcome of await runWebhookInbox(t)) if (outcome instanceof Error) throw outcome;
  }

  async function payoutRow(id: string) {
    const [row] = await t.db.select().from(transactions).where(eq(transactions.id, id));
    return row!;
  }

  it('a PayPal payout goes to a batch at once, and SUCCEEDED makes it paid, once', async () => {
    const { payout, client, sub } = await acceptByPayPal('seller-paid@example.com');
    expect(payout).toMatchObject({ status: 'processing', rail: 'paypal' });
    expect(paypal.itemsFor(payout.id)).toHaveLength(1);
    expect(paypal.itemsFor(payout.id)[0]!.senderItemId).toBe(`${payout.id}-1`);
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

  it('PayPal failing mid-batch (a 500, then an answer lost after the batch was made) is retried by the job, paid once', async () => {
    paypal.fault('createBatch', { status: 500 });
    const { payout } = await acceptByPayPal('seller-retried@example.com');
    // The job threw (the engine retries it); nothing was paid, the payout still waits.
    expect(payout.status).toBe('pending');
    expect(paypal.itemsFor(payout.id)).toHaveLength(0);
    const job = { transactionId: payout.id, attempt: 1 };

    // PayPal makes the batch but the answer never arrives; the retry finds that batch.
    paypal.honourRequestIds = false;
    paypal.fault('createBatch', { status: 503, afterHandling: true });
    await expect(handOverPayout(handoverDeps(t), job)).rejects.toThrow(/HTTP 503/);
    expect(paypal.itemsFor(payout.id)).toHaveLength(1);
    expect((await payoutRow(payout.id)).status).toBe('pending');
    expect(await handOverPayout(handoverDeps(t), job)).toBe('moved');
    expect(await payoutRow(payout.id)).toMatchObject({ status: 'processing', rail: 'paypal' });
    expect(paypal.itemsFor(payout.id)).toHaveLength(1);
    paypal.honourRequestIds = true;
  });

  it('a payout whose webhook never came is settled by the rail check; news of an older attempt moves nothing', async () => {
    const { payout } = await acceptByPayPal('seller-quiet@example.com');
    expect(payout.status).toBe('processing');
    paypal.settle();
    // Not yet quiet for long enough: nobody asks PayPal.
    const calls = paypal.calls('getBatch');
    expect(await checkPayoutsWithRail(handoverDeps(t))).toEqual({ asked: 0, moved: 0 });
    const later = { now: () => new Date(Date.now() + (RAIL_CHECK_AFTER_MINUTES + 1) * 60_000) };
    const checked = await checkPayoutsWithRail(handoverDeps(t, t.app.ctx.payouts, later));
    // Every payout PayPal holds quietly is asked about (earlier tests' included).
    expect(checked.moved).toBeGreaterThanOrEqual(1);
    expect(paypal.calls('getBatch')).toBeGreaterThan(calls);
    expect(await payoutRow(payout.id)).toMatchObject({ status: 'paid', rail: 'paypal' });

    // The first attempt of a retried payout is returned by PayPal later: attempt 2 is not touched.
    const { payout: second, client } = await acceptByPayPal('seller-unclaimed-then-new@example.com');
    paypal.outcome('seller-unclaimed-then-new@example.com', 'UNCLAIMED');
    paypal.settle();
    const [first] = paypal.itemsFor(second.id);
    await deliver(paypal.itemEvent(first!.payoutItemId));
    await applyInbox();
    expect((await payoutRow(second.id)).status).toBe('unclaimed');
    const retried = await postJson(
      t.app,
      `/api/transactions/${second.id}/retry`,
      { payoutMethod: 'paypal', payoutDetails: { email: 'seller-now-registered@example.com' } },
      client.cookie,
    );
    expect(retried.statusCode, retried.body).toBe(200);
    await runQueuedHandovers(t);
    expect(await payoutRow(second.id)).toMatchObject({ status: 'processing', attempt: 2 });
    paypal.setItemStatus(first!.payoutItemId, 'RETURNED');
    await deliver({ ...paypal.itemEvent(first!.payoutItemId), id: 'WH-LATE-RETURN' });
    await applyInbox();
    expect(await payoutRow(second.id)).toMatchObject({ status: 'processing', attempt: 2 });
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
