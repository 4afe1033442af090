// The ledger, wired (issue 12 item 6): accepting an offer posts balanced lines, an appraiser's
// "mark sent" posts the hand-over and the payment on the manual rail, the reconciliation is empty
// after each (what it lists when they disagree is in test/reconciliation), and a move the ledger
// refuses is a 409 that leaves the payout exactly as it was.
import { payoutFeeCents } from '@assay/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildSubmission, buildTransaction } from '../../src/db/factories.ts';
import { auditLog, ledgerLines, notifications, payoutEvents, submissions, transactions } from '../../src/db/schema/index.ts';
import { demoAccounts, seedDemoIfFresh } from '../../src/modules/demo/demo.service.ts';
import { movePayout } from '../../src/modules/payouts/move-payout.ts';
import { payoutMessages } from '../../src/modules/payouts/payout-view.ts';
import { deleteAllPayouts, insertAcceptedPayout } from '../support/ledger.ts';
import { signUp } from '../support/sessions.ts';
import { ADMIN_EMAIL, createTestApp, engines, type TestApp } from '../support/test-app.ts';
import { achDetails, offeredSubmission, postJson } from '../support/payouts.fixtures.ts';

describe.each(engines)('the ledger on %s', (engine) => {
  let t: TestApp;
  let admin: { id: string; cookie: string };
  let client: { id: string; email: string; cookie: string };

  const get = (url: string, cookie: string | null = admin.cookie) =>
    t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  const reconciliation = async () => {
    const res = await get('/api/admin/ledger/reconciliation');
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { transactionId: string; status: string; reason: string }[];
  };
  const linesOf = (transactionId: string) => t.db.select().from(ledgerLines).where(eq(ledgerLines.transactionId, transactionId));
  const markSent = (id: string, reference: string) =>
    postJson(t.app, `/api/admin/transactions/${id}/sent`, { reference }, admin.cookie);

  /** The client accepts an offer through the route, as in the app. */
  async function accept(finalOffer: string, method: 'ach' | 'paypal'): Promise<string> {
    const sub = await offeredSubmission(t.db, client.id, finalOffer);
    const payoutDetails = method === 'ach' ? achDetails : { email: 'casey@example.com' };
    const res = await postJson(
      t.app,
      '/api/transactions',
      { submissionId: sub.id, amount: finalOffer, payoutMethod: method, payoutDetails },
      client.cookie,
    );
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as string;
  }

  /** A completed submission's payout written straight into the database, with no ledger lines. */
  async function handWrittenPayout(status: 'pending' | 'paid', finalOffer = '1200.00') {
    const sub = buildSubmission({ userId: client.id, status: 'completed', finalOffer });
    await t.db.insert(submissions).values(sub);
    const row = { ...buildTransaction({ submission: sub, method: 'check' }), status };
    await t.db.insert(transactions).values(row);
    return row.id!;
  }

  beforeAll(async () => {
    t = await createTestApp(engine);
    admin = await signUp(t.app, { email: ADMIN_EMAIL, firstName: 'Ada', lastName: 'Appraiser' });
    client = await signUp(t.app, { firstName: 'Casey' });
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await deleteAllPayouts(t.db);
  });

  it('lets only admins in: 401 for visitors, 403 for clients', async () => {
    const url = '/api/admin/ledger/balances';
    expect((await get(url, null)).statusCode, url).toBe(401);
    const res = await get(url, client.cookie);
    expect(res.statusCode, url).toBe(403);
    expect(res.json().message).toBe('This area is for Assay appraisers only.');
  });

  it('posts an acceptance as one balanced posting: bought at the offer, owed the payout, the PayPal fee kept', async () => {
    const id = await accept('2500.00', 'paypal');
    const feeCents = payoutFeeCents(250_000, 'paypal');
    expect(feeCents).toBeGreaterThan(0);
    const lines = await linesOf(id);
    expect(lines.map((l) => [l.account, l.debitCents, l.creditCents, l.event]).sort()).toEqual(
      [
        ['inventory:purchases', 250_000, 0, 'offer_accepted'],
        ['liability:seller-payable', 0, 250_000 - feeCents, 'offer_accepted'],
        ['revenue:payout-fees', 0, feeCents, 'offer_accepted'],
      ].sort(),
    );
    expect(new Set(lines.map((l) => l.postingId)).size).toBe(1);
    const sum = (pick: (l: (typeof lines)[number]) => number) => lines.reduce((total, l) => total + pick(l), 0);
    expect(sum((l) => l.debitCents)).toBe(sum((l) => l.creditCents));
    // Pending and owed in full: rail state and ledger agree.
    expect(await reconciliation()).toEqual([]);
  });

  it("posts an appraiser's mark-sent as the hand-over and the confirmation as the payment on the manual rail, and then reconciles", async () => {
    const id = await accept('2500.00', 'ach');
    const sent = await markSent(id, 'ACH-TRACE-0042');
    expect(sent.statusCode, sent.body).toBe(200);
    // Sent by hand: the money is in transit until the bank's confirmation is recorded (decision 034).
    const sentLines = (await linesOf(id)).filter((l) => l.event === 'handToRail');
    expect(sentLines.map((l) => [l.account, l.debitCents, l.creditCents]).sort()).toEqual(
      [
        ['asset:in-transit:manual', 250_000, 0],
        ['asset:cash:manual', 0, 250_000],
      ].sort(),
    );
    expect((await linesOf(id)).filter((l) => l.event === 'confirmPaid')).toEqual([]);
    expect(await reconciliation()).toEqual([]);
    const confirmed = await postJson(
      t.app,
      `/api/admin/transactions/${id}/paid`,
      { confirmation: 'BANK-CONF-0042' },
      admin.cookie,
    );
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const paidLines = (await linesOf(id)).filter((l) => l.event === 'confirmPaid');
    expect(paidLines.map((l) => [l.account, l.debitCents, l.creditCents]).sort()).toEqual(
      [
        ['liability:seller-payable', 250_000, 0],
        ['asset:in-transit:manual', 0, 250_000],
      ].sort(),
    );
    // Two postings, each balanced on its own.
    const both = [...sentLines, ...paidLines];
    const postings = new Map<string, typeof both>();
    for (const line of both) postings.set(line.postingId, [...(postings.get(line.postingId) ?? []), line]);
    expect(postings.size).toBe(2);
    for (const lines of postings.values()) {
      expect(lines.reduce((d, l) => d + l.debitCents, 0)).toBe(lines.reduce((c, l) => c + l.creditCents, 0));
    }
    expect(sentLines.every((l) => l.memo.includes('ACH-TRACE-0042'))).toBe(true);
    expect(paidLines.every((l) => l.memo.includes('BANK-CONF-0042'))).toBe(true);
    expect(await reconciliation()).toEqual([]);

    const balances = await get('/api/admin/ledger/balances');
    expect(balances.statusCode).toBe(200);
    expect(balances.json().map((b: { account: string; balanceCents: number }) => [b.account, b.balanceCents])).toEqual([
      ['inventory:purchases', 250_000],
      ['liability:seller-payable', 0],
      ['asset:cash:manual', -250_000],
      ['asset:in-transit:manual', 0],
    ]);
  });

  it('refuses a move the ledger refuses with 409 and its sentence, and leaves the payout as it was', async () => {
    // Pending, but never posted as accepted: the ledger owes nothing, so nothing may be paid.
    const id = await handWrittenPayout('pending');
    const notesOf = async () => (await t.db.select().from(notifications).where(eq(notifications.userId, client.id))).length;
    const notesBefore = await notesOf();
    const res = await markSent(id, 'CHK-1042');
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('The ledger owes this seller $0.00, not $1,200.00; a payout pays exactly what is owed.');
    const [row] = await t.db.select().from(transactions).where(eq(transactions.id, id));
    expect(row).toMatchObject({ status: 'pending', reference: null, sentAt: null });
    expect((await t.db.select().from(payoutEvents).where(eq(payoutEvents.transactionId, id))).length).toBe(0);
    expect(await linesOf(id)).toEqual([]);
    const changes = (await t.db.select().from(auditLog)).map((a) => a.changes as { transactionId?: string } | null);
    expect(changes.some((c) => c?.transactionId === id)).toBe(false);
    expect(await notesOf()).toBe(notesBefore);
  });

  it('refuses to mark sent by hand a payout whose money is with the ACH rail, and keeps it processing', async () => {
    const sub = buildSubmission({ userId: client.id, status: 'completed', finalOffer: '900.00' });
    await t.db.insert(submissions).values(sub);
    const payout = buildTransaction({ submission: sub, method: 'ach' });
    await insertAcceptedPayout(t.db, payout);
    const [row] = await t.db.select().from(transactions).where(eq(transactions.id, payout.id!));
    await t.db.transaction((tx) =>
      movePayout(tx, row!, { transition: 'handToRail', at: new Date(), rail: 'ach-file', reference: 'TRACE-1', actorId: null }),
    );
    expect(await reconciliation()).toEqual([]);

    const res = await markSent(payout.id!, 'BY-HAND-1');
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(payoutMessages.onItsWay('ach-file'));
    const [after] = await t.db.select().from(transactions).where(eq(transactions.id, payout.id!));
    expect(after).toMatchObject({ status: 'processing', rail: 'ach-file', reference: 'TRACE-1' });
    expect(await reconciliation()).toEqual([]);
  });

  it('posts a failure, a retry and a second attempt so the payout is paid exactly once', async () => {
    const id = await accept('600.00', 'ach');
    const move = async (transition: Parameters<typeof movePayout>[2]['transition'], extra: object = {}) => {
      const [row] = await t.db.select().from(transactions).where(eq(transactions.id, id));
      return t.db.transaction((tx) => movePayout(tx, row!, { transition, at: new Date(), actorId: null, ...extra }));
    };
    await move('handToRail', { rail: 'ach-file', reference: 'TRACE-1' });
    await move('markReturned', { reasonCode: 'R03' });
    expect(await reconciliation()).toEqual([]);
    await move('retry');
    expect(await reconciliation()).toEqual([]);
    await move('handToRail', { reference: 'TRACE-2' });
    await move('confirmPaid');
    expect(await reconciliation()).toEqual([]);
    const events = (await linesOf(id)).map((l) => l.event);
    expect(new Set(events)).toEqual(new Set(['offer_accepted', 'handToRail', 'markReturned', 'confirmPaid']));
    expect((await linesOf(id)).some((l) => l.memo.startsWith('Payout retried by ACH'))).toBe(true);
  });

  it("posts the demo's payouts as accepted, so the demo reconciles before and after an appraiser pays it", async () => {
    // The demo seeds only an empty database: an app of its own.
    const demo = await createTestApp(engine);
    try {
      expect(await seedDemoIfFresh(demo.db, demo.app.ctx.identity.auth, { encryptionKey: 'c'.repeat(64) })).toBe(true);
      const signIn = await postJson(demo.app, '/api/identity/sign-in/email', {
        email: demoAccounts.admin.email,
        password: demoAccounts.admin.password,
      });
      expect(signIn.statusCode).toBe(200);
      const cookie = (signIn.headers['set-cookie'] as string[]).map((c) => c.split(';')[0]).join('; ');
      const listed = async () => {
        const res = await demo.app.inject({ url: '/api/admin/ledger/reconciliation', headers: { cookie } });
        expect(res.statusCode, res.body).toBe(200);
        return res.json() as unknown[];
      };
      const demoPayouts = await demo.db.select().from(transactions);
      expect(demoPayouts.length).toBeGreaterThan(0);
      expect(await listed()).toEqual([]);
      for (const payout of demoPayouts) {
        const sent = await postJson(demo.app, `/api/admin/transactions/${payout.id}/sent`, { reference: 'DEMO-1' }, cookie);
        expect(sent.statusCode, sent.body).toBe(200);
      }
      expect(await listed()).toEqual([]);
    } finally {
      await demo.close();
    }
  });
});
