// POST /api/transactions/:id/retry: a failed, returned or unclaimed payout takes the seller's new
// details and goes back to pending, the same row and never a second payout (issue 12 item 1).
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PayoutAdapter, PayoutRequest } from '../../src/adapters/payouts/payout-adapter.ts';
import { auditLog, payoutEvents, transactions } from '../../src/db/schema/index.ts';
import { decryptJson } from '../../src/lib/crypto.ts';
import { handOverPayout } from '../../src/modules/payout-rails/paypal/payout-handover.service.ts';
import { retryPayout } from '../../src/modules/payouts/retry-payout.ts';
import { bankDetailsContext, movePayout } from '../../src/modules/payouts/index.ts';
import {
  ACCOUNT,
  achDetails,
  currentUser,
  offeredSubmission,
  postJson,
  signUpAdmin,
  tableText,
} from '../support/payouts.fixtures.ts';
import { handoverDeps, installPayoutQueues, queuedHandovers } from '../support/payout-handover.ts';
import { signUp } from '../support/sessions.ts';
import { createTestApp, engines, type TestApp } from '../support/test-app.ts';

const ENCRYPTION_KEY = 'a'.repeat(64);
const NEW_ACCOUNT = '987654321012';
const NEW_ROUTING = '021000021';
const newAch = { accountName: 'Ada King', routingNumber: NEW_ROUTING, accountNumber: NEW_ACCOUNT };

describe.each(engines)('retrying a payout on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
    await installPayoutQueues(t);
  });
  afterAll(() => t.close());

  const retry = (id: string, payload: unknown, cookie?: string) =>
    postJson(t.app, `/api/transactions/${id}/retry`, payload, cookie);

  async function rowOf(id: string) {
    const [row] = await t.db.select().from(transactions).where(eq(transactions.id, id));
    return row!;
  }

  /** A seller's ACH payout, recorded through the route and then moved by the gate to `to`. */
  async function payoutIn(to: 'pending' | 'processing' | 'paid' | 'returned' | 'failed', finalOffer = '1250.00') {
    const client = await signUp(t.app);
    const sub = await offeredSubmission(t.db, client.id, finalOffer);
    const res = await postJson(
      t.app,
      '/api/transactions',
      { submissionId: sub.id, payoutMethod: 'ach', payoutDetails: achDetails },
      client.cookie,
    );
    expect(res.statusCode, res.body).toBe(201);
    const id = (res.json() as { id: string }).id;
    const at = new Date();
    // Read before each move: on PGlite a read outside the move's transaction would wait for it.
    const move = async (step: Omit<Parameters<typeof movePayout>[2], 'at' | 'actorId'>) => {
      const row = await rowOf(id);
      await t.db.transaction((tx) => movePayout(tx, row, { ...step, at, actorId: null }));
    };
    if (to === 'failed') await move({ transition: 'fail', reasonCode: 'BLOCKED', reason: 'the bank refused it' });
    if (to === 'processing' || to === 'paid' || to === 'returned') {
      await move({ transition: 'handToRail', rail: 'ach-file', reference: 'TRACE-1' });
    }
    if (to === 'paid') await move({ transition: 'confirmPaid' });
    if (to === 'returned') await move({ transition: 'markReturned', reasonCode: 'R02', reason: 'account closed (R02)' });
    return { client, sub, id };
  }

  it('takes new ACH details for a returned payout: the same row goes back to pending, attempt 2, numbers only encrypted', async () => {
    const { client, sub, id } = await payoutIn('returned');
    expect(await rowOf(id)).toMatchObject({ status: 'returned', statusReason: 'account closed (R02)', attempt: 1 });

    const res = await retry(id, { payoutMethod: 'ach', payoutDetails: newAch }, client.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id,
      submissionId: sub.id,
      status: 'pending',
      attempt: 2,
      amount: '1250.00',
      feeAmount: '0.00',
      payoutMethod: 'ach',
      payoutDetails: { accountName: 'Ada King', accountLast4: '1012', routingLast4: '0021' },
      reference: null,
      statusReason: null,
      sentAt: null,
    });
    expect(res.body).not.toContain(NEW_ACCOUNT);
    expect(res.body).not.toContain(NEW_ROUTING);

    // One payout for the submission, its old numbers replaced by a fresh ciphertext in the same context.
    const rows = await t.db.select().from(transactions).where(eq(transactions.submissionId, sub.id));
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    expect(decryptJson(ENCRYPTION_KEY, row.encryptedBankDetails!, bankDetailsContext(id))).toEqual(newAch);
    for (const [table, except] of [
      ['transactions', ['encrypted_bank_details']],
      ['audit_log', []],
      ['payout_events', []],
      ['notifications', []],
    ] as const) {
      const text = await tableText(t.db, table, [...except]);
      expect(text, table).not.toContain(NEW_ACCOUNT);
      expect(text, table).not.toContain(ACCOUNT);
    }

    const events = await t.db
      .select()
      .from(payoutEvents)
      .where(eq(payoutEvents.transactionId, id))
      .orderBy(payoutEvents.at, payoutEvents.attempt);
    expect(events.at(-1)).toMatchObject({
      transition: 'retry',
      fromStatus: 'returned',
      toStatus: 'pending',
      attempt: 2,
      actorId: client.id,
    });

    // The seller's timeline says so.
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, sub.id), eq(auditLog.action, 'payout_retried')));
    expect(audit).toMatchObject({
      actorId: client.id,
      changes: { transactionId: id, payoutStatus: 'pending', payoutMethod: 'ach' },
    });
    const detail = await t.app.inject({ url: `/api/submissions/${sub.id}`, headers: { cookie: client.cookie } });
    const timeline = (detail.json() as { timeline: { action: string }[] }).timeline;
    expect(timeline.map((e) => e.action)).toContain('payout_retried');
  });

  it('switches a failed ACH payout to PayPal with its fee, and drops the bank numbers', async () => {
    const { client, id } = await payoutIn('failed', '1000.00');
    const res = await retry(id, { payoutMethod: 'paypal', payoutDetails: { email: ' ada@example.com ' } }, client.cookie);
    expect(res.statusCode, res.body).toBe(200);
    // 2.9% + $0.30 of $1,000.00 = $29.30.
    expect(res.json()).toMatchObject({
      status: 'pending',
      attempt: 2,
      payoutMethod: 'paypal',
      feeAmount: '29.30',
      amount: '970.70',
      payoutDetails: { email: 'ada@example.com' },
    });
    expect((await rowOf(id)).encryptedBankDetails).toBeNull();
  });

  it.each(['pending', 'processing', 'paid'] as const)(
    'answers 409 with a sentence to a %s payout and changes nothing',
    async (status) => {
      const { client, id } = await payoutIn(status);
      const before = await rowOf(id);
      const res = await retry(id, { payoutMethod: 'ach', payoutDetails: newAch }, client.cookie);
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().message).toMatch(
        /^This payout does not need new details: it (is waiting to be sent|is on its way|has been paid)\.$/,
      );
      expect(await rowOf(id)).toEqual(before);
    },
  );

  it("answers 404 to someone else's payout, an appraiser's look included, and 401 to a visitor", async () => {
    const { id } = await payoutIn('returned');
    const stranger = await signUp(t.app);
    const admin = await signUpAdmin(t.app, t.db);
    for (const cookie of [stranger.cookie, admin.cookie]) {
      const res = await retry(id, { payoutMethod: 'ach', payoutDetails: newAch }, cookie);
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().message).toBe('That payout was not found.');
    }
    expect((await retry(id, { payoutMethod: 'ach', payoutDetails: newAch })).statusCode).toBe(401);
    expect((await retry('no-such-payout', { payoutMethod: 'check' }, stranger.cookie)).statusCode).toBe(404);
    expect(await rowOf(id)).toMatchObject({ status: 'returned', attempt: 1 });
  });

  it.each([
    [
      'a routing number that fails its check digit',
      { payoutMethod: 'ach', payoutDetails: { ...newAch, routingNumber: '123456789' } },
      'payoutDetails.routingNumber',
      'That routing number is not valid; please check it with your bank.',
    ],
    [
      'a short account number',
      { payoutMethod: 'ach', payoutDetails: { ...newAch, accountNumber: '12' } },
      'payoutDetails.accountNumber',
      'The account number must be 4 to 17 digits.',
    ],
    [
      'a bad PayPal e-mail',
      { payoutMethod: 'paypal', payoutDetails: { email: 'not-an-email' } },
      'payoutDetails.email',
      'Please enter a valid PayPal email address.',
    ],
    [
      'an unknown method',
      { payoutMethod: 'wire' },
      'payoutMethod',
      'Please choose how you want to be paid: ACH bank transfer, PayPal or paper check.',
    ],
  ])('answers 400 to %s with the sentence on its field', async (_name, body, field, message) => {
    const { client, id } = await payoutIn('returned');
    const res = await retry(id, body, client.cookie);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toContain(message);
    expect(res.json().issues).toContainEqual(expect.objectContaining({ path: field, message }));
    expect(await rowOf(id)).toMatchObject({ status: 'returned', attempt: 1 });
  });

  it('of two retries racing, exactly one wins and the payout is tried once more, not twice', async () => {
    const { client, id } = await payoutIn('returned');
    const results = await Promise.all([
      retry(id, { payoutMethod: 'ach', payoutDetails: newAch }, client.cookie),
      retry(id, { payoutMethod: 'paypal', payoutDetails: { email: 'ada@example.com' } }, client.cookie),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const row = await rowOf(id);
    expect(row).toMatchObject({ status: 'pending', attempt: 2 });
    const retries = await t.db
      .select()
      .from(payoutEvents)
      .where(and(eq(payoutEvents.transactionId, id), eq(payoutEvents.transition, 'retry')));
    expect(retries).toHaveLength(1);
  });

  it("queues the retried attempt's hand-over, whose job gives the provider the new details; the old attempt's job does nothing", async () => {
    const { client, id } = await payoutIn('returned');
    const seen: PayoutRequest[] = [];
    const provider: PayoutAdapter = {
      provider: 'test',
      handles: () => true,
      async initiate(payout) {
        seen.push(payout);
        return { status: 'sent', reference: 'PP-9911' };
      },
    };
    const dto = await retryPayout({ ...t.app.ctx, payouts: provider }, currentUser(client), {
      transactionId: id,
      choice: { payoutMethod: 'ach', payoutDetails: newAch },
    });
    expect(dto).toMatchObject({ status: 'pending', attempt: 2 });
    expect(await queuedHandovers(t.db, id)).toEqual([{ transactionId: id, attempt: 2 }]);

    const deps = handoverDeps(t, provider);
    expect(await handOverPayout(deps, { transactionId: id, attempt: 1 })).toBe('not-waiting');
    expect(await handOverPayout(deps, { transactionId: id, attempt: 2 })).toBe('moved');
    expect(await rowOf(id)).toMatchObject({ status: 'paid', reference: 'PP-9911', attempt: 2 });
    expect(seen).toEqual([
      expect.objectContaining({
        transactionId: id,
        attempt: 2,
        amountCents: 125000,
        method: 'ach',
        instruction: { method: 'ach', ...newAch },
      }),
    ]);
  });
});
