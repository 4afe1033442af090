// The price lock (issue 27 item 4): the carrier's first scan of the seller's parcel locks the spot
// prices quoted at that moment for LOCK_DAYS; the seller reads the lock on their timeline, the
// appraiser's card carries it, an itemised offer cannot price a metal line below it while it is in
// force, and a re-issued offer takes the higher of the locked and the day's price. A parcel no scan
// reached us for is locked when it is received. Later scans, replays and return parcels lock nothing.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildSubmission, type SubmissionSpec } from '../../src/db/factories.ts';
import { auditLog, priceHistory, priceLocks, pricing, submissions } from '../../src/db/schema/index.ts';
import { saveAddress } from '../support/addresses.ts';
import {
  FAKE_EASYPOST_KEY,
  FAKE_EASYPOST_WEBHOOK_SECRET,
  type FakeEasyPost,
  startFakeEasyPost,
} from '../support/fake-easypost.ts';
import { goldLine } from '../support/offer-lines.ts';
import { signUp } from '../support/sessions.ts';
import { ADMIN_EMAIL, createTestApp, engines, TEST_ORIGIN, type TestApp } from '../support/test-app.ts';
import { runWebhookInbox } from '../support/webhooks.ts';

const DAY = 24 * 60 * 60 * 1000;
const SCANNED_AT = new Date('2026-11-20T15:00:00.000Z');

/** Per troy ounce: gold-24k is fine gold x .999, as the feed's rows store it. */
const metalRows = (gold24k: string, silver: string, platinum: string, palladium: string) => [
  { itemType: 'gold-24k', pricePerOz: gold24k },
  { itemType: 'silver', pricePerOz: silver },
  { itemType: 'platinum', pricePerOz: platinum },
  { itemType: 'palladium', pricePerOz: palladium },
];
const perGram = (perOz: string) => (Number(perOz) / 31.1035).toFixed(4);

describe.each(engines)('the price lock on %s', (engine) => {
  let t: TestApp;
  let easypost: FakeEasyPost;
  let admin: { id: string; cookie: string };
  let client: { id: string; cookie: string };
  let now = new Date('2026-11-24T09:00:00.000Z');

  const send = (method: 'GET' | 'POST' | 'PUT', url: string, cookie: string, body?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: { cookie, origin: TEST_ORIGIN, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });

  async function make(spec: Partial<SubmissionSpec> = {}) {
    const row = buildSubmission({ userId: client.id, ...spec });
    await t.db.insert(submissions).values(row);
    return row.id!;
  }

  /** The feed's history: gold fine $2,600 before the scan, $2,400 (and silver up) after it; the live table at the later one. */
  async function seedPrices() {
    await t.db.delete(priceHistory);
    await t.db.delete(pricing);
    const history = (rows: ReturnType<typeof metalRows>, recordedAt: Date) =>
      rows.map((r) => ({ ...r, pricePerGram: perGram(r.pricePerOz), source: 'gold-api.com', recordedAt }));
    const before = metalRows('2597.4000', '30.0000', '1000.0000', '1000.0000');
    const after = metalRows('2397.6000', '33.0000', '1000.0000', '900.0000');
    await t.db
      .insert(priceHistory)
      .values([
        ...history(before, new Date(SCANNED_AT.getTime() - 60_000)),
        ...history(after, new Date(SCANNED_AT.getTime() + DAY)),
      ]);
    await t.db.insert(pricing).values(
      after.map((r) => ({
        id: r.itemType,
        ...r,
        pricePerGram: perGram(r.pricePerOz),
        source: 'gold-api.com',
        fetchedAt: new Date(SCANNED_AT.getTime() + DAY),
      })),
    );
    await t.app.ctx.pricing.reload();
  }

  beforeAll(async () => {
    easypost = await startFakeEasyPost();
    t = await createTestApp(
      engine,
      {
        CARRIER: 'easypost',
        EASYPOST_API_KEY: FAKE_EASYPOST_KEY,
        EASYPOST_BASE_URL: easypost.url,
        EASYPOST_WEBHOOK_SECRET: FAKE_EASYPOST_WEBHOOK_SECRET,
      },
      { clock: { now: () => now } },
    );
    admin = await signUp(t.app, { email: ADMIN_EMAIL });
  });
  afterAll(async () => {
    await t.close();
    await easypost.close();
  });
  beforeEach(async () => {
    now = new Date('2026-11-24T09:00:00.000Z');
    client = await signUp(t.app);
    expect((await saveAddress(t.app, client.cookie)).statusCode).toBe(200);
    await seedPrices();
  });

  const scan = async (trackingNumber: string, status: 'in_transit' | 'delivered', datetime: string) => {
    const delivery = easypost.trackerUpdate(trackingNumber, status, { city: 'Memphis', state: 'TN', datetime });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/carrier',
      headers: delivery.headers,
      payload: delivery.rawBody,
    });
    expect(res.statusCode, res.body).toBe(200);
    for (const outcome of await runWebhookInbox(t)) if (outcome instanceof Error) throw outcome;
  };
  const lockOf = async (id: string) => (await t.db.select().from(priceLocks).where(eq(priceLocks.submissionId, id)))[0];
  const lockEntries = (id: string) =>
    t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, id), eq(auditLog.action, 'prices_locked')));

  it("locks the prices quoted at the carrier's first scan, once, and tells the seller on the timeline", async () => {
    const id = await make();
    const label = await send('POST', '/api/shipping/labels', client.cookie, { submissionId: id });
    expect(label.statusCode, label.body).toBe(201);
    const trackingNumber = (label.json() as { trackingNumber: string }).trackingNumber;

    await scan(trackingNumber, 'in_transit', SCANNED_AT.toISOString());
    // A later scan, and the same one delivered again, change nothing.
    await scan(trackingNumber, 'in_transit', new Date(SCANNED_AT.getTime() + 2 * DAY).toISOString());
    await scan(trackingNumber, 'delivered', new Date(SCANNED_AT.getTime() + 3 * DAY).toISOString());

    expect(await lockOf(id)).toMatchObject({
      lockedAt: SCANNED_AT,
      lockedUntil: new Date(SCANNED_AT.getTime() + 7 * DAY),
      goldPerOz: '2600.0000',
      silverPerOz: '30.0000',
    });
    expect(await lockEntries(id)).toHaveLength(1);
    const detail = await send('GET', `/api/submissions/${id}`, client.cookie);
    const timeline = (detail.json() as { timeline: { label: string; detail?: string }[] }).timeline;
    expect(timeline.find((e) => e.label === 'Prices locked')?.detail).toBe(
      'Prices locked on Nov 20 until Nov 27: Gold $2,600.00/oz, Silver $30.00/oz, Platinum $1,000.00/oz, Palladium $1,000.00/oz. ' +
        'Your offer uses the locked price or the price of the day, whichever is higher.',
    );
    // The appraiser's card carries it, for the offer form.
    const list = await send('GET', '/api/admin/submissions', admin.cookie);
    const card = (list.json() as { items: { id: string; priceLock?: unknown }[] }).items.find((s) => s.id === id);
    expect(card?.priceLock).toEqual({
      lockedAt: SCANNED_AT.toISOString(),
      lockedUntil: new Date(SCANNED_AT.getTime() + 7 * DAY).toISOString(),
      spot: { gold: '2600.0000', silver: '30.0000', platinum: '1000.0000', palladium: '1000.0000' },
    });
    // Received afterwards: the carrier's lock stays as it was.
    expect((await send('POST', `/api/admin/submissions/${id}/receive`, admin.cookie, {})).statusCode).toBe(200);
    expect(await lockEntries(id)).toHaveLength(1);
  });

  it('locks nothing for the return parcel, nor when no price of every metal was quoted yet', async () => {
    const offered = await make({ status: 'offered', finalOffer: '450.00' });
    const declined = await send('POST', `/api/submissions/${offered}/decline`, client.cookie);
    expect(declined.statusCode, declined.body).toBe(200);
    await scan(declined.json().returnLabel.trackingNumber as string, 'in_transit', SCANNED_AT.toISOString());
    expect(await lockOf(offered)).toBeUndefined();

    await t.db.delete(priceHistory);
    await t.db.delete(pricing).where(eq(pricing.itemType, 'silver'));
    const id = await make();
    expect((await send('POST', `/api/admin/submissions/${id}/receive`, admin.cookie, {})).statusCode).toBe(200);
    expect(await lockOf(id)).toBeUndefined();
    expect(await lockEntries(id)).toEqual([]);
  });

  it('locks at receipt when no scan reached us, and refuses a metal line priced below the lock while it is in force', async () => {
    // Received the day after the scan would have been, at the live table's prices (gold fine $2,400).
    now = new Date(SCANNED_AT.getTime() + DAY + 60_000);
    const id = await make();
    expect((await send('POST', `/api/admin/submissions/${id}/receive`, admin.cookie, {})).statusCode).toBe(200);
    expect(await lockOf(id)).toMatchObject({ lockedAt: now, goldPerOz: '2400.0000' });

    // A line's reference is fine gold per gram (locked: $2,400 / 31.1035 = $77.16); its purity applies on the line.
    const below = { ...goldLine, referencePrice: '70', amount: '348.08' }; // 70 x 10 x 0.585 x 0.85
    const refused = await send('PUT', `/api/submissions/${id}`, admin.cookie, { status: 'offered', offerLines: [below] });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().message).toBe(
      "Line 1: this parcel's prices are locked until Nov 28, so Gold 14K is priced at least at $77.16/g (locked on Nov 21).",
    );
    const [row] = await t.db.select().from(submissions).where(eq(submissions.id, id));
    expect(row!.status).toBe('appraising');

    // Once the lock has ended, the day's price is the appraiser's to use.
    now = new Date(now.getTime() + 7 * DAY);
    const sent = await send('PUT', `/api/submissions/${id}`, admin.cookie, { status: 'offered', offerLines: [below] });
    expect(sent.statusCode, sent.body).toBe(200);
  });

  it('re-issues an offer at the locked price where it is higher than the day’s', async () => {
    const id = await make();
    const label = await send('POST', '/api/shipping/labels', client.cookie, { submissionId: id });
    await scan((label.json() as { trackingNumber: string }).trackingNumber, 'in_transit', SCANNED_AT.toISOString());
    expect((await send('POST', `/api/admin/submissions/${id}/receive`, admin.cookie, {})).statusCode).toBe(200);
    const offered = await send('PUT', `/api/submissions/${id}`, admin.cookie, { status: 'offered', offerLines: [goldLine] });
    expect(offered.statusCode, offered.body).toBe(200);

    const reissued = await send('POST', `/api/admin/submissions/${id}/offer/reissue`, admin.cookie);
    expect(reissued.statusCode, reissued.body).toBe(200);
    const detail = await send('GET', `/api/admin/submissions/${id}`, admin.cookie);
    const line = (detail.json() as { offer: { lines: { referencePrice: string; priceSource: string }[] } }).offer.lines[0]!;
    // Fine gold locked at $2,600 (the day's is $2,400): $2,600 / 31.1035.
    expect(line).toMatchObject({ referencePrice: '83.5919', priceSource: 'price-lock' });
  });
});
