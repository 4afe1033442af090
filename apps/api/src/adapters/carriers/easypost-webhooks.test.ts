import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import {
  FAKE_EASYPOST_KEY,
  FAKE_EASYPOST_WEBHOOK_SECRET,
  type FakeEasyPost,
  startFakeEasyPost,
} from '../../../test/support/fake-easypost.ts';
import { EasyPostCarrier } from './easypost-carrier.ts';
import {
  EASYPOST_SIGNATURE_HEADER,
  easyPostSignature,
  type EasyPostWebhookReading,
  readEasyPostWebhook,
  readTrackerEvent,
  verifyEasyPostSignature,
} from './easypost-webhooks.ts';

let fake: FakeEasyPost;
/** A loopback receiver that reads each delivery the way the webhook route will: raw body first. */
let receiver: http.Server;
let receiverUrl: string;
const readings: EasyPostWebhookReading[] = [];

beforeAll(async () => {
  fake = await startFakeEasyPost();
  receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const reading = readEasyPostWebhook({
        rawBody: Buffer.concat(chunks),
        headers: req.headers,
        secret: FAKE_EASYPOST_WEBHOOK_SECRET,
      });
      readings.push(reading);
      res.writeHead(reading.kind === 'bad_signature' ? 401 : 200).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/api/webhooks/carrier`;
});
afterEach(() => {
  fake.reset();
  readings.length = 0;
});
afterAll(async () => {
  await fake.close();
  receiver.closeAllConnections();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});

const address = {
  name: 'A Seller',
  line1: '1 Main St',
  line2: null,
  city: 'Austin',
  state: 'TX',
  postalCode: '78701',
  phone: null,
};

async function boughtTrackingNumber(): Promise<string> {
  const carrier = new EasyPostCarrier({ apiKey: FAKE_EASYPOST_KEY, baseUrl: fake.url, carrier: 'USPS' });
  const label = await carrier.createLabel({
    direction: 'inbound',
    sender: address,
    receiver: { ...address, name: 'Assay', line1: '100 Assay Way' },
    insuredValueCents: 50_000,
    reference: 'sub_9',
  });
  return label.trackingNumber;
}

describe('a tracking webhook delivered by EasyPost', () => {
  test('is verified and read in our words, with the newest scan', async () => {
    const tracking = await boughtTrackingNumber();
    const delivery = fake.trackerUpdate(tracking, 'in_transit', {
      message: 'ORIGIN SCAN',
      city: 'Austin',
      state: 'TX',
      datetime: '2026-11-23T14:48:00Z',
    });
    expect(await fake.deliver(receiverUrl, delivery)).toBe(200);
    expect(readings).toEqual([
      {
        kind: 'tracking',
        event: {
          eventId: delivery.event.id,
          trackerId: expect.stringMatching(/^trk_/),
          trackingNumber: tracking,
          status: 'in_transit',
          carrierStatus: 'in_transit',
          message: 'ORIGIN SCAN',
          location: 'Austin TX',
          occurredAt: '2026-11-23T14:48:00.000Z',
          detail: 'ORIGIN SCAN, Austin, TX',
          carrier: 'USPS',
          shipmentId: expect.stringMatching(/^shp_/),
        },
      },
    ]);
  });

  test.each([
    ['pre_transit', 'label_created'],
    ['in_transit', 'in_transit'],
    ['out_for_delivery', 'out_for_delivery'],
    ['available_for_pickup', 'out_for_delivery'],
    ['delivered', 'delivered'],
    ['return_to_sender', 'returned_to_sender'],
    ['failure', 'failure'],
    ['cancelled', 'failure'],
    ['error', 'failure'],
  ])('EasyPost %s reads as %s', async (theirs, ours) => {
    const delivery = fake.trackerUpdate(await boughtTrackingNumber(), theirs);
    await fake.deliver(receiverUrl, delivery);
    expect(readings[0]).toMatchObject({ kind: 'tracking', event: { status: ours } });
  });

  test('a tampered body, another secret, or no signature is refused', async () => {
    const tracking = await boughtTrackingNumber();
    const genuine = fake.trackerUpdate(tracking, 'in_transit');
    const forged = { ...genuine, rawBody: genuine.rawBody.replace('"status":"in_transit"', '"status":"delivered"') };
    expect(forged.rawBody).not.toBe(genuine.rawBody);
    expect(await fake.deliver(receiverUrl, forged)).toBe(401);
    expect(await fake.deliver(receiverUrl, fake.trackerUpdate(tracking, 'delivered', { secret: 'someone-else' }))).toBe(401);
    const { [EASYPOST_SIGNATURE_HEADER]: _, ...unsigned } = genuine.headers;
    expect(await fake.deliver(receiverUrl, { rawBody: genuine.rawBody, headers: unsigned })).toBe(401);
    expect(readings).toEqual([{ kind: 'bad_signature' }, { kind: 'bad_signature' }, { kind: 'bad_signature' }]);
  });

  test('events that are not tracker news are verified, then reported unknown', async () => {
    const tracking = await boughtTrackingNumber();
    const batch = fake.otherEvent('batch.updated', { id: 'batch_1', object: 'Batch' });
    const noNews = fake.trackerUpdate(tracking, 'unknown');
    expect(await fake.deliver(receiverUrl, batch)).toBe(200);
    expect(await fake.deliver(receiverUrl, noNews)).toBe(200);
    expect(readings).toEqual([
      { kind: 'unknown_event', eventId: batch.event.id, description: 'batch.updated' },
      { kind: 'unknown_event', eventId: noNews.event.id, description: 'tracker.updated' },
    ]);
  });
});

describe('the signature', () => {
  test('covers the raw bytes: EasyPost writes 16.0 where a re-serialised body says 16', async () => {
    const delivery = fake.trackerUpdate(await boughtTrackingNumber(), 'in_transit');
    expect(delivery.rawBody).toContain('"weight":16.0');
    const signature = delivery.headers[EASYPOST_SIGNATURE_HEADER];
    expect(verifyEasyPostSignature(delivery.rawBody, signature, FAKE_EASYPOST_WEBHOOK_SECRET)).toBe(true);
    const reserialised = JSON.stringify(JSON.parse(delivery.rawBody));
    expect(verifyEasyPostSignature(reserialised, signature, FAKE_EASYPOST_WEBHOOK_SECRET)).toBe(false);
  });

  test('is the hex HMAC-SHA256 of the body under the NFKD-normalised secret, prefixed like EasyPost', () => {
    const body = '{"id":"evt_1","description":"tracker.updated"}';
    const normalised = createHmac('sha256', 'assay-webhook-fine-secret').update(body).digest('hex');
    expect(easyPostSignature(body, FAKE_EASYPOST_WEBHOOK_SECRET)).toBe(`hmac-sha256-hex=${normalised}`);
    const raw = createHmac('sha256', FAKE_EASYPOST_WEBHOOK_SECRET).update(body).digest('hex');
    expect(raw).not.toBe(normalised);
  });

  test('nothing passes without a configured secret, and odd header values are refused without throwing', () => {
    const body = '{}';
    expect(verifyEasyPostSignature(body, easyPostSignature(body, ''), '')).toBe(false);
    expect(verifyEasyPostSignature(body, easyPostSignature(body, 's'), undefined)).toBe(false);
    expect(verifyEasyPostSignature(body, [easyPostSignature(body, 's')], 's')).toBe(false);
    expect(verifyEasyPostSignature(body, 'hmac-sha256-hex=abc', 's')).toBe(false);
    expect(verifyEasyPostSignature(body, easyPostSignature(body, 's').toUpperCase(), 's')).toBe(false);
    expect(verifyEasyPostSignature(body, easyPostSignature(body, 's'), 's')).toBe(true);
  });

  test('a signed body that is not JSON is an unknown event, not a crash', () => {
    const rawBody = 'not json';
    expect(
      readEasyPostWebhook({
        rawBody,
        headers: { [EASYPOST_SIGNATURE_HEADER]: easyPostSignature(rawBody, 's') },
        secret: 's',
      }),
    ).toEqual({ kind: 'unknown_event', eventId: null, description: null });
  });
});

describe('readTrackerEvent', () => {
  const tracker = (details: unknown[], extra: Record<string, unknown> = {}) => ({
    id: 'evt_1',
    object: 'Event',
    description: 'tracker.updated',
    created_at: '2026-11-24T09:00:00Z',
    result: {
      object: 'Tracker',
      tracking_code: '9405',
      status: 'delivered',
      updated_at: '2026-11-24T08:00:00Z',
      tracking_details: details,
      ...extra,
    },
  });

  test('takes the newest scan even when a late one arrives out of order', () => {
    const reading = readTrackerEvent(
      tracker([
        { status: 'in_transit', message: 'ARRIVED AT FACILITY', datetime: '2026-11-23T10:00:00Z' },
        {
          status: 'delivered',
          message: 'DELIVERED',
          datetime: '2026-11-24T07:30:00Z',
          tracking_location: { city: 'Wilmington', state: 'DE' },
        },
        { status: 'in_transit', message: 'DEPARTED FACILITY', datetime: '2026-11-23T12:00:00Z' },
      ]),
    );
    expect(reading).toMatchObject({
      kind: 'tracking',
      event: { status: 'delivered', occurredAt: '2026-11-24T07:30:00.000Z', detail: 'DELIVERED, Wilmington, DE' },
    });
  });

  test('without scans, the time is when EasyPost updated the tracker and there is no detail', () => {
    expect(readTrackerEvent(tracker([]))).toMatchObject({
      kind: 'tracking',
      event: { occurredAt: '2026-11-24T08:00:00.000Z', detail: null, carrier: null, shipmentId: null },
    });
  });

  test('a tracker status we do not know, or a malformed event, is unknown', () => {
    expect(readTrackerEvent(tracker([], { status: 'teleported' }))).toEqual({
      kind: 'unknown_event',
      eventId: 'evt_1',
      description: 'tracker.updated',
    });
    expect(readTrackerEvent(tracker([], { tracking_code: '' }))).toMatchObject({ kind: 'unknown_event' });
    expect(readTrackerEvent(null)).toEqual({ kind: 'unknown_event', eventId: null, description: null });
    expect(readTrackerEvent({ ...tracker([]), description: 'shipment.invoice.created' })).toMatchObject({
      kind: 'unknown_event',
      description: 'shipment.invoice.created',
    });
  });
});
