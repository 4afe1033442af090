// PayPal payouts on PayPal's rail (issue 12 item 3), against a loopback stand-in of the Payouts
// API: accepting by PayPal queues the hand-over, whose job puts the payout in a batch (processing,
// under PayPal's batch id), retried through PayPal's failures without ever paying twice; the
// webhooks that follow move it: SUCCEEDED -> paid, UNCLAIMED -> unclaimed, a replay changes
// nothing; a payout whose webhook never came is settled by the rail check. What the webhook route
// and its job trust and refuse is in test/webhooks/paypal-webhook.routes.test.ts.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { payoutEvents } from '../../src/db/schema/index.ts';
import {
  checkPayoutsWithRail,
  handOverPayout,
  RAIL_CHECK_AFTER_MINUTES,
} from '../../src/modules/payout-rails/paypal/payout-handover.service.ts';
import type { FakePayPal } from '../support/fake-paypal.ts';
import { handoverDeps, runQueuedHandovers } from '../support/payout-handover.ts';
import {
  acceptByPayPal as acceptByPayPalOn,
  deliverPayPalWebhook,
  payoutRow as payoutRowOn,
  startPayPalRail,
} from '../support/paypal-rail.ts';
import { runWebhookInbox } from '../support/webhooks.ts';
import { engines, type TestApp } from '../support/test-app.ts';
import { postJson } from '../support/payouts.fixtures.ts';

describe.each(engines)('PayPal Payouts on %s', (engine) => {
  let t: TestApp;
  let paypal: FakePayPal;

  beforeAll(async () => {
    ({ t, paypal } = await startPayPalRail(engine));
  });
  afterAll(async () => {
    await t.close();
    await paypal.close();
  });
  beforeEach(() => paypal.reset());

  const acceptByPayPal = (email: string) => acceptByPayPalOn(t, email);
  const deliver = (event: Record<string, unknown>, sign = paypal.sign(event)) => deliverPayPalWebhook(t, sign);
  const payoutRow = (id: string) => payoutRowOn(t, id);

  async function applyInbox() {
    for (const outcome of await runWebhookInbox(t)) if (outcome instanceof Error) throw outcome;
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
    expect(timeline.find((e) => e.action === 'payout_sent')?.detail).toMatch(
      /^Paid [A-Z][a-z]{2} \d{1,2} by PayPal, transaction ID /,
    );
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
});
