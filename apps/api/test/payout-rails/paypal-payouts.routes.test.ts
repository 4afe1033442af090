// PayPal payouts on PayPal's rail (issue 12 item 3), against a loopback stand-in of the Payouts
// API: accepting by PayPal queues the hand-over, whose job puts the payout in a batch (processing,
// under PayPal's batch id), retried through PayPal's failures without ever paying twice; the
// signed webhooks that follow are stored once in the inbox and applied by its job: SUCCEEDED ->
// paid, UNCLAIMED -> unclaimed; a replay changes nothing, a forged or unknown delivery is refused;
// a payout whose webhook never came is settled by the rail check.
import { crc32 } from 'node:zlib';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { payoutEvents, transactions, webhookInbox, webhookTransmissions } from '../../src/db/schema/index.ts';
import {
  checkPayoutsWithRail,
  handOverPayout,
  RAIL_CHECK_AFTER_MINUTES,
} from '../../src/modules/payout-rails/paypal/payout-handover.service.ts';
import { TRANSMISSION_MEMORY_MS } from '../../src/modules/webhooks/webhooks.jobs.ts';
import { pruneTransmissions } from '../../src/modules/webhooks/webhooks.repository.ts';
import { forgeSameCrc32 } from '../support/crc32-forgery.ts';
import { type FakePayPal, type SignedWebhook, startFakePayPal } from '../support/fake-paypal.ts';
import { handoverDeps, installPayoutQueues, runQueuedHandovers } from '../support/payout-handover.ts';
import { signUp } from '../support/sessions.ts';
import { runWebhookInbox } from '../support/webhooks.ts';
import { createTestApp, engines, type TestApp } from '../support/test-app.ts';
import { offeredSubmission, postJson } from '../support/payouts.fixtures.ts';

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

  it('forgets transmission ids only once no delivery carrying them could pass the age window', async () => {
    const now = new Date();
    const row = (transmissionId: string, receivedAt: Date) => ({
      provider: 'paypal' as const,
      transmissionId,
      bodySha256: 'a'.repeat(64),
      eventId: `WH-${transmissionId}`,
      receivedAt,
    });
    const stale = `prune-stale-${now.getTime()}`;
    const recent = `prune-recent-${now.getTime()}`;
    await t.db
      .insert(webhookTransmissions)
      .values([
        row(stale, new Date(now.getTime() - TRANSMISSION_MEMORY_MS - 1000)),
        row(recent, new Date(now.getTime() - 3600_000)),
      ]);
    await pruneTransmissions(t.db, new Date(now.getTime() - TRANSMISSION_MEMORY_MS));
    const left = await t.db
      .select({ id: webhookTransmissions.transmissionId })
      .from(webhookTransmissions)
      .where(inArray(webhookTransmissions.transmissionId, [stale, recent]));
    expect(left).toEqual([{ id: recent }]);
  });

  describe('a webhook is applied as PayPal reports it, not as its body says (issue 25 item 2)', () => {
    /** A payout PayPal has paid, and another seller's that PayPal still holds as pending. */
    async function paidAndPending() {
      const { payout: paid } = await acceptByPayPal('seller-genuine@example.com');
      paypal.settle();
      const { payout: pending } = await acceptByPayPal('seller-other@example.com');
      const [paidItem] = paypal.itemsFor(paid.id);
      const [pendingItem] = paypal.itemsFor(pending.id);
      return { paid, pending, paidItem: paidItem!, pendingItem: pendingItem! };
    }

    /** The other payout's item event rewritten to FAILED, its body forged to `genuine`'s CRC32. */
    function forgedFailure(genuine: SignedWebhook, payoutItemId: string, id = 'WH-FORGED-1') {
      const event = paypal.itemEvent(payoutItemId, 'PAYMENT.PAYOUTS-ITEM.FAILED');
      const resource = { ...(event.resource as Record<string, unknown>), transaction_status: 'FAILED' };
      const json = JSON.stringify({ ...event, id, resource });
      const body = forgeSameCrc32(genuine.body, `${json.slice(0, -1)},"pad":"`, '"}');
      expect(crc32(Buffer.from(body))).toBe(crc32(Buffer.from(genuine.body)));
      return { ...genuine, body };
    }

    const inboxRow = async (eventId: string) =>
      (await t.db.select().from(webhookInbox).where(eq(webhookInbox.eventId, eventId)))[0];

    it("a body forged to a captured delivery's CRC32 does not fail another seller's payout", async () => {
      const { paid, pending, paidItem, pendingItem } = await paidAndPending();
      // The attacker captured this genuine delivery on its way and PayPal's signature covers the forgery too.
      const genuine = paypal.sign(paypal.itemEvent(paidItem.payoutItemId));
      const forged = forgedFailure(genuine, pendingItem.payoutItemId);
      const warnings: unknown[] = [];
      const logger = { info: () => undefined, warn: (obj: object) => void warnings.push(obj) };

      // Sent before the genuine one: the signature verifies, so it is stored, but the job asks
      // PayPal, which still holds the item as pending: nothing moves.
      const first = await deliver({}, forged);
      expect(first.statusCode, first.body).toBe(200);
      expect(await runWebhookInbox(t, logger)).not.toContainEqual(expect.any(Error));
      expect(await payoutRow(pending.id)).toMatchObject({ status: 'processing' });
      expect(await inboxRow('WH-FORGED-1')).toMatchObject({ status: 'ignored', lastError: 'no-change' });
      expect(warnings).toContainEqual(
        expect.objectContaining({ eventId: 'WH-FORGED-1', bodyStatus: 'failed', paypalStatus: 'processing' }),
      );

      // Sent after the genuine one: its transmission id is taken, and another body under it is refused.
      const captured = paypal.sign(paypal.itemEvent(paidItem.payoutItemId));
      expect((await deliver({}, captured)).statusCode).toBe(200);
      const refused = await deliver({}, forgedFailure(captured, pendingItem.payoutItemId, 'WH-FORGED-2'));
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe(
        'This PayPal transmission was already received with another body: a transmission id is accepted once, so this delivery is refused.',
      );
      expect(await inboxRow('WH-FORGED-2')).toBeUndefined();
      await runWebhookInbox(t);
      expect(await payoutRow(pending.id)).toMatchObject({ status: 'processing' });
      expect(await payoutRow(paid.id)).toMatchObject({ status: 'paid' });
    });

    it('refuses a delivery sent longer ago than the window, and one from the future, storing nothing', async () => {
      const { paid, paidItem } = await paidAndPending();
      const event = paypal.itemEvent(paidItem.payoutItemId);
      const elevenMinutesAgo = new Date(Date.now() - 11 * 60_000).toISOString().replace(/\.\d+Z$/, 'Z');
      const old = await deliver(event, paypal.sign(event, { transmissionTime: elevenMinutesAgo }));
      expect(old.statusCode).toBe(400);
      expect(old.json().message).toBe(
        `The webhook delivery is refused as too old or not yet due: it was sent at ${elevenMinutesAgo}, more than 600 seconds ago.`,
      );
      const inAnHour = new Date(Date.now() + 3600_000).toISOString();
      const future = await deliver(event, paypal.sign(event, { transmissionTime: inAnHour }));
      expect(future.statusCode).toBe(400);
      expect(future.json().message).toMatch(
        /^The webhook delivery is refused as too old or not yet due: it claims to be sent at /,
      );
      expect(await inboxRow(String(event.id))).toBeUndefined();
      expect(await payoutRow(paid.id)).toMatchObject({ status: 'processing' });
    });

    it('takes a transmission id once: the same bytes again change nothing, another event under it is refused', async () => {
      const { paid, pending, paidItem, pendingItem } = await paidAndPending();
      const genuine = paypal.sign(paypal.itemEvent(paidItem.payoutItemId));
      expect((await deliver({}, genuine)).json()).toEqual({ received: true, duplicate: false });
      expect((await deliver({}, genuine)).json()).toEqual({ received: true, duplicate: true });
      // Even correctly signed, a second event under a transmission id already used is refused.
      const transmissionId = genuine.headers['paypal-transmission-id'];
      const other = paypal.itemEvent(pendingItem.payoutItemId, 'PAYMENT.PAYOUTS-ITEM.SUCCEEDED');
      const reused = await deliver(other, paypal.sign(other, { transmissionId }));
      expect(reused.statusCode).toBe(400);
      expect(reused.json().message).toMatch(/^This PayPal transmission was already received with another body/);
      expect(await inboxRow(String(other.id))).toBeUndefined();
      await applyInbox();
      expect(await payoutRow(paid.id)).toMatchObject({ status: 'paid' });
      expect(await payoutRow(pending.id)).toMatchObject({ status: 'processing' });
      expect(
        await t.db.select().from(webhookTransmissions).where(eq(webhookTransmissions.transmissionId, transmissionId!)),
      ).toHaveLength(1);
    });

    it("applies PayPal's state when the body says otherwise, and logs that the body disagreed", async () => {
      const { paid, paidItem } = await paidAndPending();
      const event = paypal.itemEvent(paidItem.payoutItemId, 'PAYMENT.PAYOUTS-ITEM.FAILED');
      (event.resource as Record<string, unknown>).transaction_status = 'FAILED';
      expect((await deliver(event)).statusCode).toBe(200);
      const warnings: unknown[] = [];
      await runWebhookInbox(t, { info: () => undefined, warn: (obj: object) => void warnings.push(obj) });
      expect(await payoutRow(paid.id)).toMatchObject({ status: 'paid' });
      expect(paypal.calls('getItem')).toBeGreaterThanOrEqual(1);
      expect(warnings).toContainEqual(
        expect.objectContaining({ eventId: event.id, bodyStatus: 'failed', paypalStatus: 'paid', bodyNamesAnotherPayout: false }),
      );
    });

    it('ignores an event whose item PayPal does not know, and retries while PayPal cannot answer', async () => {
      const { paid, paidItem } = await paidAndPending();
      const unknown = paypal.itemEvent(paidItem.payoutItemId);
      (unknown.resource as Record<string, unknown>).payout_item_id = 'NOSUCHITEM123';
      expect((await deliver(unknown)).statusCode).toBe(200);
      await applyInbox();
      expect(await inboxRow(String(unknown.id))).toMatchObject({ status: 'ignored', lastError: 'not-confirmed-by-paypal' });
      expect(await payoutRow(paid.id)).toMatchObject({ status: 'processing' });

      const event = paypal.itemEvent(paidItem.payoutItemId);
      expect((await deliver(event)).statusCode).toBe(200);
      paypal.fault('getItem', { status: 503 });
      const authFailure = { status: 401, body: { name: 'AUTHENTICATION_FAILURE', message: 'Authentication failed.' } };
      for (const onCall of [2, 3]) paypal.fault('getItem', authFailure, onCall);
      // A 5xx, then a token PayPal keeps refusing: the job fails (the engine retries it) and nothing moves.
      for (const status of ['503', '401']) {
        const outcomes = await runWebhookInbox(t);
        expect(outcomes).toContainEqual(expect.objectContaining({ message: expect.stringContaining(`HTTP ${status}`) }));
        expect(await inboxRow(String(event.id))).toMatchObject({
          status: 'received',
          lastError: expect.stringContaining(`HTTP ${status}`),
        });
        expect(await payoutRow(paid.id)).toMatchObject({ status: 'processing' });
      }
      await applyInbox();
      expect(await inboxRow(String(event.id))).toMatchObject({ status: 'processed', attempts: 3, lastError: null });
      expect(await payoutRow(paid.id)).toMatchObject({ status: 'paid' });
    });
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
