// EasyPost's webhooks (issue 12 item 7), against the loopback stand-in of its API: signed
// tracker.updated deliveries are stored once in the inbox and applied by its job: the seller's
// timeline reads "label created, in transit, delivered", the mailbox says "Delivered, awaiting
// intake", a replay changes nothing, and a return label delivered to the seller closes the
// submission. Forged, unreadable and foreign deliveries are refused with a sentence.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildSubmission, type SubmissionSpec } from '../../src/db/factories.ts';
import { easyPostSignature } from '../../src/adapters/carriers/easypost-webhooks.ts';
import { auditLog, submissions, trackingEvents, webhookInbox } from '../../src/db/schema/index.ts';
import { saveAddress } from '../support/addresses.ts';
import {
  FAKE_EASYPOST_KEY,
  FAKE_EASYPOST_WEBHOOK_SECRET,
  type FakeEasyPost,
  startFakeEasyPost,
} from '../support/fake-easypost.ts';
import { signUp } from '../support/sessions.ts';
import { runWebhookInbox } from '../support/webhooks.ts';
import { ADMIN_EMAIL, createTestApp, engines, TEST_ORIGIN, type TestApp } from '../support/test-app.ts';

const WEBHOOK = '/api/webhooks/carrier';

describe.each(engines)('the carrier webhook on %s', (engine) => {
  let t: TestApp;
  let easypost: FakeEasyPost;
  let admin: { id: string; cookie: string };
  let client: { id: string; cookie: string };

  beforeAll(async () => {
    easypost = await startFakeEasyPost();
    t = await createTestApp(engine, {
      CARRIER: 'easypost',
      EASYPOST_API_KEY: FAKE_EASYPOST_KEY,
      EASYPOST_BASE_URL: easypost.url,
      EASYPOST_WEBHOOK_SECRET: FAKE_EASYPOST_WEBHOOK_SECRET,
    });
    admin = await signUp(t.app, { email: ADMIN_EMAIL });
  });
  afterAll(async () => {
    await t.close();
    await easypost.close();
  });
  beforeEach(async () => {
    client = await signUp(t.app);
    expect((await saveAddress(t.app, client.cookie)).statusCode).toBe(200);
  });

  const post = (url: string, cookie: string, body?: unknown) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { cookie, origin: TEST_ORIGIN, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
  const get = (url: string, cookie: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });

  async function make(spec: Partial<SubmissionSpec> = {}) {
    const row = buildSubmission({ userId: client.id, ...spec });
    await t.db.insert(submissions).values(row);
    return row;
  }

  async function buyInboundLabel() {
    const sub = await make();
    const res = await post('/api/shipping/labels', client.cookie, { submissionId: sub.id });
    expect(res.statusCode, res.body).toBe(201);
    return { sub, label: res.json() as { id: string; trackingNumber: string } };
  }

  function deliver(delivery: { rawBody: string; headers: Record<string, string> }) {
    return t.app.inject({ method: 'POST', url: WEBHOOK, headers: delivery.headers, payload: delivery.rawBody });
  }

  /** The inbox's job over every row not yet done, as the worker would run it. */
  async function runInbox() {
    for (const outcome of await runWebhookInbox(t)) if (outcome instanceof Error) throw outcome;
  }

  const timelineOf = async (id: string) => {
    const res = await get(`/api/submissions/${id}`, client.cookie);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { timeline: { action: string; label: string; detail?: string }[] }).timeline;
  };
  const auditOf = (id: string) =>
    t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'submission'), eq(auditLog.entityId, id)));

  it('in transit and delivered reach the timeline and the mailbox, once; a replay changes nothing', async () => {
    const { sub, label } = await buyInboundLabel();
    const inTransit = easypost.trackerUpdate(label.trackingNumber, 'in_transit', {
      message: 'Arrived at USPS Regional Facility',
      city: 'Memphis',
      state: 'TN',
      datetime: '2026-11-23T14:05:00Z',
    });
    const first = await deliver(inTransit);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ received: true, duplicate: false });
    // Another in-transit scan: stored, but the timeline says "in transit" once.
    const again = easypost.trackerUpdate(label.trackingNumber, 'in_transit', {
      message: 'Departed USPS Regional Facility',
      city: 'Memphis',
      state: 'TN',
      datetime: '2026-11-23T20:00:00Z',
    });
    expect((await deliver(again)).statusCode).toBe(200);
    const delivered = easypost.trackerUpdate(label.trackingNumber, 'delivered', {
      message: 'Delivered, Front Desk/Reception',
      city: 'Wilmington',
      state: 'DE',
      datetime: '2026-11-24T10:30:00Z',
    });
    expect((await deliver(delivered)).statusCode).toBe(200);
    await runInbox();

    const timeline = await timelineOf(sub.id!);
    // (The factory's submission has no "Submitted" entry; the label's purchase is the first.)
    expect(timeline.map((e) => e.label)).toEqual(['Shipping label created', 'Parcel in transit', 'Parcel delivered']);
    expect(timeline[1]!.detail).toBe('In transit: Arrived at USPS Regional Facility, Memphis TN, Nov 23');
    expect(timeline[2]!.detail).toBe('Delivered: Delivered, Front Desk/Reception, Wilmington DE, Nov 24');
    const entries = await auditOf(sub.id!);
    expect(entries.find((e) => e.action === 'parcel_delivered')).toMatchObject({ actorId: null });
    // The seller's detail carries the parcel's newest state (its "next step" line reads it).
    const sellerView = await get(`/api/submissions/${sub.id}`, client.cookie);
    expect(sellerView.json().parcel).toEqual({
      status: 'delivered',
      detail: 'Delivered: Delivered, Front Desk/Reception, Wilmington DE, Nov 24',
      at: '2026-11-24T10:30:00.000Z',
    });

    const list = await get('/api/admin/submissions', admin.cookie);
    const card = (list.json() as { items: { id: string; parcel?: unknown }[] }).items.find((s) => s.id === sub.id);
    expect(card?.parcel).toMatchObject({ status: 'delivered', label: 'Delivered, awaiting intake', awaitingIntake: true });
    const detail = await get(`/api/admin/submissions/${sub.id}`, admin.cookie);
    expect(detail.json()).toMatchObject({ parcel: { label: 'Delivered, awaiting intake' } });

    // EasyPost delivers again (its retries) and the job runs again: nothing changes.
    expect((await deliver(delivered)).json()).toEqual({ received: true, duplicate: true });
    await runInbox();
    const events = await t.db.select().from(trackingEvents).where(eq(trackingEvents.labelId, label.id));
    expect(events.map((e) => e.status)).toEqual(['in_transit', 'in_transit', 'delivered']);
    expect(await auditOf(sub.id!)).toHaveLength(entries.length);
    expect(await timelineOf(sub.id!)).toEqual(timeline);

    // Received by the appraiser: the parcel no longer waits for intake.
    const received = await post(`/api/admin/submissions/${sub.id}/receive`, admin.cookie, {});
    expect(received.statusCode, received.body).toBe(200);
    const after = await get(`/api/admin/submissions/${sub.id}`, admin.cookie);
    expect(after.json()).toMatchObject({ parcel: { label: 'Delivered', awaitingIntake: false } });
  });

  it('a return label delivered to the seller closes returning -> returned, with no actor', async () => {
    const sub = await make({ status: 'offered', finalOffer: '450.00' });
    const declined = await post(`/api/submissions/${sub.id}/decline`, client.cookie);
    expect(declined.statusCode, declined.body).toBe(200);
    const tracking = declined.json().returnLabel.trackingNumber as string;
    expect(declined.json().submission).toMatchObject({ status: 'returning', returnTrackingNumber: tracking });

    await deliver(easypost.trackerUpdate(tracking, 'in_transit', { city: 'Wilmington', state: 'DE' }));
    await deliver(easypost.trackerUpdate(tracking, 'delivered', { city: 'Springfield', state: 'IL' }));
    await runInbox();
    await runInbox();

    const [row] = await t.db.select().from(submissions).where(eq(submissions.id, sub.id!));
    expect(row!.status).toBe('returned');
    expect(row!.returnDeliveredAt).not.toBeNull();
    const audit = await auditOf(sub.id!);
    expect(audit.filter((a) => a.action === 'return_delivered')).toEqual([
      expect.objectContaining({
        actorId: null,
        fromStatus: 'returning',
        toStatus: 'returned',
        changes: { trackingNumber: tracking },
      }),
    ]);
    const labels = (await timelineOf(sub.id!)).map((e) => e.label);
    expect(labels.slice(-2)).toEqual(['Parcel in transit', 'Item delivered back to you']);
  });

  it('a delivered event is confirmed by fetching the tracker: one the tracker contradicts does not close the return (issue 25 item 2)', async () => {
    const sub = await make({ status: 'offered', finalOffer: '450.00' });
    const declined = await post(`/api/submissions/${sub.id}/decline`, client.cookie);
    expect(declined.statusCode, declined.body).toBe(200);
    const tracking = declined.json().returnLabel.trackingNumber as string;
    const inTransit = easypost.trackerUpdate(tracking, 'in_transit', { city: 'Wilmington', state: 'DE' });
    const trackerId = (inTransit.event.result as { id: string }).id;

    // The parcel's event rewritten to "delivered" and signed with the webhook secret: the body says
    // delivered, EasyPost's tracker still says in transit.
    const claim = (id: string, tracker = trackerId) => {
      const event = JSON.parse(inTransit.rawBody) as {
        id: string;
        result: { id: string; status: string; tracking_details: object[] };
      };
      event.id = id;
      event.result.id = tracker;
      event.result.status = 'delivered';
      event.result.tracking_details.push({ status: 'delivered', message: 'Delivered', datetime: '2099-01-01T00:00:00Z' });
      const rawBody = JSON.stringify(event);
      return { rawBody, headers: { ...inTransit.headers, 'x-hmac-signature': signatureOf(rawBody) } };
    };
    expect((await deliver(claim('evt_claims_delivered'))).statusCode).toBe(200);
    expect((await deliver(claim('evt_unknown_tracker', 'trk_nosuchtracker'))).statusCode).toBe(200);
    const warnings: unknown[] = [];
    expect(
      await runWebhookInbox(t, { info: () => undefined, warn: (obj: object) => void warnings.push(obj) }),
    ).not.toContainEqual(expect.any(Error));
    expect(easypost.requests.filter((r) => r.method === 'GET' && r.path === `/v2/trackers/${trackerId}`)).toHaveLength(1);
    expect(warnings).toContainEqual(
      expect.objectContaining({ eventId: 'evt_claims_delivered', bodyStatus: 'delivered', trackerStatus: 'in_transit' }),
    );
    const [row] = await t.db.select().from(submissions).where(eq(submissions.id, sub.id!));
    expect(row!.status).toBe('returning');
    expect((await auditOf(sub.id!)).filter((a) => a.action === 'return_delivered')).toEqual([]);
    const stored = await t.db.select().from(trackingEvents).where(eq(trackingEvents.eventId, 'evt_claims_delivered'));
    expect(stored.map((e) => e.status)).toEqual(['in_transit']);
    const [unknown] = await t.db.select().from(webhookInbox).where(eq(webhookInbox.eventId, 'evt_unknown_tracker'));
    expect(unknown).toMatchObject({ status: 'ignored', lastError: 'not-confirmed-by-the-carrier' });

    // Really delivered, while EasyPost fails for a moment: the job fails (the engine retries it), then closes the return.
    const delivered = easypost.trackerUpdate(tracking, 'delivered', { city: 'Springfield', state: 'IL' });
    expect((await deliver(delivered)).statusCode).toBe(200);
    easypost.script('tracker', { status: 500, body: { error: { code: 'INTERNAL_SERVER_ERROR', message: 'Try again.' } } });
    expect(await runWebhookInbox(t)).toContainEqual(expect.objectContaining({ message: expect.stringContaining('HTTP 500') }));
    const [waiting] = await t.db
      .select()
      .from(webhookInbox)
      .where(eq(webhookInbox.eventId, String(delivered.event.id)));
    expect(waiting).toMatchObject({ status: 'received', attempts: 1 });
    await runInbox();
    const [closed] = await t.db.select().from(submissions).where(eq(submissions.id, sub.id!));
    expect(closed!.status).toBe('returned');
  });

  it('an unknown tracking number is stored and ignored; a non-tracker event is stored nowhere', async () => {
    const { label } = await buyInboundLabel();
    const delivery = easypost.trackerUpdate(label.trackingNumber, 'in_transit');
    const foreign = delivery.rawBody.replaceAll(label.trackingNumber, '9400100000000000000000');
    const signed = {
      rawBody: foreign,
      headers: { ...delivery.headers, 'x-hmac-signature': signatureOf(foreign) },
    };
    const res = await deliver(signed);
    expect(res.statusCode, res.body).toBe(200);
    await runInbox();
    const eventId = (JSON.parse(foreign) as { id: string }).id;
    const [row] = await t.db.select().from(webhookInbox).where(eq(webhookInbox.eventId, eventId));
    expect(row).toMatchObject({ provider: 'easypost', status: 'ignored', lastError: 'unknown-label' });
  });

  it('refuses a bad signature, a body that is not JSON and an event that is not a tracker, with a sentence', async () => {
    const { label } = await buyInboundLabel();
    const before = await t.db.select().from(webhookInbox);

    const forged = easypost.trackerUpdate(label.trackingNumber, 'delivered', { secret: 'not-the-secret' });
    const bad = await deliver(forged);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/signature could not be verified/);

    const notJson = await deliver({ rawBody: 'evt=1&status=delivered', headers: { 'content-type': 'application/json' } });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json().message).toBe('The webhook body must be JSON.');

    const other = await deliver(easypost.otherEvent('batch.updated', { id: 'batch_1', object: 'Batch' }));
    expect(other.statusCode).toBe(400);
    expect(other.json().message).toBe('This is not an EasyPost tracker event: "batch.updated" is not handled.');

    expect(await t.db.select().from(webhookInbox)).toHaveLength(before.length);
  });
});

const signatureOf = (rawBody: string) => easyPostSignature(rawBody, FAKE_EASYPOST_WEBHOOK_SECRET);

describe.each(engines)('carrier webhook without EasyPost on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());

  it('is not there (404) when the carrier is the sample one', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: WEBHOOK,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ id: 'evt_1', description: 'tracker.updated' }),
    });
    expect(res.statusCode).toBe(404);
  });
});
