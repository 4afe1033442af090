// The check register (issue 12 item 4): a check registered for a pending check payout puts it on
// its way, mailing it pays it, voiding it fails or returns it so the seller retries; the ledger
// reconciles after each journey; the printable page reads back with the payee, the amount in words
// and the number; every bad input is refused with nothing written.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { businessDateOf, checkDateText, shortId } from '@assay/domain';
import { auditLog, checks, transactions, users } from '../../src/db/schema/index.ts';
import { offeredSubmission, postJson } from '../support/payouts.fixtures.ts';
import { HOME_ADDRESS, saveAddress } from '../support/addresses.ts';
import { deleteAllPayouts } from '../support/ledger.ts';
import { expectAdminsOnly } from '../support/admins-only.ts';
import { signUp } from '../support/sessions.ts';
import { ADMIN_EMAIL, createTestApp, engines, type TestApp } from '../support/test-app.ts';
import { readPdf } from '../support/shipping-pdf-reader.ts';
import { payoutMessages } from '../../src/modules/payouts/payout-view.ts';

interface CheckAnswer {
  id: string;
  transactionId: string;
  submissionShortId: string;
  checkNumber: number;
  payee: string;
  amount: string;
  mailingAddress: typeof HOME_ADDRESS;
  status: string;
  mailedOn: string | null;
  voidReason: string | null;
  payoutStatus: string;
}

// Days on the business's calendar (the configuration's default BUSINESS_TIME_ZONE), as an appraiser
// reads them: between midnight UTC and midnight in New York the UTC day is already tomorrow there.
const BUSINESS_TIME_ZONE = 'America/New_York';
const dayOffset = (days: number) => businessDateOf(new Date(Date.now() + days * 86_400_000), BUSINESS_TIME_ZONE);
const today = () => dayOffset(0);

describe.each(engines)('the check register on %s', (engine) => {
  let t: TestApp;
  let admin: { id: string; cookie: string };
  let seller: { id: string; email: string; cookie: string };

  const get = (url: string, cookie: string | null = admin.cookie) =>
    t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  const post = (url: string, body: unknown = {}, cookie: string = admin.cookie) => postJson(t.app, url, body, cookie);
  const register = (body: unknown) => post('/api/admin/payouts/checks', body);
  const payoutRow = async (id: string) => (await t.db.select().from(transactions).where(eq(transactions.id, id)))[0]!;
  const checkRows = () => t.db.select().from(checks);
  const reconciliation = async () => (await get('/api/admin/ledger/reconciliation')).json() as unknown[];

  /** The seller accepts an offer through the real route, choosing `method`. */
  async function sellerAsksFor(method: 'check' | 'paypal' = 'check', offer = '500.00', who = seller) {
    const sub = await offeredSubmission(t.db, who.id, offer);
    const res = await post(
      '/api/transactions',
      {
        submissionId: sub.id,
        payoutMethod: method,
        payoutDetails: method === 'paypal' ? { email: 'seller@example.com' } : { method: 'check' },
      },
      who.cookie,
    );
    expect(res.statusCode, res.body).toBe(201);
    return { submissionId: sub.id, transactionId: res.json().id as string };
  }

  async function registered(body: object = {}): Promise<CheckAnswer & { submissionId: string }> {
    const payout = await sellerAsksFor();
    const res = await register({ transactionId: payout.transactionId, ...body });
    expect(res.statusCode, res.body).toBe(201);
    return { ...(res.json() as CheckAnswer), submissionId: payout.submissionId };
  }

  async function timeline(submissionId: string) {
    const res = await get(`/api/submissions/${submissionId}`, seller.cookie);
    return (res.json() as { timeline: { action: string; detail?: string }[] }).timeline;
  }

  beforeAll(async () => {
    t = await createTestApp(engine, { CHECK_FIRST_NUMBER: '1001' });
    admin = await signUp(t.app, { email: ADMIN_EMAIL, firstName: 'Ada', lastName: 'Appraiser' });
    seller = await signUp(t.app, { firstName: 'Grace', lastName: 'Hopper' });
    expect((await saveAddress(t.app, seller.cookie)).statusCode).toBe(200);
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await deleteAllPayouts(t.db);
  });

  it('lets only admins in: 401 for visitors, 403 for sellers', async () => {
    const id = crypto.randomUUID();
    const routes = [
      ['POST', '/api/admin/payouts/checks'],
      ['GET', '/api/admin/payouts/checks'],
      ['GET', '/api/admin/payouts/checks/next-number'],
      ['POST', `/api/admin/payouts/checks/${id}/mailed`],
      ['POST', `/api/admin/payouts/checks/${id}/void`],
      ['GET', `/api/admin/payouts/checks/${id}/stub.pdf`],
    ] as const;
    await expectAdminsOnly(t.app, routes, seller.cookie);
  });

  it('register -> mailed -> paid: the payout goes on its way by check, then is paid; the seller sees both; the ledger agrees', async () => {
    const payout = await sellerAsksFor('check', '500.00');
    expect((await get('/api/admin/payouts/checks/next-number')).json()).toEqual({ checkNumber: 1001 });
    const res = await register({ transactionId: payout.transactionId });
    expect(res.statusCode, res.body).toBe(201);
    const check = res.json() as CheckAnswer;
    expect(check).toMatchObject({
      checkNumber: 1001,
      payee: 'Grace Hopper',
      amount: '500.00',
      status: 'printed',
      mailedOn: null,
      payoutStatus: 'processing',
      submissionShortId: shortId(payout.submissionId),
      mailingAddress: HOME_ADDRESS,
    });
    expect(await payoutRow(payout.transactionId)).toMatchObject({ status: 'processing', rail: 'check', reference: '1001' });
    expect(await reconciliation()).toEqual([]);
    const processing = (await timeline(payout.submissionId)).find((e) => e.action === 'payout_processing');
    expect(processing?.detail).toMatch(/^Check 1001 printed \w+ \d+; we mail it within 1 business day\.$/);

    // The next number follows the highest used.
    expect((await get('/api/admin/payouts/checks/next-number')).json()).toEqual({ checkNumber: 1002 });
    const second = await registered();
    expect(second.checkNumber).toBe(1002);

    const mailed = await post(`/api/admin/payouts/checks/${check.id}/mailed`, { mailedOn: today() });
    expect(mailed.statusCode, mailed.body).toBe(200);
    expect(mailed.json()).toMatchObject({ status: 'mailed', mailedOn: today(), payoutStatus: 'paid' });
    expect(await payoutRow(payout.transactionId)).toMatchObject({ status: 'paid', rail: 'check', reference: 'Check 1001' });
    const paid = (await timeline(payout.submissionId)).find((e) => e.action === 'payout_sent');
    expect(paid?.detail).toMatch(/^Paid by check 1001, mailed \w+ \d+; it usually arrives in 5-7 business days\.$/);
    expect(await reconciliation()).toEqual([]);

    const audit = await t.db.select().from(auditLog).where(eq(auditLog.entityId, payout.transactionId));
    expect(audit.map((a) => a.action)).toContain('check_registered');

    // Mailing it twice is refused, and changes nothing.
    const again = await post(`/api/admin/payouts/checks/${check.id}/mailed`, { mailedOn: today() });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(`Check 1001 was already marked mailed on ${today()}.`);

    const list = await get('/api/admin/payouts/checks');
    expect((list.json() as CheckAnswer[]).map((c) => c.checkNumber)).toEqual([1002, 1001]);
    const onlyMailed = await get('/api/admin/payouts/checks?status=mailed');
    expect((onlyMailed.json() as CheckAnswer[]).map((c) => c.checkNumber)).toEqual([1001]);
  });

  it('void before mailing -> failed -> the seller gives details again -> a new check; the ledger agrees throughout', async () => {
    const check = await registered({ checkNumber: 5000 });
    const res = await post(`/api/admin/payouts/checks/${check.id}/void`, { reason: '  printed with a smudge ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'voided', voidReason: 'printed with a smudge', payoutStatus: 'failed' });
    expect(await payoutRow(check.transactionId)).toMatchObject({
      status: 'failed',
      statusReason: 'Check 5000 voided: printed with a smudge',
    });
    expect(await reconciliation()).toEqual([]);
    const failed = (await timeline(check.submissionId)).find((e) => e.action === 'payout_failed');
    expect(failed?.detail).toMatch(/Check 5000 voided: printed with a smudge\. Please give new payout details\.$/);

    // Voided checks stay voided and are not printed again.
    expect((await post(`/api/admin/payouts/checks/${check.id}/void`, { reason: 'again' })).statusCode).toBe(409);
    expect((await post(`/api/admin/payouts/checks/${check.id}/mailed`, { mailedOn: today() })).statusCode).toBe(409);
    expect((await get(`/api/admin/payouts/checks/${check.id}/stub.pdf`)).statusCode).toBe(409);

    const retried = await post(
      `/api/transactions/${check.transactionId}/retry`,
      { payoutMethod: 'check', payoutDetails: { method: 'check' } },
      seller.cookie,
    );
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json()).toMatchObject({ status: 'pending', attempt: 2 });

    const next = await register({ transactionId: check.transactionId });
    expect(next.statusCode, next.body).toBe(201);
    expect(next.json()).toMatchObject({ checkNumber: 5001, status: 'printed', payoutStatus: 'processing' });
    const mailed = await post(`/api/admin/payouts/checks/${next.json().id}/mailed`, { mailedOn: today() });
    expect(mailed.statusCode, mailed.body).toBe(200);
    expect(await reconciliation()).toEqual([]);
  });

  it('void after mailing (never arrived) -> returned -> retried; the ledger re-opens what is owed', async () => {
    const check = await registered();
    expect((await post(`/api/admin/payouts/checks/${check.id}/mailed`, { mailedOn: today() })).statusCode).toBe(200);
    const res = await post(`/api/admin/payouts/checks/${check.id}/void`, { reason: 'never arrived; payment stopped' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'voided', mailedOn: today(), payoutStatus: 'returned' });
    expect(await payoutRow(check.transactionId)).toMatchObject({
      status: 'returned',
      statusReason: 'Check 1001 voided: never arrived; payment stopped',
    });
    expect(await reconciliation()).toEqual([]);
    const returned = (await timeline(check.submissionId)).find((e) => e.action === 'payout_returned');
    expect(returned?.detail).toMatch(/^Check stopped \w+ \d+: Check 1001 voided: never arrived; payment stopped\./);

    const retried = await post(
      `/api/transactions/${check.transactionId}/retry`,
      { payoutMethod: 'check', payoutDetails: { method: 'check' } },
      seller.cookie,
    );
    expect(retried.statusCode, retried.body).toBe(200);
    expect(await reconciliation()).toEqual([]);
    const next = await register({ transactionId: check.transactionId });
    expect(next.statusCode, next.body).toBe(201);
    expect(await reconciliation()).toEqual([]);
  });

  it('prints a letter page that reads back the payee, amount in figures and words, number, memo and address', async () => {
    const payout = await sellerAsksFor('check', '485.20');
    const check = (await register({ transactionId: payout.transactionId, checkNumber: 1234 })).json() as CheckAnswer;
    const res = await get(`/api/admin/payouts/checks/${check.id}/stub.pdf`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('inline; filename="assay-check-1234.pdf"');
    expect(res.headers['cache-control']).toBe('private, no-store');
    const pdf = await readPdf(res.rawPayload);
    expect(pdf.pages).toBe(1);
    expect([pdf.width, pdf.height]).toEqual([612, 792]);
    expect(pdf.lines).toEqual(
      expect.arrayContaining([
        'No. 1234',
        'Grace Hopper',
        '$**485.20',
        'Four hundred eighty-five and 20/100 dollars ******',
        `Submission #${shortId(payout.submissionId)}`,
        'Casey Client',
        '12 Main Street',
        'Apt 4B',
        'Springfield, IL 62701',
        t.config.business.legalName,
        'Net amount paid',
        '$485.20',
      ]),
    );
    // Dated the day it was registered on the business's calendar, not UTC's.
    expect(pdf.text).toContain(checkDateText(today()));
    expect(pdf.text).not.toMatch(/routing|account number/i);
    // The example business of tests and demos marks its checks.
    expect(pdf.lines).toContain('EXAMPLE BUSINESS: NOT A CHECK');
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.entityId, payout.transactionId));
    expect(audit.filter((a) => a.action === 'check_stub_downloaded')).toHaveLength(1);
  });

  describe('bad input, refused with a sentence and nothing written', () => {
    async function expectNothingWritten(transactionId: string) {
      expect(await checkRows()).toEqual([]);
      expect((await payoutRow(transactionId)).status).toBe('pending');
    }

    it('malformed bodies: 400', async () => {
      const payout = await sellerAsksFor();
      for (const body of [
        {},
        { transactionId: '' },
        { transactionId: payout.transactionId, checkNumber: 0 },
        { transactionId: payout.transactionId, checkNumber: 123_456_789 },
        { transactionId: payout.transactionId, checkNumber: '1001' },
        { transactionId: payout.transactionId, checkNumber: 10.5 },
      ]) {
        const res = await register(body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json().message).toMatch(/\.$/);
      }
      const broken = await postJson(t.app, '/api/admin/payouts/checks', '{"transactionId":', admin.cookie);
      expect(broken.statusCode).toBe(400);
      await expectNothingWritten(payout.transactionId);
      expect((await get('/api/admin/payouts/checks?status=lost')).statusCode).toBe(400);
    });

    it('unknown payout or check: 404', async () => {
      const unknown = await register({ transactionId: crypto.randomUUID() });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().message).toBe('That payout was not found.');
      for (const url of ['mailed', 'void']) {
        const res = await post(`/api/admin/payouts/checks/${crypto.randomUUID()}/${url}`, { mailedOn: today(), reason: 'x' });
        expect(res.statusCode).toBe(404);
        expect(res.json().message).toBe('That check was not found.');
      }
      expect((await get(`/api/admin/payouts/checks/${crypto.randomUUID()}/stub.pdf`)).statusCode).toBe(404);
    });

    it('a payout by another method, or not pending: 409', async () => {
      const paypal = await sellerAsksFor('paypal');
      const res = await register({ transactionId: paypal.transactionId });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe('This payout goes by PayPal, not by check, so no check is registered for it.');
      await expectNothingWritten(paypal.transactionId);

      const check = await registered();
      const twice = await register({ transactionId: check.transactionId });
      expect(twice.statusCode).toBe(409);
      expect(twice.json().message).toBe(
        'This payout is "On its way"; a check is registered only for a payout waiting to be sent.',
      );
      expect(await checkRows()).toHaveLength(1);
    });

    it('a duplicate check number: 409, the payout still pending', async () => {
      await registered({ checkNumber: 2000 });
      const payout = await sellerAsksFor();
      const res = await register({ transactionId: payout.transactionId, checkNumber: 2000 });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe('Check number 2000 is already in the register; use the next unused number.');
      expect((await payoutRow(payout.transactionId)).status).toBe('pending');
      expect(await checkRows()).toHaveLength(1);
    });

    it('a registered check payout cannot be marked sent by hand: only the register pays it', async () => {
      const check = await registered();
      const byHand = await post(`/api/admin/transactions/${check.transactionId}/sent`, { reference: 'paid at the counter' });
      expect(byHand.statusCode).toBe(409);
      expect(byHand.json().message).toBe(payoutMessages.onItsWay('check'));
      expect(await payoutRow(check.transactionId)).toMatchObject({ status: 'processing', reference: '1001' });
      const mailed = await post(`/api/admin/payouts/checks/${check.id}/mailed`, { mailedOn: today() });
      expect(mailed.statusCode, mailed.body).toBe(200);
      expect(await reconciliation()).toEqual([]);
    });

    it('a seller with no mailing address: 409 with a sentence', async () => {
      const other = await signUp(t.app, { firstName: 'Nomad' });
      const payout = await sellerAsksFor('check', '100.00', other);
      // The purchase needed an address for its police report line; the register's own guard is for
      // one gone from the profile since.
      await t.db.update(users).set({ shippingAddress: null, encryptedStreet: null }).where(eq(users.id, other.id));
      const res = await register({ transactionId: payout.transactionId });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe('The seller has no mailing address on file; ask them for one before registering a check.');
      await expectNothingWritten(payout.transactionId);
    });

    it('a mailing day in the future, before registration or malformed: 400; a bad void reason: 400', async () => {
      const check = await registered();
      const cases: [unknown, string][] = [
        [{ mailedOn: dayOffset(2) }, 'The day the check was mailed cannot be in the future.'],
        [{ mailedOn: dayOffset(-2) }, `The check was registered on ${today()}, so it cannot have been mailed before that.`],
        [{ mailedOn: '2026-02-30' }, 'Please give the day the check was mailed as YYYY-MM-DD.'],
        [{}, 'Please give the day the check was mailed as YYYY-MM-DD.'],
      ];
      for (const [body, sentence] of cases) {
        const res = await post(`/api/admin/payouts/checks/${check.id}/mailed`, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json().message).toContain(sentence);
      }
      for (const body of [{}, { reason: '   ' }, { reason: 'x'.repeat(201) }, { reason: 5 }]) {
        const res = await post(`/api/admin/payouts/checks/${check.id}/void`, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json().message).toContain('Please say why the check is voided (1 to 200 characters).');
      }
      expect((await checkRows())[0]).toMatchObject({ status: 'printed', mailedOn: null, voidReason: null });
      expect((await payoutRow(check.transactionId)).status).toBe('processing');
    });
  });
});
