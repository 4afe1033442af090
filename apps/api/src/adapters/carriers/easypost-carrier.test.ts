import type { ShippingAddress } from '@assay/domain';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import {
  ADDRESS_NOT_FOUND,
  FAKE_EASYPOST_KEY,
  type FakeEasyPost,
  INTERNAL_ERROR,
  startFakeEasyPost,
} from '../../../test/support/fake-easypost.ts';
import { loadConfig } from '../../config/index.ts';
import type { CarrierLabelRequest } from './carrier.ts';
import { EasyPostCarrier, type EasyPostCarrierOptions, isPng } from './easypost-carrier.ts';
import { EasyPostError } from './easypost-client.ts';
import { createCarrier } from './index.ts';

const seller: ShippingAddress = {
  name: 'Dana Seller',
  line1: '179 N Harbor Dr',
  line2: 'Apt 4',
  city: 'Redondo Beach',
  state: 'CA',
  postalCode: '90277',
  phone: '3105550123',
};
const assay: ShippingAddress = {
  name: 'Assay Buyers LLC',
  line1: '100 Assay Way',
  line2: 'Suite 200',
  city: 'Wilmington',
  state: 'DE',
  postalCode: '19801',
  phone: null,
};

const inbound: CarrierLabelRequest = {
  direction: 'inbound',
  sender: seller,
  receiver: assay,
  insuredValueCents: 125_000,
  reference: 'sub_123',
};
const returning: CarrierLabelRequest = { ...inbound, direction: 'return', sender: assay, receiver: seller };

let fake: FakeEasyPost;

beforeAll(async () => {
  fake = await startFakeEasyPost();
});
afterEach(() => fake.reset());
afterAll(async () => {
  await fake.close();
});

function carrier(options: Partial<EasyPostCarrierOptions> = {}) {
  return new EasyPostCarrier({ apiKey: FAKE_EASYPOST_KEY, baseUrl: fake.url, carrier: 'USPS', timeoutMs: 1_000, ...options });
}

/** The error createLabel fails with (the test fails if it succeeds). */
async function failure(promise: Promise<unknown>): Promise<EasyPostError> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(EasyPostError);
  return err as EasyPostError;
}

const calls = (route: string) => fake.requests.filter((r) => `${r.method} ${r.path}`.match(route));

describe('an inbound label through EasyPost', () => {
  test('is a pay-on-scan return label from the seller to Assay, the cheapest of the carrier, insured for the declared value', async () => {
    const label = await carrier().createLabel(inbound);

    const [create] = calls('^POST /v2/shipments$');
    expect(create!.authorization).toBe(`Basic ${Buffer.from(`${FAKE_EASYPOST_KEY}:`).toString('base64')}`);
    // EasyPost's return labels take the outbound trip's addresses and swap them.
    expect(create!.body).toMatchObject({
      shipment: {
        is_return: true,
        reference: 'sub_123',
        to_address: { name: 'Dana Seller', street1: '179 N Harbor Dr', street2: 'Apt 4', zip: '90277', country: 'US' },
        from_address: { name: 'Assay Buyers LLC', street1: '100 Assay Way', state: 'DE' },
        parcel: { weight: 16 },
        options: { label_format: 'PNG' },
      },
    });
    const shipment = fake.shipments.get(label.shipmentId!)!;
    expect(shipment.to_address).toMatchObject({ street1: '100 Assay Way', city: 'Wilmington' });
    expect(shipment.from_address).toMatchObject({ street1: '179 N Harbor Dr' });

    // UPS Ground is cheaper, but the configured carrier is USPS; its cheapest is Ground Advantage.
    const groundAdvantage = (shipment.rates as { id: string; service: string }[]).find((r) => r.service === 'GroundAdvantage')!;
    const [buy] = calls('/buy$');
    expect(buy!.body).toEqual({ rate: { id: groundAdvantage.id }, insurance: '1250.00' });

    expect(label).toEqual({
      carrier: 'USPS',
      trackingNumber: shipment.tracking_code,
      validForPostage: true,
      shipmentId: shipment.id,
      labelUrl: `${fake.url}/files/postage_label/${(shipment.postage_label as { id: string }).id}.png`,
      service: 'GroundAdvantage',
      rateCents: 758,
      payOnScan: true,
      insuredCents: 125_000,
    });
    expect(label.trackingNumber).toMatch(/^9405\d{18}$/);
    expect(calls('insure')).toHaveLength(0);
  });

  test('a return to the seller is an ordinary shipment from Assay, bought from the configured service', async () => {
    const label = await carrier({ service: 'priority' }).createLabel(returning);
    expect(calls('^POST /v2/shipments$')[0]!.body).toMatchObject({
      shipment: { is_return: false, to_address: { street1: '179 N Harbor Dr' }, from_address: { street1: '100 Assay Way' } },
    });
    expect(label).toMatchObject({ service: 'Priority', rateCents: 940, payOnScan: false, insuredCents: 125_000 });
  });

  test('a parcel declared at zero is bought without insurance', async () => {
    const label = await carrier().createLabel({ ...inbound, insuredValueCents: 0 });
    expect(calls('/buy$')[0]!.body).toEqual({ rate: { id: expect.any(String) } });
    expect(label.insuredCents).toBe(0);
  });

  test('insurance the purchase did not take is bought separately; if that fails too, the label says so', async () => {
    fake.setInsureOnBuy(false);
    expect((await carrier().createLabel(inbound)).insuredCents).toBe(125_000);
    expect(calls('/insure$')[0]!.body).toEqual({ amount: '1250.00' });

    fake.script('insure', INTERNAL_ERROR);
    const uninsured = await carrier().createLabel(inbound);
    expect(uninsured.trackingNumber).toBeTruthy();
    expect(uninsured.insuredCents).toBe(0);
  });
});

describe('EasyPost refusing or failing', () => {
  test('an address EasyPost cannot find: its code and field errors, nothing bought, not worth a retry', async () => {
    fake.script('create', ADDRESS_NOT_FOUND);
    const err = await failure(carrier().createLabel(inbound));
    expect(err).toMatchObject({ kind: 'address_invalid', status: 422, code: 'ADDRESS.VERIFY.FAILURE', retrySafe: false });
    expect(err.fieldErrors).toContainEqual({ field: 'street1', message: 'House number is missing', suggestion: null });
    expect(err.message).toBe(
      'EasyPost answered HTTP 422 ADDRESS.VERIFY.FAILURE: Address not found (street1: House number is missing)',
    );
    expect(calls('/buy$')).toHaveLength(0);
  });

  test('a 500 while creating the shipment is safe to retry, and the retry buys one label', async () => {
    fake.script('create', INTERNAL_ERROR);
    const err = await failure(carrier().createLabel(inbound));
    expect(err).toMatchObject({ kind: 'server_error', status: 500, code: 'INTERNAL_SERVER_ERROR', retrySafe: true });
    const label = await carrier().createLabel(inbound);
    expect(label.trackingNumber).toBeTruthy();
    expect(calls('/buy$')).toHaveLength(1);
  });

  test('a proxy page or an unreadable answer says what came back', async () => {
    fake.script('create', { status: 502, body: '<html><body>Bad gateway</body></html>' });
    expect(await failure(carrier().createLabel(inbound))).toMatchObject({ kind: 'server_error', status: 502, retrySafe: true });
    fake.script('create', { status: 201, body: '<html>maintenance</html>' });
    const err = await failure(carrier().createLabel(inbound));
    expect(err).toMatchObject({ kind: 'bad_answer', retrySafe: true });
    expect(err.message).toBe('EasyPost answered an HTML page');
  });

  test('a slow EasyPost times out, and nothing was bought', async () => {
    fake.script('create', { ...INTERNAL_ERROR, delayMs: 5_000 });
    const started = Date.now();
    const err = await failure(carrier({ timeoutMs: 300 }).createLabel(inbound));
    expect(err).toMatchObject({ kind: 'timeout', retrySafe: true });
    expect(err.message).toBe('EasyPost did not answer within 0.3 s');
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  test('a wrong API key is a configuration problem, and the key never shows in the message', async () => {
    const err = await failure(carrier({ apiKey: 'EZAKwrong-key-123' }).createLabel(inbound));
    expect(err).toMatchObject({ kind: 'unauthorized', status: 401, code: 'APIKEY.INACTIVE', retrySafe: false });
    expect(err.message).not.toContain('EZAKwrong-key-123');
  });

  test('no rate of the configured carrier: what was offered and what the carriers said, nothing bought', async () => {
    fake.setRates(
      [{ carrier: 'UPS', service: 'Ground', rate: '6.90' }],
      [{ carrier: 'USPS', type: 'rate_error', message: 'Shipment cannot weigh less than 16oz' }],
    );
    const err = await failure(carrier().createLabel(inbound));
    expect(err).toMatchObject({ kind: 'no_rate', retrySafe: false, shipmentId: expect.stringMatching(/^shp_/) });
    expect(err.message).toBe(
      'EasyPost offered no USPS rate for this parcel; the carriers said: USPS: Shipment cannot weigh less than 16oz; ' +
        'offered: UPS Ground. Check EASYPOST_CARRIER, EASYPOST_SERVICE and the carrier accounts at EasyPost.',
    );
    expect(calls('/buy$')).toHaveLength(0);
  });

  test('a refused purchase (no funds) is final and needs no read-back', async () => {
    fake.script('buy', {
      status: 402,
      body: { error: { code: 'PAYMENT.REQUIRED', message: 'Insufficient funds.', errors: [] } },
    });
    const err = await failure(carrier().createLabel(inbound));
    expect(err).toMatchObject({ kind: 'payment_required', retrySafe: false, shipmentId: expect.stringMatching(/^shp_/) });
    expect(calls('^GET ')).toHaveLength(0);
  });
});

describe('a purchase whose answer is lost', () => {
  test('bought but answered too late: the label is read back from the shipment, never bought twice', async () => {
    fake.script('buy', { afterWork: true, delayMs: 3_000 });
    const label = await carrier({ timeoutMs: 300 }).createLabel(inbound);
    const shipment = fake.shipments.get(label.shipmentId!)!;
    expect(label).toMatchObject({ trackingNumber: shipment.tracking_code, insuredCents: 125_000, rateCents: 758 });
    expect(calls('/buy$')).toHaveLength(1);
    expect(calls(`^GET /v2/shipments/${label.shipmentId}$`)).toHaveLength(1);
  });

  test('bought but answered 500: the label is read back too', async () => {
    fake.script('buy', { ...INTERNAL_ERROR, afterWork: true });
    const label = await carrier().createLabel(inbound);
    expect(label.trackingNumber).toBe(fake.shipments.get(label.shipmentId!)!.tracking_code);
  });

  test('a 500 and no label on the shipment: nothing was bought, safe to retry', async () => {
    fake.script('buy', INTERNAL_ERROR);
    const err = await failure(carrier().createLabel(inbound));
    expect(err).toMatchObject({ kind: 'server_error', retrySafe: true, shipmentId: expect.stringMatching(/^shp_/) });
  });

  test('a timeout and no label yet: the purchase may still be running, so no automatic retry', async () => {
    fake.script('buy', { ...INTERNAL_ERROR, delayMs: 3_000 });
    const err = await failure(carrier({ timeoutMs: 300 }).createLabel(inbound));
    expect(err).toMatchObject({ kind: 'timeout', retrySafe: false });
  });

  test('the shipment cannot be read back either: a person must look it up before any retry', async () => {
    fake.script('buy', INTERNAL_ERROR);
    fake.script('retrieve', INTERNAL_ERROR);
    const err = await failure(carrier().createLabel(inbound));
    expect(err).toMatchObject({ kind: 'purchase_unknown', retrySafe: false, status: 500 });
    expect(err.message).toMatch(
      new RegExp(
        `^The label for EasyPost shipment ${err.shipmentId} may have been bought .* Look it up at EasyPost before trying again`,
      ),
    );
  });
});

describe('createCarrier', () => {
  test('CARRIER=easypost builds the EasyPost carrier from its settings', async () => {
    const config = loadConfig({
      CARRIER: 'easypost',
      EASYPOST_API_KEY: FAKE_EASYPOST_KEY,
      EASYPOST_BASE_URL: fake.url,
      EASYPOST_SERVICE: 'Priority',
    });
    const adapter = createCarrier(config.carrier);
    expect(adapter.provider).toBe('easypost');
    expect(await adapter.createLabel(inbound)).toMatchObject({ carrier: 'USPS', service: 'Priority', validForPostage: true });
  });

  test('the provider name alone is enough for the sample carrier only', () => {
    expect(createCarrier(loadConfig({}).carrier).provider).toBe('sample');
    expect(() => createCarrier({ provider: 'easypost', easypost: undefined })).toThrow(/CARRIER=easypost needs EASYPOST_API_KEY/);
  });
});

describe("the carrier's label image", () => {
  test('is the PNG at the label URL, as the fake serves it', async () => {
    const label = await carrier().createLabel(inbound);
    const image = await carrier().fetchLabelImage(label.labelUrl!);
    expect(isPng(image)).toBe(true);
    // The fake's 4x6 label: 200 x 300 pixels (IHDR width and height).
    expect([image.readUInt32BE(16), image.readUInt32BE(20)]).toEqual([200, 300]);
  });

  test('anything but a PNG, or no answer, is refused as worth trying again later', async () => {
    const pdfUrl = `${fake.url}/files/postage_label/pl_1.pdf`;
    const notPng = await failure(carrier().fetchLabelImage(pdfUrl));
    expect(notPng).toMatchObject({ kind: 'bad_answer', retrySafe: true });
    const closed = await failure(carrier().fetchLabelImage('http://127.0.0.1:9/label.png'));
    expect(closed).toMatchObject({ kind: 'network', retrySafe: true });
  });
});

describe("a parcel's tracker, fetched to confirm a webhook (decision 023)", () => {
  test('reads the tracker as it stands now; an unknown tracker is null; a 500 is an error worth retrying', async () => {
    const label = await carrier().createLabel(inbound);
    const sent = fake.trackerUpdate(label.trackingNumber, 'delivered', { message: 'Delivered', city: 'Austin', state: 'TX' });
    const trackerId = (sent.event.result as { id: string }).id;
    expect(await carrier().fetchTracker(trackerId)).toMatchObject({
      trackerId,
      trackingNumber: label.trackingNumber,
      status: 'delivered',
      carrierStatus: 'delivered',
      message: 'Delivered',
      location: 'Austin TX',
    });
    expect(calls(`^GET /v2/trackers/${trackerId}$`)).toHaveLength(1);
    expect(await carrier().fetchTracker('trk_nosuchtracker')).toBeNull();
    fake.script('tracker', { status: 500, body: { error: { code: 'INTERNAL_SERVER_ERROR', message: 'Try again.' } } });
    expect(await failure(carrier().fetchTracker(trackerId))).toMatchObject({ kind: 'server_error', retrySafe: true });
  });
});
