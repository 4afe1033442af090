// Four eyes on large payments (issue 25 item 7, decision 027): a payout above DUAL_APPROVAL_ABOVE
// reaches no rail (PayPal hand-over, ACH file, check register, "mark sent") until a second admin,
// not the one who made the offer, approves it; the approval is audited with both names and queues
// the hand-over; of two admins approving at once one wins; below the limit nothing changes.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { payoutApprovalMessages, type AdminPayout } from '@assay/domain';
import type { PayoutAdapter, PayoutRequest } from '../../src/adapters/payouts/payout-adapter.ts';
import { buildSubmission } from '../../src/db/factories.ts';
import { auditLog, submissions, transactions } from '../../src/db/schema/index.ts';
import { handOverPayout } from '../../src/modules/payout-rails/paypal/payout-handover.service.ts';
import { achDetails, postJson, signUpAdmin, type Person } from '../support/payouts.fixtures.ts';
import { HOME_ADDRESS, saveAddress } from '../support/addresses.ts';
import { expectAdminsOnly } from '../support/admins-only.ts';
import { deleteAllPayouts } from '../support/ledger.ts';
import { handoverDeps, installPayoutQueues, queuedHandovers } from '../support/payout-handover.ts';
import { signUp } from '../support/sessions.ts';
import { ADMIN_EMAIL, createTestApp, engines, TEST_ORIGIN, type TestApp } from '../support/test-app.ts';
import { photographItems } from '../support/report-lines.ts';

const ACH_ENV = {
  ACH_COMPANY_NAME: 'ASSAY BUYERS',
  ACH_COMPANY_ID: '1234567890',
  ACH_ODFI_ROUTING: '091000019',
  ACH_ORIGIN_NAME: 'ASSAY BUYERS LLC',
  ACH_DESTINATION_NAME: 'WELLS FARGO BANK',
};

type Method = 'ach' | 'paypal' | 'check';
const detailsOf: Record<Method, unknown> = {
  ach: achDetails,
  paypal: { email: 'seller@example.com' },
  check: { method: 'check' },
};

/** A provider with an API for every method, remembering what it was handed. */
function recordingProvider() {
  const seen: PayoutRequest[] = [];
  const adapter: PayoutAdapter = {
    provider: 'test',
    handles: () => true,
    async initiate(payout) {
      seen.push(payout);
      return { status: 'sent', reference: `PP-${seen.length}` };
    },
  };
  return { adapter, seen };
}

describe.each(engines)('approving large payouts on %s', (engine) => {
  let t: TestApp;
  // The offer's maker (the configured appraiser), two more admins, and the seller.
  let maker: Person;
  let second: Person;
  let third: Person;
  let seller: Person;

  const post = (url: string, cookie: string, body: unknown = {}) => postJson(t.app, url, body, cookie);
  const approve = (id: string, cookie: string) => post(`/api/admin/payouts/${id}/approve`, cookie);
  const rowOf = async (id: string) => (await t.db.select().from(transactions).where(eq(transactions.id, id)))[0]!;
  const approvals = (id: string) =>
    t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, id), eq(auditLog.action, 'payout_approved')));
  const queueAs = async (cookie: string): Promise<AdminPayout[]> =>
    (await t.app.inject({ method: 'GET', url: '/api/admin/payouts', headers: { cookie } })).json();

  /** The maker offers `amount` through the appraiser's route; the seller accepts it with `method`. */
  async function acceptedPayout(amount: string, method: Method, payouts?: PayoutAdapter) {
    const sub = buildSubmission({ userId: seller.id, status: 'appraising' });
    await t.db.insert(submissions).values(sub);
    await photographItems(t.db, sub.id!, seller.id);
    const offered = await t.app.inject({
      method: 'PUT',
      url: `/api/submissions/${sub.id}`,
      headers: { cookie: maker.cookie, origin: TEST_ORIGIN, 'content-type': 'application/json' },
      payload: JSON.stringify({ finalOffer: amount, actualWeight: '100', status: 'offered' }),
    });
    expect(offered.statusCode, offered.body).toBe(200);
    const original = t.app.ctx.payouts;
    if (payouts) Object.assign(t.app.ctx, { payouts });
    try {
      const res = await post('/api/transactions', seller.cookie, {
        submissionId: sub.id,
        payoutMethod: method,
        payoutDetails: detailsOf[method],
      });
      expect(res.statusCode, res.body).toBe(201);
      return { submissionId: sub.id, id: res.json().id as string, answer: res.json() };
    } finally {
      Object.assign(t.app.ctx, { payouts: original });
    }
  }

  /** Approves with `payouts` as the app's provider (the approval queues its hand-over). */
  async function approveWith(payouts: PayoutAdapter, id: string, cookie: string) {
    const original = t.app.ctx.payouts;
    Object.assign(t.app.ctx, { payouts });
    try {
      return await approve(id, cookie);
    } finally {
      Object.assign(t.app.ctx, { payouts: original });
    }
  }

  beforeAll(async () => {
    t = await createTestApp(engine, { ...ACH_ENV, DUAL_APPROVAL_ABOVE: '5000' });
    await installPayoutQueues(t);
    maker = await signUp(t.app, { email: ADMIN_EMAIL, firstName: 'Ada', lastName: 'Appraiser' });
    second = await signUpAdmin(t.app, t.db);
    third = await signUpAdmin(t.app, t.db);
    seller = await signUp(t.app, { firstName: 'Grace', lastName: 'Hopper' });
    expect((await saveAddress(t.app, seller.cookie, HOME_ADDRESS)).statusCode).toBe(200);
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await deleteAllPayouts(t.db);
  });

  it('lets only admins approve: 401 for visitors, 403 for sellers; an unknown payout is 404', async () => {
    await expectAdminsOnly(t.app, [['POST', `/api/admin/payouts/${crypto.randomUUID()}/approve`]], seller.cookie);
    expect((await approve(crypto.randomUUID(), second.cookie)).statusCode).toBe(404);
  });

  it('keeps a payout above the limit from every rail until a second admin approves; the maker cannot', async () => {
    const provider = recordingProvider();
    const payout = await acceptedPayout('5000.01', 'paypal', provider.adapter);

    // Recorded as waiting, with the offer's maker; nothing queued, and the job itself would wait.
    expect(await rowOf(payout.id)).toMatchObject({
      status: 'pending',
      approvalRequired: true,
      offerMadeBy: maker.id,
      approvedBy: null,
      approvedAt: null,
    });
    expect(payout.answer.awaitingApproval).toBe(true);
    expect(await queuedHandovers(t.db, payout.id)).toEqual([]);
    expect(await handOverPayout(handoverDeps(t, provider.adapter), { transactionId: payout.id, attempt: 1 })).toBe(
      'awaiting-approval',
    );
    expect(provider.seen).toEqual([]);

    // The seller is told honestly that it is being approved.
    const mine = (await t.app.inject({ method: 'GET', url: '/api/transactions', headers: { cookie: seller.cookie } })).json();
    expect(mine.find((p: { id: string }) => p.id === payout.id).awaitingApproval).toBe(true);

    // The queue shows each admin whether they may approve, and why not.
    const asMaker = (await queueAs(maker.cookie)).find((p) => p.id === payout.id)!;
    expect(asMaker.approval).toEqual({
      approved: false,
      approvedAt: null,
      mayApprove: false,
      whyNot: 'You made this offer; another admin must approve its payout.',
    });
    expect((await queueAs(second.cookie)).find((p) => p.id === payout.id)!.approval).toMatchObject({
      approved: false,
      mayApprove: true,
      whyNot: null,
    });

    // The maker is refused with the sentence, and nothing changes.
    const own = await approveWith(provider.adapter, payout.id, maker.cookie);
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe('You made this offer; another admin must approve its payout.');
    expect(await rowOf(payout.id)).toMatchObject({ approvedBy: null, approvedAt: null });
    expect(await approvals(payout.id)).toEqual([]);
    expect(await queuedHandovers(t.db, payout.id)).toEqual([]);

    // A second admin approves: audited with both, and the hand-over is queued in the same transaction.
    const ok = await approveWith(provider.adapter, payout.id, second.cookie);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ id: payout.id, status: 'pending', awaitingApproval: false });
    expect(await rowOf(payout.id)).toMatchObject({ approvedBy: second.id });
    const [entry, ...more] = await approvals(payout.id);
    expect(more).toEqual([]);
    expect(entry).toMatchObject({
      actorId: second.id,
      entityType: 'transaction',
      changes: { submissionId: payout.submissionId, transactionId: payout.id, offerMadeBy: maker.id, amount: '5000.01' },
    });
    expect(await queuedHandovers(t.db, payout.id)).toEqual([{ transactionId: payout.id, attempt: 1 }]);
    expect(await handOverPayout(handoverDeps(t, provider.adapter), { transactionId: payout.id, attempt: 1 })).toBe('moved');
    expect(provider.seen.map((p) => p.transactionId)).toEqual([payout.id]);
    expect(await rowOf(payout.id)).toMatchObject({ status: 'paid' });

    // Once approved (and paid), nobody approves again.
    const again = await approve(payout.id, third.cookie);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(payoutApprovalMessages['already-approved']);
  });

  it('changes nothing at or below the limit: no approval, the hand-over queued at acceptance', async () => {
    const provider = recordingProvider();
    const payout = await acceptedPayout('5000.00', 'paypal', provider.adapter);
    expect(await rowOf(payout.id)).toMatchObject({ approvalRequired: false, offerMadeBy: maker.id });
    expect(payout.answer.awaitingApproval).toBe(false);
    expect(await queuedHandovers(t.db, payout.id)).toEqual([{ transactionId: payout.id, attempt: 1 }]);
    expect((await queueAs(maker.cookie)).find((p) => p.id === payout.id)!.approval).toBeNull();
    const needless = await approve(payout.id, second.cookie);
    expect(needless.statusCode).toBe(409);
    expect(needless.json().message).toBe('This payout does not need a second approval.');
  });

  it('leaves an unapproved ACH payout out of the file with a sentence, and batches it once approved', async () => {
    const small = await acceptedPayout('100.00', 'ach');
    const large = await acceptedPayout('6000.00', 'ach');
    const first = await post('/api/admin/payouts/ach-batches', maker.cookie);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().entries.map((e: { transactionId: string }) => e.transactionId)).toEqual([small.id]);
    expect(first.json().leftOut).toEqual([
      expect.objectContaining({ transactionId: large.id, reason: payoutApprovalMessages.awaiting }),
    ]);
    expect(await rowOf(large.id)).toMatchObject({ status: 'pending' });

    expect((await approve(large.id, second.cookie)).statusCode).toBe(200);
    const next = await post('/api/admin/payouts/ach-batches', maker.cookie);
    expect(next.statusCode, next.body).toBe(201);
    expect(next.json().entries.map((e: { transactionId: string }) => e.transactionId)).toEqual([large.id]);
  });

  it('refuses a check for an unapproved payout with a 409 sentence, and registers it once approved', async () => {
    const payout = await acceptedPayout('7000.00', 'check');
    const refused = await post('/api/admin/payouts/checks', maker.cookie, { transactionId: payout.id });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(payoutApprovalMessages.awaiting);
    expect(await rowOf(payout.id)).toMatchObject({ status: 'pending' });

    expect((await approve(payout.id, third.cookie)).statusCode).toBe(200);
    const registered = await post('/api/admin/payouts/checks', maker.cookie, { transactionId: payout.id });
    expect(registered.statusCode, registered.body).toBe(201);
  });

  it('refuses to mark an unapproved payout sent by hand, and marks it once approved', async () => {
    const payout = await acceptedPayout('9999.99', 'paypal');
    const refused = await post(`/api/admin/transactions/${payout.id}/sent`, second.cookie, { reference: 'BANK-1' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(payoutApprovalMessages.awaiting);
    expect(await rowOf(payout.id)).toMatchObject({ status: 'pending', reference: null });

    expect((await approve(payout.id, second.cookie)).statusCode).toBe(200);
    const sent = await post(`/api/admin/transactions/${payout.id}/sent`, maker.cookie, { reference: 'BANK-1' });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(await rowOf(payout.id)).toMatchObject({ status: 'processing', rail: 'manual', reference: 'BANK-1' });
  });

  it('of two admins approving at once, one wins and the other hears 409; one audit entry, one hand-over', async () => {
    const provider = recordingProvider();
    const payout = await acceptedPayout('8000.00', 'paypal', provider.adapter);
    const original = t.app.ctx.payouts;
    Object.assign(t.app.ctx, { payouts: provider.adapter });
    let answers;
    try {
      answers = await Promise.all([approve(payout.id, second.cookie), approve(payout.id, third.cookie)]);
    } finally {
      Object.assign(t.app.ctx, { payouts: original });
    }
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.statusCode === 409)!.json().message).toBe(payoutApprovalMessages['already-approved']);
    expect(await approvals(payout.id)).toHaveLength(1);
    expect(await queuedHandovers(t.db, payout.id)).toEqual([{ transactionId: payout.id, attempt: 1 }]);
  });
});
