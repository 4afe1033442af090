// The goodwill of the guaranteed floor paid and booked (issue 27 item 2, decision 036 "Later"): an
// offer below the floor that the measured facts do not explain owes the published goodwill whether
// the seller accepts (paid with the offer, its own ledger lines) or declines (claimed as its own
// payout, once). The ledger balances and the reconciliation agrees in every case.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, ledgerLines, payoutRates, pricing, transactions } from '../../src/db/schema/index.ts';
import { saveAddress } from '../support/addresses.ts';
import { goldLine } from '../support/offer-lines.ts';
import { signUp } from '../support/sessions.ts';
import { ADMIN_EMAIL, createTestApp, engines, TEST_ORIGIN, type TestApp } from '../support/test-app.ts';
import { photographItems } from '../support/report-lines.ts';

describe.each(engines)('goodwill of the guaranteed floor on %s', (engine) => {
  let t: TestApp;
  let admin: { id: string; cookie: string };
  let seller: { id: string; cookie: string };

  const send = (method: 'PUT' | 'POST' | 'GET', url: string, cookie: string, body?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: { cookie, origin: TEST_ORIGIN, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
  const check = { payoutMethod: 'check', payoutDetails: { method: 'check' } };
  const paypal = { payoutMethod: 'paypal', payoutDetails: { email: 'casey@example.com' } };
  const claim = (id: string, cookie = seller.cookie, body: object = paypal) =>
    send('POST', `/api/submissions/${id}/goodwill`, cookie, body);
  const measuredLine = (weight: string, amount: string) => ({ ...goldLine, weight, amount, reason: 'Measured on our scale.' });

  /** 14k gold, 10 g named (floor $382.50), received and offered the given line. */
  async function offered(line: object) {
    const created = await send('POST', '/api/submissions', seller.cookie, {
      category: 'jewelry',
      description: '14k gold chain',
      estimatedWeight: 10,
      weightUnit: 'grams',
      material: 'gold-14k',
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as string;
    await photographItems(t.db, id, seller.id);
    expect((await send('POST', `/api/admin/submissions/${id}/receive`, admin.cookie, {})).statusCode).toBe(200);
    const offer = await send('PUT', `/api/submissions/${id}`, admin.cookie, { status: 'offered', offerLines: [line] });
    expect(offer.statusCode, offer.body).toBe(200);
    return id;
  }
  const declined = async (line: object) => {
    const id = await offered(line);
    const res = await send('POST', `/api/submissions/${id}/decline`, seller.cookie, {});
    expect(res.statusCode, res.body).toBe(200);
    return id;
  };
  const ledgerOf = (transactionId: string) => t.db.select().from(ledgerLines).where(eq(ledgerLines.transactionId, transactionId));
  const accountTotal = (lines: { account: string; debitCents: number; creditCents: number }[], account: string) =>
    lines.filter((l) => l.account === account).reduce((sum, l) => sum + Number(l.debitCents) - Number(l.creditCents), 0);
  const reconciliation = async () => (await send('GET', '/api/admin/ledger/reconciliation', admin.cookie)).json();
  const actionsOf = async (id: string) =>
    (await t.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.entityId, id))).map((r) => r.action);

  beforeAll(async () => {
    t = await createTestApp(engine);
    admin = await signUp(t.app, { email: ADMIN_EMAIL, firstName: 'Ada', lastName: 'Appraiser' });
    seller = await signUp(t.app, { firstName: 'Casey', lastName: 'Client' });
    expect((await saveAddress(t.app, seller.cookie)).statusCode).toBe(200);
    await t.db.insert(pricing).values({
      id: 'gold-14k',
      itemType: 'gold-14k',
      pricePerOz: '1555.1750',
      pricePerGram: '50.0000',
      source: 'gold-api.com',
      fetchedAt: new Date('2026-11-24T02:00:00.000Z'),
    });
    await t.db
      .insert(payoutRates)
      .values({ id: crypto.randomUUID(), itemType: 'gold-14k', minPercent: '85.00', maxPercent: '90.00' });
    await t.app.ctx.pricing.reload();
  });
  afterAll(() => t.close());

  it('accepted below the floor unexplained: the goodwill is paid with the offer and booked as an expense', async () => {
    const id = await offered(measuredLine('10', '360.00'));
    const res = await send('POST', '/api/transactions', seller.cookie, { submissionId: id, ...check });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ grossAmount: '360.00', feeAmount: '0.00', goodwillAmount: '25.00', amount: '385.00' });
    const lines = await ledgerOf(res.json().id);
    expect(accountTotal(lines, 'expense:goodwill')).toBe(2_500);
    expect(accountTotal(lines, 'inventory:purchases')).toBe(36_000);
    expect(accountTotal(lines, 'liability:seller-payable')).toBe(-38_500);
    expect(await actionsOf(id)).toEqual(expect.arrayContaining(['payout_requested', 'goodwill_added']));
    expect(await reconciliation()).toEqual([]);
    // Paid with the offer: nothing more to claim.
    expect((await claim(id)).json().message).toBe('This offer was accepted, so any goodwill owed was paid with it.');
  });

  it('declined below the floor unexplained: the seller claims the goodwill as its own payout, once', async () => {
    const id = await declined(measuredLine('10', '360.00'));
    const res = await claim(id);
    expect(res.statusCode, res.body).toBe(201);
    // Whole: no PayPal fee is kept from the goodwill.
    expect(res.json()).toMatchObject({
      submissionId: id,
      grossAmount: '0.00',
      feeAmount: '0.00',
      goodwillAmount: '25.00',
      amount: '25.00',
      payoutMethod: 'paypal',
      status: 'pending',
    });
    const lines = await ledgerOf(res.json().id);
    expect(accountTotal(lines, 'expense:goodwill')).toBe(2_500);
    expect(accountTotal(lines, 'inventory:purchases')).toBe(0);
    expect(await actionsOf(id)).toContain('goodwill_claimed');
    expect(await reconciliation()).toEqual([]);
    const detail = (await send('GET', `/api/submissions/${id}`, seller.cookie)).json();
    expect(detail.transaction).toMatchObject({ amount: '25.00', goodwillAmount: '25.00' });

    const again = await claim(id, seller.cookie, check);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('You have already claimed the goodwill for this submission; it is on its payout.');
    expect(await t.db.select().from(transactions).where(eq(transactions.submissionId, id))).toHaveLength(1);
  });

  it('two claims racing: one payout, the other hears 409', async () => {
    const id = await declined(measuredLine('10', '360.00'));
    const answers = await Promise.all([claim(id), claim(id, seller.cookie, check)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    expect(await t.db.select().from(transactions).where(eq(transactions.submissionId, id))).toHaveLength(1);
  });

  it('no goodwill when the measured facts explain the offer, accepted or declined', async () => {
    // 8 g instead of 10: the floor moves to $306.00, and $360 keeps it.
    const acceptedId = await offered(measuredLine('8', '360.00'));
    const accepted = await send('POST', '/api/transactions', seller.cookie, { submissionId: acceptedId, ...check });
    expect(accepted.statusCode, accepted.body).toBe(201);
    expect(accepted.json()).toMatchObject({ goodwillAmount: '0.00', amount: '360.00' });
    expect(accountTotal(await ledgerOf(accepted.json().id), 'expense:goodwill')).toBe(0);

    const declinedId = await declined(measuredLine('8', '360.00'));
    const res = await claim(declinedId);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('No goodwill is owed: the offer met the guaranteed floor, or what we measured explains it.');
  });

  it('refuses a claim before the decline, on someone else’s submission, and with a bad payout method', async () => {
    const id = await offered(measuredLine('10', '360.00'));
    const early = await claim(id);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toMatch(/once you have declined it/);
    expect((await claim(id, admin.cookie)).statusCode).toBe(404);
    const other = await signUp(t.app, { firstName: 'Other', lastName: 'Seller' });
    expect((await claim(id, other.cookie)).statusCode).toBe(404);
    const bad = await claim(id, seller.cookie, { payoutMethod: 'wire' });
    expect(bad.statusCode).toBe(400);
    expect(await t.db.select().from(transactions).where(eq(transactions.submissionId, id))).toHaveLength(0);
  });
});
