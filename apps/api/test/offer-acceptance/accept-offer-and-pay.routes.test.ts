// POST /api/transactions: accepting an offer and recording its payout (DECISIONS "Payouts").
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KYC_REQUIRED_MESSAGE } from '@assay/domain';
import { buildSubmission, buildTransaction } from '../../src/db/factories.ts';
import { auditLog, kycRecords, notifications, submissions, transactions } from '../../src/db/schema/index.ts';
import { decryptJson } from '../../src/lib/crypto.ts';
import { reviewKyc, submitKyc } from '../../src/modules/compliance/kyc/kyc.service.ts';
import { bankDetailsContext } from '../../src/modules/payouts/index.ts';
import {
  ACCOUNT,
  achDetails,
  currentUser,
  insertImage,
  offeredSubmission,
  postJson,
  ROUTING,
  signUpAdmin,
  tableText,
} from '../support/payouts.fixtures.ts';
import { latestEmailTo, signUp } from '../support/sessions.ts';
import { createTestApp, engines, type TestApp } from '../support/test-app.ts';

const ENCRYPTION_KEY = 'a'.repeat(64);

describe.each(engines)('payouts on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());

  const pay = (payload: unknown, cookie?: string) => postJson(t.app, '/api/transactions', payload, cookie);

  async function submissionStatus(id: string) {
    const [row] = await t.db.select({ status: submissions.status }).from(submissions).where(eq(submissions.id, id));
    return row?.status;
  }
  async function transactionsOf(submissionId: string) {
    return t.db.select().from(transactions).where(eq(transactions.submissionId, submissionId));
  }

  it('records an ACH payout of the full offer, completes the submission and keeps only the last 4 digits', async () => {
    const client = await signUp(t.app);
    const sub = await offeredSubmission(t.db, client.id, '1250.00');
    const res = await pay(
      { submissionId: sub.id, amount: '999999.99', payoutMethod: 'ach', payoutDetails: achDetails },
      client.cookie,
    );
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body).toEqual({
      id: expect.any(String),
      submissionId: sub.id,
      amount: '1250.00',
      grossAmount: '1250.00',
      feeAmount: '0.00',
      goodwillAmount: '0.00',
      payoutMethod: 'ach',
      payoutDetails: { accountName: 'Ada Lovelace', accountLast4: '6789', routingLast4: '0015' },
      status: 'pending',
      // The rail the seller was promised for ACH: the bank transfer file.
      rail: 'ach-file',
      reference: null,
      statusReason: null,
      statusChangedAt: expect.any(String),
      attempt: 1,
      sentAt: null,
      createdAt: expect.any(String),
      awaitingApproval: false,
    });
    expect(res.body).not.toContain(ACCOUNT);
    expect(res.body).not.toContain(ROUTING);
    expect(await submissionStatus(sub.id)).toBe('completed');

    // Stored: the shown details in clear, the full numbers only as versioned AES-GCM ciphertext.
    const [row] = await transactionsOf(sub.id);
    expect(row!.payoutDetails).toEqual({ accountName: 'Ada Lovelace', accountLast4: '6789', routingLast4: '0015' });
    expect(row!.encryptedBankDetails).toMatch(/^v1:[A-Za-z0-9_-]+:[A-Za-z0-9_-]+:[A-Za-z0-9_-]+$/);
    expect(decryptJson(ENCRYPTION_KEY, row!.encryptedBankDetails!, bankDetailsContext(row!.id))).toEqual(achDetails);
    // Nowhere else in the database: not in any transactions column, the audit log, notifications or e-mails.
    for (const [table, except] of [
      ['transactions', ['encrypted_bank_details']],
      ['audit_log', []],
      ['notifications', []],
      ['outbox', []],
    ] as const) {
      const text = await tableText(t.db, table, [...except]);
      expect(text, table).not.toContain(ACCOUNT);
      expect(text, table).not.toContain(ROUTING);
    }

    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, sub.id), eq(auditLog.action, 'payout_requested')));
    expect(audit).toMatchObject({
      actorId: client.id,
      entityType: 'submission',
      fromStatus: 'offered',
      toStatus: 'completed',
      changes: { transactionId: body.id, payoutMethod: 'ach', amount: '1250.00', feeAmount: '0.00' },
    });
    const [note] = await t.db.select().from(notifications).where(eq(notifications.submissionId, sub.id));
    expect(note).toMatchObject({ userId: client.id, kind: 'payout_recorded', title: 'Payout of $1,250.00 recorded' });
    expect(note!.body).toContain("by ACH bank transfer to Ada Lovelace's account ending in 6789");
    expect(note!.body).toContain('1-2 business days');
    // By its subject: rows have no order, and the sign-up may have written this address too.
    const mail = await latestEmailTo(t.app, client.email, /^Payout of/);
    expect(mail!.subject).toBe('Payout of $1,250.00 recorded');

    const list = await t.app.inject({ url: '/api/transactions', headers: { cookie: client.cookie } });
    expect(list.json()).toEqual([body]);
    expect(list.body).not.toContain(ACCOUNT);
  });

  it.each([
    ['1000.00', '29.30', '970.70'],
    ['123.45', '3.88', '119.57'],
    ['10000.00', '290.30', '9709.70'],
    ['0.32', '0.31', '0.01'],
  ])('PayPal on an offer of %s deducts %s and pays %s', async (offer, fee, amount) => {
    const client = await signUp(t.app);
    const sub = await offeredSubmission(t.db, client.id, offer);
    const res = await pay(
      { submissionId: sub.id, amount: offer, payoutMethod: 'paypal', payoutDetails: { email: ' ada@example.com ' } },
      client.cookie,
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      grossAmount: offer,
      feeAmount: fee,
      amount,
      payoutMethod: 'paypal',
      payoutDetails: { email: 'ada@example.com' },
    });
    const [row] = await transactionsOf(sub.id);
    expect(row!.encryptedBankDetails).toBeNull();
  });

  it('pays by check with { method: "check" } or no details at all', async () => {
    const client = await signUp(t.app);
    for (const payoutDetails of [{ method: 'check' }, undefined]) {
      const sub = await offeredSubmission(t.db, client.id, '450.50');
      const res = await pay({ submissionId: sub.id, payoutMethod: 'check', payoutDetails }, client.cookie);
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({
        amount: '450.50',
        feeAmount: '0.00',
        payoutMethod: 'check',
        payoutDetails: { method: 'check' },
      });
    }
  });

  it('refuses PayPal when the fee would eat the whole offer, and changes nothing', async () => {
    const client = await signUp(t.app);
    const sub = await offeredSubmission(t.db, client.id, '0.30');
    const res = await pay(
      { submissionId: sub.id, payoutMethod: 'paypal', payoutDetails: { email: 'ada@example.com' } },
      client.cookie,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('This offer is too small to pay by PayPal after its fee; please choose ACH or check.');
    expect(await submissionStatus(sub.id)).toBe('offered');
    expect(await transactionsOf(sub.id)).toEqual([]);
  });

  it("answers 404 for another client's submission or an unknown one, and changes nothing", async () => {
    const owner = await signUp(t.app);
    const other = await signUp(t.app);
    const admin = await signUpAdmin(t.app, t.db);
    const sub = await offeredSubmission(t.db, owner.id);
    for (const cookie of [other.cookie, admin.cookie]) {
      const res = await pay({ submissionId: sub.id, payoutMethod: 'ach', payoutDetails: achDetails }, cookie);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ error: 'NOT_FOUND', message: 'That submission was not found.' });
    }
    const unknown = await pay({ submissionId: 'no-such-submission', payoutMethod: 'check' }, other.cookie);
    expect(unknown.statusCode).toBe(404);
    expect(await submissionStatus(sub.id)).toBe('offered');
    expect(await transactionsOf(sub.id)).toEqual([]);
  });

  it.each(['new', 'appraising', 'returned'] as const)('answers 409 for a %s submission', async (status) => {
    const client = await signUp(t.app);
    const sub = buildSubmission({ userId: client.id, status });
    await t.db.insert(submissions).values(sub);
    const res = await pay({ submissionId: sub.id, payoutMethod: 'check' }, client.cookie);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: 'CONFLICT', message: 'This submission has no offer to accept.' });
    expect(await submissionStatus(sub.id)).toBe(status);
    expect(await transactionsOf(sub.id)).toEqual([]);
  });

  it('answers 409 for an offered submission without a final offer', async () => {
    const client = await signUp(t.app);
    const sub = { ...buildSubmission({ userId: client.id, status: 'offered' }), finalOffer: null };
    await t.db.insert(submissions).values(sub);
    const res = await pay({ submissionId: sub.id, payoutMethod: 'check' }, client.cookie);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This submission has no offer to accept.');
  });

  it('answers 409 "already paid" to a second payout, and for a completed submission', async () => {
    const client = await signUp(t.app);
    const sub = await offeredSubmission(t.db, client.id);
    expect((await pay({ submissionId: sub.id, payoutMethod: 'check' }, client.cookie)).statusCode).toBe(201);
    const again = await pay(
      { submissionId: sub.id, payoutMethod: 'paypal', payoutDetails: { email: 'a@example.com' } },
      client.cookie,
    );
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: 'CONFLICT', message: 'This submission has already been paid.' });
    expect(await transactionsOf(sub.id)).toHaveLength(1);

    const completed = buildSubmission({ userId: client.id, status: 'completed', finalOffer: '80.00' });
    await t.db.insert(submissions).values(completed);
    await t.db.insert(transactions).values(buildTransaction({ submission: completed }));
    const res = await pay({ submissionId: completed.id, payoutMethod: 'check' }, client.cookie);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This submission has already been paid.');
  });

  it('records exactly one payout when five requests race', async () => {
    const client = await signUp(t.app);
    const sub = await offeredSubmission(t.db, client.id, '2000.00');
    const results = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        pay(
          i % 2 === 0
            ? { submissionId: sub.id, payoutMethod: 'ach', payoutDetails: achDetails }
            : { submissionId: sub.id, payoutMethod: 'paypal', payoutDetails: { email: 'ada@example.com' } },
          client.cookie,
        ),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409, 409]);
    for (const r of results.filter((x) => x.statusCode === 409)) {
      expect(r.json().message).toBe('This submission has already been paid.');
    }
    expect(await transactionsOf(sub.id)).toHaveLength(1);
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, sub.id), eq(auditLog.action, 'payout_requested')));
    expect(audits).toHaveLength(1);
    expect(await t.db.select().from(notifications).where(eq(notifications.submissionId, sub.id))).toHaveLength(1);
    expect(await submissionStatus(sub.id)).toBe('completed');
  });

  describe('identity verification (KYC)', () => {
    it('holds a payout above $10,000 until the identity is verified, then pays it', async () => {
      const client = await signUp(t.app);
      const admin = await signUpAdmin(t.app, t.db);
      const sub = await offeredSubmission(t.db, client.id, '10000.01');
      expect(sub.requiresKyc).toBe(true);
      const held = await pay({ submissionId: sub.id, payoutMethod: 'ach', payoutDetails: achDetails }, client.cookie);
      expect(held.statusCode).toBe(409);
      expect(held.json()).toEqual({ statusCode: 409, error: 'KYC_REQUIRED', message: KYC_REQUIRED_MESSAGE });
      expect(KYC_REQUIRED_MESSAGE).toBe('Please verify your identity before we can pay out more than $10,000.');
      expect(await submissionStatus(sub.id)).toBe('offered');
      expect(await transactionsOf(sub.id)).toEqual([]);

      // A pending verification is not enough.
      const imageId = await insertImage(t.db, client.id);
      const me = currentUser(client);
      await submitKyc(t.app.ctx, me, {
        fullName: 'Ada Lovelace',
        dateOfBirth: '1990-12-10',
        idType: 'passport',
        idNumber: 'X1234567',
        idIssuer: 'GB',
        idImageId: imageId,
      });
      expect((await pay({ submissionId: sub.id, payoutMethod: 'check' }, client.cookie)).json().error).toBe('KYC_REQUIRED');

      const [record] = await t.db.select().from(kycRecords).where(eq(kycRecords.userId, client.id));
      await reviewKyc(t.app.ctx, admin.user, { recordId: record!.id, approve: true });
      const paid = await pay({ submissionId: sub.id, payoutMethod: 'ach', payoutDetails: achDetails }, client.cookie);
      expect(paid.statusCode, paid.body).toBe(201);
      expect(paid.json().amount).toBe('10000.01');
    });

    it('holds a payout when an appraiser asked for ID, whatever the amount; exactly $10,000 needs none', async () => {
      const client = await signUp(t.app);
      const flagged = await offeredSubmission(t.db, client.id, '50.00', { kycRequested: true });
      const res = await pay({ submissionId: flagged.id, payoutMethod: 'check' }, client.cookie);
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toBe('KYC_REQUIRED');

      const atThreshold = await offeredSubmission(t.db, client.id, '10000.00');
      expect((await pay({ submissionId: atThreshold.id, payoutMethod: 'check' }, client.cookie)).statusCode).toBe(201);
    });
  });

  describe('bad input', () => {
    it('answers 401 to visitors, whatever they send', async () => {
      const client = await signUp(t.app);
      const sub = await offeredSubmission(t.db, client.id);
      for (const payload of [{ submissionId: sub.id, payoutMethod: 'check' }, '{"a":', '[]', { payoutMethod: 5 }]) {
        const res = await pay(payload);
        expect(res.statusCode).toBe(401);
        expect(res.json().message).toBe('Please sign in to continue.');
      }
      expect(await submissionStatus(sub.id)).toBe('offered');
    });

    it.each([
      ['ACH without any details', { payoutMethod: 'ach' }, 'Please fill in all bank account details'],
      ['ACH with empty details', { payoutMethod: 'ach', payoutDetails: {} }, 'Please fill in all bank account details'],
      [
        'ACH without the account name',
        { payoutMethod: 'ach', payoutDetails: { ...achDetails, accountName: ' ' } },
        'Please fill in all bank account details',
      ],
      [
        'ACH without the routing number',
        { payoutMethod: 'ach', payoutDetails: { ...achDetails, routingNumber: '' } },
        'Please fill in all bank account details',
      ],
      [
        'ACH without the account number',
        { payoutMethod: 'ach', payoutDetails: { accountName: 'A', routingNumber: ROUTING } },
        'Please fill in all bank account details',
      ],
      [
        'a routing number failing the ABA checksum',
        { payoutMethod: 'ach', payoutDetails: { ...achDetails, routingNumber: '011000016' } },
        'That routing number is not valid; please check it with your bank.',
      ],
      [
        'an 8-digit routing number',
        { payoutMethod: 'ach', payoutDetails: { ...achDetails, routingNumber: '01100001' } },
        'The routing number must be exactly 9 digits.',
      ],
      [
        'a 3-digit account number',
        { payoutMethod: 'ach', payoutDetails: { ...achDetails, accountNumber: '123' } },
        'The account number must be 4 to 17 digits.',
      ],
      [
        'an 18-digit account number',
        { payoutMethod: 'ach', payoutDetails: { ...achDetails, accountNumber: '1'.repeat(18) } },
        'The account number must be 4 to 17 digits.',
      ],
      [
        'a numeric account number',
        { payoutMethod: 'ach', payoutDetails: { ...achDetails, accountNumber: 123456789 } },
        'Please fill in all bank account details',
      ],
      ['PayPal without an e-mail', { payoutMethod: 'paypal', payoutDetails: {} }, 'Please enter your PayPal email address'],
      ['PayPal without details', { payoutMethod: 'paypal' }, 'Please enter your PayPal email address'],
      [
        'PayPal with a bad e-mail',
        { payoutMethod: 'paypal', payoutDetails: { email: 'not-an-email' } },
        'Please enter a valid PayPal email address.',
      ],
      [
        'an unknown method',
        { payoutMethod: 'wire', payoutDetails: {} },
        'Please choose how you want to be paid: ACH bank transfer, PayPal or paper check.',
      ],
      ['no method', {}, 'Please choose how you want to be paid: ACH bank transfer, PayPal or paper check.'],
      [
        'a numeric method',
        { payoutMethod: 1 },
        'Please choose how you want to be paid: ACH bank transfer, PayPal or paper check.',
      ],
      [
        'check details that are not a check',
        { payoutMethod: 'check', payoutDetails: { method: 'ach' } },
        'Check details must say method "check".',
      ],
    ])('answers 400 to %s, with the sentence, and changes nothing', async (_name, body, message) => {
      const client = await signUp(t.app);
      const sub = await offeredSubmission(t.db, client.id);
      const res = await pay({ submissionId: sub.id, ...body }, client.cookie);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe('BAD_REQUEST');
      expect(res.json().message).toContain(message);
      expect(res.body).not.toContain(ACCOUNT);
      expect(await submissionStatus(sub.id)).toBe('offered');
      expect(await transactionsOf(sub.id)).toEqual([]);
    });

    it.each([
      ['malformed JSON', '{"submissionId": '],
      ['an array', '[1,2]'],
      ['a string', '"pay me"'],
      ['null', 'null'],
      ['a missing submission id', JSON.stringify({ payoutMethod: 'check' })],
      ['a numeric submission id', JSON.stringify({ submissionId: 5, payoutMethod: 'check' })],
      ['an oversize body', JSON.stringify({ submissionId: 'x'.repeat(100_000), payoutMethod: 'check' })],
    ])('answers a 4xx with a message to %s', async (_name, payload) => {
      const client = await signUp(t.app);
      const res = await pay(payload, client.cookie);
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(typeof res.json().message).toBe('string');
    });

    it('answers 415 to a form-encoded body', async () => {
      const client = await signUp(t.app);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/transactions',
        headers: { cookie: client.cookie, 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'submissionId=x&payoutMethod=check',
      });
      expect(res.statusCode).toBe(415);
      expect(res.json().message).toBe('This content type is not accepted here.');
    });
  });
});
