// PayPal's webhooks (issue 12 item 3, issue 25 item 2), against a loopback stand-in of the Payouts
// API: POST /api/webhooks/paypal takes a delivery whose signature verifies and is recent, each
// transmission id once, stores each event once in the inbox, and its job applies what PayPal
// reports for the item, not what the body says; a forged, foreign, stale or reused delivery is
// refused and stored nowhere; transmission ids are forgotten once no delivery could carry them.
// What the payouts do on PayPal's rail is in test/payout-rails/paypal-payouts.routes.test.ts.
import { crc32 } from 'node:zlib';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { webhookInbox, webhookTransmissions } from '../../src/db/schema/index.ts';
import { TRANSMISSION_MEMORY_MS } from '../../src/modules/webhooks/webhooks.jobs.ts';
import { pruneTransmissions } from '../../src/modules/webhooks/webhooks.repository.ts';
import { forgeSameCrc32 } from '../support/crc32-forgery.ts';
import type { FakePayPal, SignedWebhook } from '../support/fake-paypal.ts';
import {
  acceptByPayPal as acceptByPayPalOn,
  deliverPayPalWebhook,
  payoutRow as payoutRowOn,
  startPayPalRail,
} from '../support/paypal-rail.ts';
import { runWebhookInbox } from '../support/webhooks.ts';
import { createTestApp, engines, type TestApp } from '../support/test-app.ts';

describe.each(engines)('the PayPal webhook on %s', (engine) => {
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
