// PayPal payout webhooks, delivered by the loopback fake exactly as PayPal delivers them (signed
// headers, raw JSON body) to a small receiver that verifies and reads them like the webhook route
// will: every item outcome, batch events, forged or altered deliveries, the certificate rules,
// events we do not handle, and a replayed delivery.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakePayPal, type FakePayPalOutcome, startFakePayPal } from '../../../../test/support/fake-paypal.ts';
import { PayPalPayoutsClient } from './paypal-payouts-client.ts';
import { lifecycleOfTransactionStatus } from './paypal-status.ts';
import { PAYPAL_CERT_ORIGINS } from '../../../config/index.ts';
import {
  type PayPalWebhookOutcome,
  PayPalWebhookVerifier,
  readPayPalWebhookEvent,
  receivePayPalWebhook,
  transmissionTimeProblem,
} from './paypal-webhooks.ts';

let fake: FakePayPal;
let verifier: PayPalWebhookVerifier;
let receiver: http.Server;
let receiverUrl: string;
const received: PayPalWebhookOutcome[] = [];

beforeAll(async () => {
  fake = await startFakePayPal();
  // Answers 200 to a verified delivery and 400 to any other, as the webhook route will.
  receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void receivePayPalWebhook(verifier, req.headers, Buffer.concat(chunks)).then((outcome) => {
        received.push(outcome);
        res.writeHead(outcome.verified ? 200 : 400, { 'content-type': 'application/json' });
        res.end(JSON.stringify(outcome));
      });
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/api/webhooks/paypal`;
});
afterAll(async () => {
  receiver.closeAllConnections();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
  await fake.close();
});
beforeEach(() => {
  fake.reset();
  received.length = 0;
  verifier = new PayPalWebhookVerifier({ webhookId: fake.webhookId, allowedCertOrigins: [fake.url] });
});

/** One payout through the fake, settled to `outcome`; answers its PayPal item id. */
async function payoutItem(outcome: FakePayPalOutcome, errorName?: string): Promise<string> {
  fake.outcome('seller@example.com', outcome, errorName);
  const paypal = new PayPalPayoutsClient({ baseUrl: fake.url, clientId: fake.clientId, clientSecret: fake.clientSecret });
  const { batch } = await paypal.createBatch({
    senderBatchId: 'payout-77ab',
    emailSubject: 'Your payment from Assay',
    items: [{ receiverEmail: 'seller@example.com', amountCents: 250_00, senderItemId: 'txn-77ab' }],
  });
  fake.settle();
  return (await paypal.getBatch(batch.payoutBatchId)).items[0]!.payoutItemId;
}

describe('item events', () => {
  const cases: [FakePayPalOutcome, string, string, string | null][] = [
    ['SUCCESS', 'PAYMENT.PAYOUTS-ITEM.SUCCEEDED', 'paid', null],
    ['FAILED', 'PAYMENT.PAYOUTS-ITEM.FAILED', 'failed', 'RECEIVER_ACCOUNT_LOCKED'],
    ['RETURNED', 'PAYMENT.PAYOUTS-ITEM.RETURNED', 'returned', 'RECEIVER_UNREGISTERED'],
    ['UNCLAIMED', 'PAYMENT.PAYOUTS-ITEM.UNCLAIMED', 'unclaimed', 'RECEIVER_UNREGISTERED'],
    ['BLOCKED', 'PAYMENT.PAYOUTS-ITEM.BLOCKED', 'failed', 'RECEIVER_COUNTRY_NOT_ALLOWED'],
    ['DENIED', 'PAYMENT.PAYOUTS-ITEM.DENIED', 'failed', 'USER_BUSINESS_ERROR'],
    ['REFUNDED', 'PAYMENT.PAYOUTS-ITEM.REFUNDED', 'failed', 'REFUNDED'],
    ['ONHOLD', 'PAYMENT.PAYOUTS-ITEM.HELD', 'processing', 'RECEIVER_ACCOUNT_LIMITATION'],
  ];

  it.each(cases)('an item %s arrives as %s and reads as %s', async (outcome, eventType, status, reasonCode) => {
    const itemId = await payoutItem(outcome);
    const delivery = fake.sign(fake.itemEvent(itemId));
    const answer = await fake.sendWebhook(receiverUrl, delivery);
    expect(answer.status).toBe(200);
    expect(received).toEqual([
      {
        verified: true,
        transmissionId: delivery.headers['paypal-transmission-id'],
        event: {
          kind: 'item',
          eventId: delivery.event.id,
          eventType,
          payoutItemId: itemId,
          payoutBatchId: fake.batches()[0]!.payoutBatchId,
          senderItemId: 'txn-77ab',
          transactionId: outcome === 'FAILED' || outcome === 'BLOCKED' || outcome === 'DENIED' ? null : expect.any(String),
          status,
          reasonCode,
          occurredAt: delivery.event.create_time,
        },
      },
    ]);
  });

  it("takes the reason from the item's errors.name", async () => {
    const itemId = await payoutItem('FAILED', 'RECEIVER_UNCONFIRMED');
    const delivery = fake.sign(fake.itemEvent(itemId));
    const outcome = await receivePayPalWebhook(verifier, delivery.headers, delivery.body);
    expect(outcome).toMatchObject({ verified: true, event: { status: 'failed', reasonCode: 'RECEIVER_UNCONFIRMED' } });
  });

  it('a cancelled unclaimed item reads as returned', async () => {
    const itemId = await payoutItem('UNCLAIMED');
    fake.setItemStatus(itemId, 'RETURNED');
    const delivery = fake.sign(fake.itemEvent(itemId, 'PAYMENT.PAYOUTS-ITEM.CANCELED'));
    const outcome = await receivePayPalWebhook(verifier, delivery.headers, delivery.body);
    expect(outcome).toMatchObject({ verified: true, event: { kind: 'item', status: 'returned' } });
  });

  it('a replayed delivery verifies again and names the same event (the inbox de-duplicates)', async () => {
    const itemId = await payoutItem('SUCCESS');
    const delivery = fake.sign(fake.itemEvent(itemId));
    expect((await fake.sendWebhook(receiverUrl, delivery)).status).toBe(200);
    expect((await fake.sendWebhook(receiverUrl, delivery)).status).toBe(200);
    expect(received).toHaveLength(2);
    expect(received[0]).toEqual(received[1]);
    // PayPal's own retries are new transmissions of the same event: also verified, same event id.
    const retried = fake.sign(delivery.event);
    expect((await fake.sendWebhook(receiverUrl, retried)).status).toBe(200);
    expect(received[2]).toEqual({ ...received[0], transmissionId: retried.headers['paypal-transmission-id'] });
  });
});

describe('batch events', () => {
  it('name the batch, for the job to read its items', async () => {
    await payoutItem('SUCCESS');
    const [batch] = fake.batches();
    const delivery = fake.sign(fake.batchEvent(batch!.payoutBatchId, 'PAYMENT.PAYOUTSBATCH.SUCCESS'));
    expect((await fake.sendWebhook(receiverUrl, delivery)).status).toBe(200);
    expect(received[0]).toEqual({
      verified: true,
      transmissionId: delivery.headers['paypal-transmission-id'],
      event: {
        kind: 'batch',
        eventId: delivery.event.id,
        eventType: 'PAYMENT.PAYOUTSBATCH.SUCCESS',
        payoutBatchId: batch!.payoutBatchId,
        senderBatchId: 'payout-77ab',
        batchStatus: 'SUCCESS',
        occurredAt: delivery.event.create_time,
      },
    });
  });
});

describe('signature checks', () => {
  async function rejection(headers: Record<string, string>, body: string): Promise<string> {
    const answer = await fake.sendWebhook(receiverUrl, { headers, body, event: {} });
    expect(answer.status).toBe(400);
    const outcome = received.at(-1);
    if (!outcome || outcome.verified) throw new Error('expected a rejection');
    return outcome.reason;
  }

  it('refuses a body changed after signing', async () => {
    const itemId = await payoutItem('FAILED');
    const delivery = fake.sign(fake.itemEvent(itemId));
    const altered = delivery.body.replace('"FAILED"', '"SUCCESS"');
    expect(altered).not.toBe(delivery.body);
    expect(await rejection(delivery.headers, altered)).toBe('the signature does not match');
  });

  it('refuses a signature made with another key', async () => {
    const itemId = await payoutItem('SUCCESS');
    const delivery = fake.sign(fake.itemEvent(itemId), { privateKey: fake.forgerKey() });
    expect(await rejection(delivery.headers, delivery.body)).toBe('the signature does not match');
  });

  it("refuses a delivery signed for another webhook (someone else's subscription)", async () => {
    const itemId = await payoutItem('SUCCESS');
    const delivery = fake.sign(fake.itemEvent(itemId), { webhookId: 'OTHERWEBHOOK1' });
    expect(await rejection(delivery.headers, delivery.body)).toBe('the signature does not match');
  });

  it('refuses a changed transmission time or id', async () => {
    const itemId = await payoutItem('SUCCESS');
    const delivery = fake.sign(fake.itemEvent(itemId));
    const earlier = new Date(Date.parse(delivery.headers['paypal-transmission-time']!) - 60_000).toISOString();
    expect(await rejection({ ...delivery.headers, 'paypal-transmission-time': earlier }, delivery.body)).toBe(
      'the signature does not match',
    );
    expect(await rejection({ ...delivery.headers, 'paypal-transmission-id': 'another-id' }, delivery.body)).toBe(
      'the signature does not match',
    );
  });

  it('refuses a genuine delivery sent longer ago than the window, or from the future, before fetching a certificate', async () => {
    const itemId = await payoutItem('SUCCESS');
    const at = (msAgo: number) => new Date(Date.now() - msAgo).toISOString().replace(/\.\d+Z$/, 'Z');
    const old = fake.sign(fake.itemEvent(itemId), { transmissionTime: at(11 * 60_000) });
    const oldTime = old.headers['paypal-transmission-time']!;
    expect(await rejection(old.headers, old.body)).toBe(`it was sent at ${oldTime}, more than 600 seconds ago`);
    expect(received.at(-1)).toMatchObject({ verified: false, stale: true });
    const future = fake.sign(fake.itemEvent(itemId), { transmissionTime: at(-5 * 60_000) });
    expect(await rejection(future.headers, future.body)).toMatch(/^it claims to be sent at .+, in the future$/);
    const garbled = fake.sign(fake.itemEvent(itemId), { transmissionTime: 'Sat, 28 Nov 2026 09:00:00 GMT' });
    expect(await rejection(garbled.headers, garbled.body)).toBe('its PAYPAL-TRANSMISSION-TIME is not an Internet date and time');
    expect(fake.calls('cert')).toBe(0);
    // Inside the window (a little clock skew either way) it verifies.
    for (const msAgo of [9 * 60_000, -30_000]) {
      const fresh = fake.sign(fake.itemEvent(itemId), { transmissionTime: at(msAgo) });
      expect((await verifier.verify(fresh.headers, fresh.body)).ok).toBe(true);
    }
  });

  it('takes its window from the options', () => {
    const now = new Date('2026-11-28T10:00:00Z');
    expect(transmissionTimeProblem('2026-11-28T09:58:00Z', now, 60)).toBe(
      'it was sent at 2026-11-28T09:58:00Z, more than 60 seconds ago',
    );
    expect(transmissionTimeProblem('2026-11-28T09:58:00Z', now, 600)).toBeNull();
    expect(transmissionTimeProblem('2026-11-28T10:00:59.5+00:00', now, 600)).toBeNull();
    expect(transmissionTimeProblem('2026-11-28T10:01:01Z', now, 600)).toMatch(/in the future$/);
  });

  it('refuses a signature that is not base64 of anything signed', async () => {
    const itemId = await payoutItem('SUCCESS');
    const delivery = fake.sign(fake.itemEvent(itemId));
    expect(await rejection({ ...delivery.headers, 'paypal-transmission-sig': 'bm90IGEgc2lnbmF0dXJl' }, delivery.body)).toBe(
      'the signature does not match',
    );
  });

  it.each([
    'paypal-transmission-id',
    'paypal-transmission-time',
    'paypal-transmission-sig',
    'paypal-cert-url',
    'paypal-auth-algo',
  ])('refuses a delivery without %s', async (missing) => {
    const itemId = await payoutItem('SUCCESS');
    const delivery = fake.sign(fake.itemEvent(itemId));
    const headers = Object.fromEntries(Object.entries(delivery.headers).filter(([name]) => name !== missing));
    expect(await rejection(headers, delivery.body)).toBe('a PayPal signature header is missing');
  });

  it('refuses an algorithm it does not know', async () => {
    const itemId = await payoutItem('SUCCESS');
    const delivery = fake.sign(fake.itemEvent(itemId));
    expect(await rejection({ ...delivery.headers, 'paypal-auth-algo': 'SHA1withDSA' }, delivery.body)).toBe(
      'unsupported signature algorithm SHA1withDSA',
    );
  });
});

describe('the signing certificate', () => {
  it('is fetched once and cached', async () => {
    const itemId = await payoutItem('SUCCESS');
    for (let i = 0; i < 3; i += 1) {
      const delivery = fake.sign(fake.itemEvent(itemId));
      expect((await verifier.verify(delivery.headers, delivery.body)).ok).toBe(true);
    }
    expect(fake.calls('cert')).toBe(1);
  });

  it('is fetched again after the cache time', async () => {
    let now = Date.now();
    verifier = new PayPalWebhookVerifier({
      webhookId: fake.webhookId,
      allowedCertOrigins: [fake.url],
      certCacheMs: 60_000,
      now: () => new Date(now),
    });
    const itemId = await payoutItem('SUCCESS');
    const delivery = fake.sign(fake.itemEvent(itemId));
    await verifier.verify(delivery.headers, delivery.body);
    now += 61_000;
    expect((await verifier.verify(delivery.headers, delivery.body)).ok).toBe(true);
    expect(fake.calls('cert')).toBe(2);
  });

  it('is never fetched from a host that is not allowed', async () => {
    const itemId = await payoutItem('SUCCESS');
    const elsewhere = 'http://127.0.0.2:9/v1/notifications/certs/CERT-evil';
    const delivery = fake.sign(fake.itemEvent(itemId), { certUrl: elsewhere });
    expect(await verifier.verify(delivery.headers, delivery.body)).toEqual({
      ok: false,
      reason: 'the certificate URL is not on an allowed PayPal host (http://127.0.0.2:9)',
    });
    expect(fake.calls('cert')).toBe(0);
  });

  it('is only taken from PayPal certificate paths on an allowed host', async () => {
    const itemId = await payoutItem('SUCCESS');
    for (const certUrl of [
      `${fake.url}/v1/payments/payouts/X`,
      `${fake.url.replace('http:', 'https:')}/v1/notifications/certs/C`,
      'not a url',
    ]) {
      const delivery = fake.sign(fake.itemEvent(itemId), { certUrl });
      const result = await verifier.verify(delivery.headers, delivery.body);
      expect(result.ok).toBe(false);
    }
    expect(fake.calls('cert')).toBe(0);
  });

  it('by default only PayPal hosts are allowed', () => {
    expect(PAYPAL_CERT_ORIGINS.every((origin) => /^https:\/\/api(-m)?(\.sandbox)?\.paypal\.com$/.test(origin))).toBe(true);
  });

  it('is refused outside its validity dates', async () => {
    fake.expireCertificate();
    const itemId = await payoutItem('SUCCESS');
    const delivery = fake.sign(fake.itemEvent(itemId));
    expect(await verifier.verify(delivery.headers, delivery.body)).toEqual({
      ok: false,
      reason: 'the signing certificate is not valid now',
    });
  });

  it('a certificate URL that answers an error is a rejection, and is tried again next time', async () => {
    const itemId = await payoutItem('SUCCESS');
    const delivery = fake.sign(fake.itemEvent(itemId));
    fake.fault('cert', { status: 503, body: 'unavailable' });
    expect(await verifier.verify(delivery.headers, delivery.body)).toEqual({
      ok: false,
      reason: 'the signing certificate could not be used: fetching it answered HTTP 503',
    });
    expect(await verifier.verify(delivery.headers, delivery.body)).toEqual({
      ok: true,
      transmissionId: delivery.headers['paypal-transmission-id'],
    });
  });

  it('a certificate URL that answers something huge is a rejection', async () => {
    const itemId = await payoutItem('SUCCESS');
    const delivery = fake.sign(fake.itemEvent(itemId));
    fake.fault('cert', { status: 200, body: 'x'.repeat(100 * 1024) });
    expect(await verifier.verify(delivery.headers, delivery.body)).toEqual({
      ok: false,
      reason: 'the signing certificate could not be used: reading it failed (the answer is larger than 65536 bytes)',
    });
  });

  it('a certificate URL that answers something else than a certificate is a rejection', async () => {
    const itemId = await payoutItem('SUCCESS');
    const delivery = fake.sign(fake.itemEvent(itemId));
    fake.fault('cert', { status: 200, body: 'hello' });
    expect(await verifier.verify(delivery.headers, delivery.body)).toEqual({
      ok: false,
      reason: 'the signing certificate could not be used: it is not a PEM certificate',
    });
  });
});

describe('events we do not act on', () => {
  it('a verified event of another kind reads as unknown, with its id', async () => {
    const event = {
      id: 'WH-2WR32451HC0233532-67976317FL4543714',
      event_type: 'PAYMENT.CAPTURE.COMPLETED',
      resource: { id: '5O190127TN364715T' },
    };
    const delivery = fake.sign(event);
    expect((await fake.sendWebhook(receiverUrl, delivery)).status).toBe(200);
    expect(received[0]).toEqual({
      verified: true,
      transmissionId: delivery.headers['paypal-transmission-id'],
      event: {
        kind: 'unknown',
        eventId: 'WH-2WR32451HC0233532-67976317FL4543714',
        eventType: 'PAYMENT.CAPTURE.COMPLETED',
        reason: 'not a payouts event (PAYMENT.CAPTURE.COMPLETED)',
      },
    });
  });

  it('an item event PayPal has not documented reads as unknown', () => {
    const body = JSON.stringify({ id: 'WH-1', event_type: 'PAYMENT.PAYOUTS-ITEM.TELEPORTED', resource: { payout_item_id: 'X' } });
    expect(readPayPalWebhookEvent(body)).toEqual({
      kind: 'unknown',
      eventId: 'WH-1',
      eventType: 'PAYMENT.PAYOUTS-ITEM.TELEPORTED',
      reason: 'an unknown payouts item event (PAYMENT.PAYOUTS-ITEM.TELEPORTED)',
    });
  });

  it('an item status PayPal has not documented reads as unknown, never guessed', () => {
    const body = JSON.stringify({
      id: 'WH-2',
      event_type: 'PAYMENT.PAYOUTS-ITEM.SUCCEEDED',
      resource: { payout_item_id: 'X', transaction_status: 'MAYBE' },
    });
    expect(readPayPalWebhookEvent(body)).toMatchObject({ kind: 'unknown', reason: 'an unknown transaction_status (MAYBE)' });
  });

  it.each([
    ['not json', 'the body is not JSON'],
    ['[1,2]', 'the body is not a PayPal event'],
    ['{"event_type":"PAYMENT.PAYOUTS-ITEM.SUCCEEDED"}', 'the body is not a PayPal event'],
    ['{"id":"WH-3","event_type":"PAYMENT.PAYOUTS-ITEM.SUCCEEDED"}', 'the item event has no payout item'],
    ['{"id":"WH-4","event_type":"PAYMENT.PAYOUTSBATCH.SUCCESS","resource":{}}', 'the batch event has no batch header'],
  ])('%s reads as unknown: %s', (body, reason) => {
    expect(readPayPalWebhookEvent(body)).toMatchObject({ kind: 'unknown', reason });
  });

  it('an item event without transaction_status takes it from the event name', () => {
    const body = JSON.stringify({
      id: 'WH-5',
      event_type: 'PAYMENT.PAYOUTS-ITEM.UNCLAIMED',
      create_time: '2026-11-24T05:00:00Z',
      resource: { payout_item_id: 'ITEM1', payout_item: { sender_item_id: 'txn-1' } },
    });
    expect(readPayPalWebhookEvent(body)).toEqual({
      kind: 'item',
      eventId: 'WH-5',
      eventType: 'PAYMENT.PAYOUTS-ITEM.UNCLAIMED',
      payoutItemId: 'ITEM1',
      payoutBatchId: null,
      senderItemId: 'txn-1',
      transactionId: null,
      status: 'unclaimed',
      reasonCode: null,
      occurredAt: '2026-11-24T05:00:00Z',
    });
  });
});

describe('transaction_status to lifecycle', () => {
  it.each([
    ['SUCCESS', 'paid'],
    ['FAILED', 'failed'],
    ['BLOCKED', 'failed'],
    ['DENIED', 'failed'],
    ['REFUNDED', 'failed'],
    ['RETURNED', 'returned'],
    ['REVERSED', 'returned'],
    ['UNCLAIMED', 'unclaimed'],
    ['PENDING', 'processing'],
    ['ONHOLD', 'processing'],
    ['NEW', 'processing'],
    ['success', 'paid'],
    ['SOMETHING_NEW', null],
  ])('%s -> %s', (status, lifecycle) => {
    expect(lifecycleOfTransactionStatus(status)).toBe(lifecycle);
  });
});
