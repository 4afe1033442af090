// Issue 28 item 6: "a purchase cannot be completed while its report line is missing". The payment
// gate refuses the seller's acceptance, in a sentence that asks nothing of them, while a bought
// item's police report line would lack its photo or article code (or, where the purchase needs no
// ID, the seller's address); the compliance queue names the item and what it lacks; declined items
// are not bought and need no line.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessDateOf, POLICE_REPORT_ADDRESS_SELLER_MESSAGE, POLICE_REPORT_LINE_SELLER_MESSAGE } from '@assay/domain';
import { kycRecords, submissionItems, submissions, transactions } from '../../src/db/schema/index.ts';
import { buildSubmission } from '../../src/db/factories.ts';
import { saveAddress } from '../support/addresses.ts';
import { csvRecords } from '../support/csv-parser.ts';
import { jpeg } from '../support/images.ts';
import { goldLine } from '../support/offer-lines.ts';
import { insertImage } from '../support/payouts.fixtures.ts';
import { signUp } from '../support/sessions.ts';
import { ADMIN_EMAIL, createTestApp, engines, TEST_ORIGIN, type TestApp } from '../support/test-app.ts';
import { uploadPhoto } from '../support/uploads.ts';

const TIME_ZONE = 'America/New_York';
const DAY = 86_400_000;
const day = (offsetDays: number) => new Date(Date.now() + offsetDays * DAY).toISOString().slice(0, 10);

interface QueueItem {
  submissionId: string;
  kind: string;
  clearedBy: string;
  message: string;
  action: string;
}

describe.each(engines)('the police report line before a purchase, on %s', (engine) => {
  let t: TestApp;
  let admin: { id: string; cookie: string };

  const send = (method: 'PUT' | 'POST' | 'GET', url: string, cookie: string, body?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: { cookie, origin: TEST_ORIGIN, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
  const check = { payoutMethod: 'check', payoutDetails: { method: 'check' } };
  const accept = (id: string, cookie: string, offerVersion?: number) =>
    send('POST', '/api/transactions', cookie, { submissionId: id, ...(offerVersion ? { offerVersion } : {}), ...check });
  const line = (item: number, description: string) => ({ ...goldLine, item, description, weight: '10', amount: '497.25' });
  const queueOf = async (id: string) => {
    const res = await send('GET', '/api/admin/compliance/queue', admin.cookie);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as QueueItem[]).filter((item) => item.submissionId === id);
  };
  const reportRows = async () => {
    const res = await send(
      'GET',
      `/api/admin/compliance/police-report?date=${businessDateOf(new Date(), TIME_ZONE)}`,
      admin.cookie,
    );
    expect(res.statusCode, res.body).toBe(200);
    return csvRecords(res.body);
  };
  const statusOf = async (id: string) => (await t.db.select().from(submissions).where(eq(submissions.id, id)))[0]!.status;
  const payoutsOf = (id: string) => t.db.select().from(transactions).where(eq(transactions.submissionId, id));
  const itemsOf = (id: string) =>
    t.db.select().from(submissionItems).where(eq(submissionItems.submissionId, id)).orderBy(submissionItems.position);
  const photograph = (sellerId: string, submissionId: string, itemId: string) =>
    insertImage(t.db, sellerId, { purpose: 'submission', submissionId, itemId });

  /** A seller with an address, a received parcel of these items, and the appraiser's lines (one per item). */
  async function offeredParcel(items: { category: string; description: string }[], lines: object[]) {
    const seller = await signUp(t.app, { firstName: 'Casey', lastName: 'Client' });
    expect((await saveAddress(t.app, seller.cookie)).statusCode).toBe(200);
    const [first, ...rest] = items.map((item) => ({ ...item, estimatedWeight: 10, weightUnit: 'grams' }));
    const created = await send('POST', '/api/submissions', seller.cookie, { ...first, items: rest });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as string;
    expect((await send('POST', `/api/admin/submissions/${id}/receive`, admin.cookie, {})).statusCode).toBe(200);
    const offer = await send('PUT', `/api/submissions/${id}`, admin.cookie, { status: 'offered', offerLines: lines });
    expect(offer.statusCode, offer.body).toBe(200);
    return { seller, id, items: await itemsOf(id) };
  }

  beforeAll(async () => {
    t = await createTestApp(engine, { BUSINESS_TIME_ZONE: TIME_ZONE });
    admin = await signUp(t.app, { email: ADMIN_EMAIL, firstName: 'Ada', lastName: 'Appraiser' });
  });
  afterAll(() => t.close());

  it('refuses the purchase while an item has no photo, names the item in the queue, ignores a declined item, and pays once the bench photo is taken', async () => {
    const { seller, id, items } = await offeredParcel(
      [
        { category: 'jewelry', description: '14k wedding band' },
        { category: 'jewelry', description: '14k rope chain' },
        { category: 'scrap', description: 'Dental gold' },
      ],
      [line(1, 'Band, 14k'), line(2, 'Chain, 14k'), line(3, 'Dental gold, 14k')],
    );
    const [band, chain, dental] = items;
    await photograph(seller.id, id, band!.id);

    // Refused with the seller's sentence, nothing changed.
    const refused = await accept(id, seller.cookie);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(POLICE_REPORT_LINE_SELLER_MESSAGE);
    expect(await statusOf(id)).toBe('offered');
    expect(await payoutsOf(id)).toEqual([]);
    expect((await itemsOf(id)).map((item) => item.outcome)).toEqual([null, null, null]);

    // The appraiser reads which item lacks what.
    const lacking = await queueOf(id);
    expect(lacking.map((item) => [item.kind, item.clearedBy, item.message])).toEqual([
      [
        'report',
        'complete-report-line',
        'Item 2 (14k rope chain) cannot go on the police report yet: no photo of the item (a photo of the item, or a bench test photo on the scale).',
      ],
      [
        'report',
        'complete-report-line',
        'Item 3 (Dental gold) cannot go on the police report yet: no photo of the item (a photo of the item, or a bench test photo on the scale).',
      ],
    ]);
    expect(lacking[0]!.action).toContain('Record a bench test with a photo');

    // The seller keeps the band and the chain and declines the dental gold: it is not bought, so it needs no line.
    const chosen = await send('POST', `/api/submissions/${id}/offer/items`, seller.cookie, {
      offerVersion: 1,
      decisions: [
        { item: 1, decision: 'accept' },
        { item: 2, decision: 'accept' },
        { item: 3, decision: 'decline' },
      ],
    });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect((await queueOf(id)).map((item) => item.message)).toEqual([
      expect.stringMatching(/^Item 2 \(14k rope chain\) cannot go on the police report yet/),
    ]);
    expect((await accept(id, seller.cookie, 2)).statusCode).toBe(409);

    // The appraiser weighs the chain with its photo on the scale: the line is whole.
    const scale = await send('POST', '/api/admin/bench/instruments', admin.cookie, {
      name: 'Bench scale',
      kind: 'scale',
      serial: `SN-${crypto.randomUUID().slice(0, 8)}`,
      lastCalibratedOn: day(-30),
      nextCalibrationDue: day(150),
    });
    expect(scale.statusCode, scale.body).toBe(200);
    const bench = (await send('GET', `/api/admin/submissions/${id}/bench-tests`, admin.cookie)).json() as {
      lines: { id: string; item: number | null }[];
    };
    const chainLine = bench.lines.find((l) => l.item === 2)!;
    const onTheScale = await uploadPhoto(t.app, admin.cookie, await jpeg(320, 240), { purpose: 'intake' });
    const tested = await send('POST', `/api/admin/submissions/${id}/bench-tests`, admin.cookie, {
      lineId: chainLine.id,
      instrumentId: scale.json().id,
      reading: { method: 'scale', grams: 10 },
      photoImageId: onTheScale.imageId,
    });
    expect(tested.statusCode, tested.body).toBe(200);
    expect(await queueOf(id)).toEqual([]);

    const paid = await accept(id, seller.cookie, 2);
    expect(paid.statusCode, paid.body).toBe(201);
    expect((await itemsOf(id)).map((item) => item.outcome)).toEqual(['sold', 'sold', 'returned']);

    // The report's line for the chain carries the bench photo; the dental gold has none.
    const rows = (await reportRows()).filter((row) => row['Transaction ID'] === paid.json().id);
    expect(rows.map((row) => row['Item description'])).toEqual(['14k wedding band; Band, 14k', '14k rope chain; Chain, 14k']);
    expect(rows[1]!['Photo links']).toBe(`${TEST_ORIGIN}/api/objects/${onTheScale.imageId}`);
    expect(rows[0]!['Photo links']).not.toContain(onTheScale.imageId);
    expect(rows.map((row) => row['Item ID'])).not.toContain(dental!.id);
    expect(chain!.description).toBe('14k rope chain');
  });

  it("a one-number offer on an item whose metal nobody named waits only for its photo, and its line carries the kind's OTHER code", async () => {
    const seller = await signUp(t.app, { firstName: 'Casey', lastName: 'Client' });
    expect((await saveAddress(t.app, seller.cookie)).statusCode).toBe(200);
    const created = await send('POST', '/api/submissions', seller.cookie, {
      category: 'scrap',
      description: 'Broken pieces',
      estimatedWeight: 10,
      weightUnit: 'grams',
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as string;
    expect((await send('POST', `/api/admin/submissions/${id}/receive`, admin.cookie, {})).statusCode).toBe(200);
    const oneNumber = await send('PUT', `/api/submissions/${id}`, admin.cookie, {
      status: 'offered',
      finalOffer: '300.00',
      actualWeight: 10,
    });
    expect(oneNumber.statusCode, oneNumber.body).toBe(200);

    const refused = await accept(id, seller.cookie);
    expect([refused.statusCode, refused.json().error, refused.json().message]).toEqual([
      409,
      'PURCHASE_RECORD_INCOMPLETE',
      POLICE_REPORT_LINE_SELLER_MESSAGE,
    ]);
    expect(await payoutsOf(id)).toEqual([]);
    expect((await queueOf(id)).map((item) => item.message)).toEqual([
      'Item 1 (Broken pieces) cannot go on the police report yet: no photo of the item (a photo of the item, or a bench test photo on the scale).',
    ]);

    // A photo of the whole parcel, as "Request More Photos" brings one, shows its one item.
    await insertImage(t.db, seller.id, { purpose: 'submission', submissionId: id });
    expect(await queueOf(id)).toEqual([]);
    const paid = await accept(id, seller.cookie);
    expect(paid.statusCode, paid.body).toBe(201);
    const [row] = (await reportRows()).filter((r) => r['Transaction ID'] === paid.json().id);
    expect(row).toMatchObject({ 'Article code': 'SCRAP-OTHER' });
    expect(row!['Photo links']).toMatch(new RegExp(`^${TEST_ORIGIN}/api/objects/`));
  });

  it("a purchase needing no ID carries the seller's name and address: refused without an address, paid once it is given", async () => {
    const seller = await signUp(t.app, { firstName: 'Grace', lastName: 'Hopper' });
    // Received before the state rules (no stored rule) and below $10,000: no ID is asked.
    const sub = buildSubmission({ userId: seller.id, status: 'offered', finalOffer: '400.00', material: 'silver' });
    await t.db.insert(submissions).values(sub);
    await insertImage(t.db, seller.id, { purpose: 'submission', submissionId: sub.id! });

    const refused = await accept(sub.id!, seller.cookie);
    expect([refused.statusCode, refused.json().message]).toEqual([409, POLICE_REPORT_ADDRESS_SELLER_MESSAGE]);
    expect(await payoutsOf(sub.id!)).toEqual([]);
    const [lacking] = await queueOf(sub.id!);
    expect(lacking).toMatchObject({ kind: 'report', clearedBy: 'seller' });
    expect(lacking!.message).toContain("no address for the seller (neither the inbound label's sender nor the profile)");

    expect((await saveAddress(t.app, seller.cookie)).statusCode).toBe(200);
    const paid = await accept(sub.id!, seller.cookie);
    expect(paid.statusCode, paid.body).toBe(201);
    const [row] = (await reportRows()).filter((r) => r['Transaction ID'] === paid.json().id);
    expect(row).toMatchObject({
      'Seller name': 'Grace Hopper',
      'Seller address': expect.stringContaining('12 Main Street'),
      'ID number': 'not recorded',
      'Article code': 'JEWELRY-SILVER',
    });
  });

  it("a purchase needing ID asks the approved ID's issuer, not the address", async () => {
    const seller = await signUp(t.app, { firstName: 'Alan', lastName: 'Turing' });
    // Above SPEC's $10,000: ID is required. The seller has no profile address, which ID makes unnecessary.
    const sub = buildSubmission({ userId: seller.id, status: 'offered', finalOffer: '12000.00', material: 'gold-18k' });
    await t.db.insert(submissions).values(sub);
    await insertImage(t.db, seller.id, { purpose: 'submission', submissionId: sub.id! });
    const approved = (issuer: string | null, createdAt: Date) =>
      t.db.insert(kycRecords).values({
        id: crypto.randomUUID(),
        userId: seller.id,
        status: 'approved',
        fullName: 'Alan Turing',
        idType: 'passport',
        idIssuer: issuer,
        idNumberLast4: '4321',
        encryptedIdNumber: 'v1:test',
        reviewedAt: createdAt,
        createdAt,
      });
    await approved(null, new Date(Date.now() - DAY));

    const refused = await accept(sub.id!, seller.cookie);
    expect([refused.statusCode, refused.json().message]).toEqual([409, POLICE_REPORT_LINE_SELLER_MESSAGE]);
    const [lacking] = await queueOf(sub.id!);
    expect(lacking).toMatchObject({ kind: 'report', clearedBy: 'request-id' });
    expect(lacking!.message).toContain("the seller's approved ID does not name its issuer");

    await approved('GB', new Date());
    const paid = await accept(sub.id!, seller.cookie);
    expect(paid.statusCode, paid.body).toBe(201);
    const [payout] = await t.db
      .select()
      .from(transactions)
      .where(and(eq(transactions.submissionId, sub.id!), eq(transactions.userId, seller.id)));
    expect(payout).toBeDefined();
  });
});
