// The year-end seller list (issue 28 item 7): sellers paid at least TAX_REPORTING_THRESHOLD in a
// calendar year of the business, with their totals; the CSV adds full addresses and is audited.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, offerLines, offers, transactions } from '../../src/db/schema/index.ts';
import { transitionPayout } from '../../src/modules/payouts/payout-status.repository.ts';
import { HOME_ADDRESS, saveAddress } from '../support/addresses.ts';
import { expectAdminsOnly } from '../support/admins-only.ts';
import { csvRecords } from '../support/csv-parser.ts';
import { achDetails, offeredSubmission, postJson, signUpAdmin } from '../support/payouts.fixtures.ts';
import { signUp } from '../support/sessions.ts';
import { createTestApp, engines, type TestApp } from '../support/test-app.ts';

const TIME_ZONE = 'America/New_York';

describe.each(engines)('the year-end seller list on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, { BUSINESS_TIME_ZONE: TIME_ZONE, TAX_REPORTING_THRESHOLD: '600' });
  });
  afterAll(() => t.close());

  const get = (url: string, cookie: string) => t.app.inject({ url, headers: { cookie } });

  /** A purchase of `amount` dollars, accepted by the seller and paid at `paidAt`. */
  async function paidPurchase(seller: { id: string; cookie: string }, amount: string, paidAt: Date) {
    const submission = await offeredSubmission(t.db, seller.id, amount);
    const accepted = await postJson(
      t.app,
      '/api/transactions',
      { submissionId: submission.id, payoutMethod: 'ach', payoutDetails: achDetails },
      seller.cookie,
    );
    expect(accepted.statusCode, accepted.body).toBe(201);
    const [payout] = await t.db.select().from(transactions).where(eq(transactions.submissionId, submission.id));
    await transitionPayout(t.db, { id: payout!.id, transition: 'confirmPaid', at: paidAt, reference: 'CONF-1' });
    return submission;
  }

  it('is for appraisers only', async () => {
    const client = await signUp(t.app);
    await expectAdminsOnly(
      t.app,
      [
        ['GET', '/api/admin/tax-reporting/sellers?year=2026'],
        ['GET', '/api/admin/tax-reporting/sellers.csv?year=2026'],
      ],
      client.cookie,
    );
  });

  it('lists the sellers paid at least the threshold in the year they were paid, with their totals, and downloads them with addresses', async () => {
    const admin = await signUpAdmin(t.app, t.db);
    const ada = await signUp(t.app, { firstName: 'Ada', lastName: 'Lovelace' });
    expect((await saveAddress(t.app, ada.cookie)).statusCode).toBe(200);
    const grace = await signUp(t.app, { firstName: 'Grace', lastName: 'Hopper' });

    await paidPurchase(ada, '450.00', new Date('2025-03-02T15:00:00Z'));
    const bar = await paidPurchase(ada, '400.00', new Date('2025-07-14T15:00:00Z'));
    // New Year's Eve in New York, already 2026 in UTC: it counts in 2025.
    await paidPurchase(ada, '100.00', new Date('2026-01-01T03:00:00Z'));
    // Below the threshold that year; paid again the next year.
    await paidPurchase(grace, '599.99', new Date('2025-05-05T15:00:00Z'));
    await paidPurchase(grace, '800.00', new Date('2026-02-02T15:00:00Z'));
    // The bar's accepted offer priced a line of fine gold: a purchase of bullion fineness.
    const offerId = crypto.randomUUID();
    await t.db
      .insert(offers)
      .values({ id: offerId, submissionId: bar.id, version: 1, status: 'accepted', total: 40_000, validUntil: new Date() });
    await t.db.insert(offerLines).values({
      id: crypto.randomUUID(),
      offerId,
      position: 1,
      description: 'Cast bar, 10 g',
      weight: '10',
      weightUnit: 'grams',
      material: 'gold-24k',
      purityPercent: '99.990',
      testMethod: 'xrf',
      referencePrice: '77.1600',
      referenceUnit: 'gram',
      priceSource: 'test',
      pricedAt: new Date(),
      percentPaid: '90.00',
      amount: 40_000,
    });

    const res = await get('/api/admin/tax-reporting/sellers?year=2025', admin.cookie);
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json();
    expect(report).toMatchObject({ year: 2025, timeZone: TIME_ZONE, thresholdCents: 60_000 });
    expect(report.sellers).toEqual([
      {
        userId: ada.id,
        name: 'Ada Lovelace',
        legalName: null,
        email: ada.email,
        place: `${HOME_ADDRESS.city}, ${HOME_ADDRESS.state} ${HOME_ADDRESS.postalCode}`,
        purchases: 3,
        grossCents: 95_000,
        paidCents: expect.any(Number),
        bullionPurchases: 1,
        firstPaidOn: '2025-03-02',
        lastPaidOn: '2025-12-31',
      },
    ]);
    expect(report.sellers[0].paidCents).toBeLessThanOrEqual(95_000);

    const next = (await get('/api/admin/tax-reporting/sellers?year=2026', admin.cookie)).json();
    expect(next.sellers.map((s: { userId: string }) => s.userId)).toEqual([grace.id]);

    const csv = await get('/api/admin/tax-reporting/sellers.csv?year=2025', admin.cookie);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toBe('attachment; filename="assay-sellers-2025.csv"');
    expect(csv.headers['cache-control']).toBe('no-store');
    const [row] = csvRecords(csv.body);
    expect(row).toMatchObject({
      'Account name': 'Ada Lovelace',
      Street: `${HOME_ADDRESS.line1}, ${HOME_ADDRESS.line2}`,
      City: HOME_ADDRESS.city,
      State: HOME_ADDRESS.state,
      ZIP: HOME_ADDRESS.postalCode,
      Purchases: '3',
      'Gross proceeds (USD)': '950.00',
      'First paid': '2025-03-02',
      'Last paid': '2025-12-31',
    });
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.action, 'tax_year_report_exported'));
    expect(audits.map((a) => [a.actorId, a.entityId, a.changes])).toEqual([
      [admin.id, 'tax-year:2025', { reportYear: 2025, recordCount: 1 }],
    ]);
  });

  it('refuses a year that is not a whole past or current calendar year with a sentence', async () => {
    const admin = await signUpAdmin(t.app, t.db);
    for (const [year, message] of [
      ['next', /calendar year/],
      ['2019', /2020 or later/],
      ['2026.5', /calendar year/],
      [String(new Date().getUTCFullYear() + 2), /not be in the future/],
    ] as const) {
      const res = await get(`/api/admin/tax-reporting/sellers?year=${year}`, admin.cookie);
      expect(res.statusCode, year).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    const missing = await get('/api/admin/tax-reporting/sellers', admin.cookie);
    expect(missing.statusCode).toBe(400);
  });
});
