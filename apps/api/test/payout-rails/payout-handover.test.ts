// Payouts handed to a provider with an API by the job engine (issue 12): accepting queues the
// hand-over in its own transaction, the job gives the provider the full details and records its
// answer once; a failure the provider may get past is thrown for the engine to retry, without the
// provider's words in it; a refused payout asks the seller for new details; a provider that refuses
// our own set-up leaves it to a person, who may then (and only then) pay it by hand.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PayoutAdapter, PayoutRailError, type PayoutRequest } from '../../src/adapters/payouts/payout-adapter.ts';
import { auditLog, transactions } from '../../src/db/schema/index.ts';
import { handOverPayout } from '../../src/modules/payout-rails/paypal/payout-handover.service.ts';
import { markPayoutSent } from '../../src/modules/payouts/mark-payout-sent.ts';
import { payoutMessages } from '../../src/modules/payouts/payout-view.ts';
import { ACCOUNT, achDetails, offeredSubmission, postJson, ROUTING, signUpAdmin } from '../support/payouts.fixtures.ts';
import { handoverDeps, installPayoutQueues, queuedHandovers } from '../support/payout-handover.ts';
import { signUp } from '../support/sessions.ts';
import { createTestApp, engines, type TestApp } from '../support/test-app.ts';

/** A provider that pays every method itself, answering with `answer` and remembering each request. */
function providerAnswering(answer: (payout: PayoutRequest) => Promise<Awaited<ReturnType<PayoutAdapter['initiate']>>>) {
  const seen: PayoutRequest[] = [];
  const adapter: PayoutAdapter = {
    provider: 'test',
    handles: () => true,
    async initiate(payout) {
      seen.push(payout);
      return answer(payout);
    },
  };
  return { adapter, seen };
}

describe.each(engines)('the payout hand-over job on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
    await installPayoutQueues(t);
  });
  afterAll(() => t.close());

  async function rowOf(id: string) {
    const [row] = await t.db.select().from(transactions).where(eq(transactions.id, id));
    return row!;
  }

  async function accept(
    payouts: PayoutAdapter,
    body: Record<string, unknown> = { payoutMethod: 'ach', payoutDetails: achDetails },
  ) {
    const client = await signUp(t.app);
    const sub = await offeredSubmission(t.db, client.id, '1000.00');
    // The route, with the app's provider swapped for this test's.
    const original = t.app.ctx.payouts;
    Object.assign(t.app.ctx, { payouts });
    try {
      const res = await postJson(t.app, '/api/transactions', { submissionId: sub.id, ...body }, client.cookie);
      expect(res.statusCode, res.body).toBe(201);
      return { client, sub, payout: res.json() as { id: string; status: string } };
    } finally {
      Object.assign(t.app.ctx, { payouts: original });
    }
  }

  it('queues the hand-over with the payout; the job gives the provider the full details once and records that it was sent', async () => {
    const { adapter, seen } = providerAnswering(async () => ({ status: 'sent', reference: 'PP-7788' }));
    const { client, sub, payout } = await accept(adapter);
    // The seller's request only records the payout; nothing was sent yet.
    expect(payout.status).toBe('pending');
    expect(seen).toEqual([]);
    expect(await queuedHandovers(t.db, payout.id)).toEqual([{ transactionId: payout.id, attempt: 1 }]);

    const deps = handoverDeps(t, adapter);
    expect(await handOverPayout(deps, { transactionId: payout.id, attempt: 1 })).toBe('moved');
    expect(await rowOf(payout.id)).toMatchObject({ status: 'paid', reference: 'PP-7788' });
    expect(seen).toEqual([
      {
        transactionId: payout.id,
        attempt: 1,
        submissionId: sub.id,
        userId: client.id,
        amountCents: 100000,
        method: 'ach',
        instruction: { method: 'ach', ...achDetails },
      },
    ]);
    // The engine runs a job again after a crash: it finds the payout no longer waiting.
    expect(await handOverPayout(deps, { transactionId: payout.id, attempt: 1 })).toBe('not-waiting');
    expect(seen).toHaveLength(1);
  });

  it('queues nothing for a method no provider pays (the manual rail), and such a job would leave it pending', async () => {
    const { payout } = await accept(t.app.ctx.payouts, { payoutMethod: 'paypal', payoutDetails: { email: 'm@example.com' } });
    expect(await queuedHandovers(t.db, payout.id)).toEqual([]);
    expect(await handOverPayout(handoverDeps(t), { transactionId: payout.id, attempt: 1 })).toBe('left-pending');
    expect((await rowOf(payout.id)).status).toBe('pending');
  });

  it("throws a provider's failure for the engine to retry, without the provider's words (which may carry bank numbers)", async () => {
    const { adapter } = providerAnswering(async () => {
      throw new Error(`bank refused account ${ACCOUNT} at ${ROUTING}`);
    });
    const { payout } = await accept(adapter);
    await expect(handOverPayout(handoverDeps(t, adapter), { transactionId: payout.id, attempt: 1 })).rejects.toThrow(
      /^the payout provider failed \(Error\); the job tries again$/,
    );
    expect((await rowOf(payout.id)).status).toBe('pending');

    const timeout = providerAnswering(async () => {
      throw new PayoutRailError('PayPal did not answer in time', 'retry');
    });
    await expect(handOverPayout(handoverDeps(t, timeout.adapter), { transactionId: payout.id, attempt: 1 })).rejects.toThrow(
      'PayPal did not answer in time',
    );
    expect((await rowOf(payout.id)).status).toBe('pending');
  });

  it('a payout the provider refuses fails with its reason, so the seller is asked for new details', async () => {
    const { adapter } = providerAnswering(async () => {
      throw new PayoutRailError('the receiver is not valid', 'refused', 'VALIDATION_ERROR');
    });
    const { payout } = await accept(adapter);
    expect(await handOverPayout(handoverDeps(t, adapter), { transactionId: payout.id, attempt: 1 })).toBe('refused');
    expect(await rowOf(payout.id)).toMatchObject({
      status: 'failed',
      statusReason: 'the provider refused it: the receiver is not valid',
      statusReasonCode: 'VALIDATION_ERROR',
    });
  });

  it('is paid by hand only once the hand-over gave up, and never while it is on its way', async () => {
    const admin = await signUpAdmin(t.app, t.db);
    const { adapter } = providerAnswering(async () => {
      throw new PayoutRailError('PayPal refused our credentials', 'needs-staff', 'invalid_client');
    });
    const { payout } = await accept(adapter);
    const ctx = { ...t.app.ctx, payouts: adapter };
    await expect(markPayoutSent(ctx, admin.user, { transactionId: payout.id, reference: 'BY-HAND-1' })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: payoutMessages.providerTakingIt,
    });

    expect(await handOverPayout(handoverDeps(t, adapter), { transactionId: payout.id, attempt: 1 })).toBe('needs-staff');
    const gaveUp = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, payout.id), eq(auditLog.action, 'payout_handover_failed')));
    expect(gaveUp.map((e) => e.changes)).toEqual([{ payoutAttempt: 1, reason: 'PayPal refused our credentials' }]);
    expect((await rowOf(payout.id)).status).toBe('pending');
    await expect(markPayoutSent(ctx, admin.user, { transactionId: payout.id, reference: 'BY-HAND-1' })).resolves.toMatchObject({
      status: 'processing',
      rail: 'manual',
      reference: 'BY-HAND-1',
    });

    // A payout a rail holds is marked paid by that rail, not by hand.
    const onItsWay = providerAnswering(async () => ({ status: 'processing', rail: 'paypal', reference: 'BATCH-1' }));
    const second = await accept(onItsWay.adapter);
    await handOverPayout(handoverDeps(t, onItsWay.adapter), { transactionId: second.payout.id, attempt: 1 });
    await expect(
      markPayoutSent(ctx, admin.user, { transactionId: second.payout.id, reference: 'BY-HAND-2' }),
    ).rejects.toMatchObject({ code: 'CONFLICT', message: payoutMessages.onItsWay('paypal') });
    expect((await rowOf(second.payout.id)).status).toBe('processing');
  });
});
