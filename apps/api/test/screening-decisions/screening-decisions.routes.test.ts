// Screening decisions (issue 13 item 4): a possible match on the sanctions list holds the seller's
// payout on every rail until an appraiser clears it (released, handed over again) or blocks it (held
// for good), through POST /api/admin/compliance/screenings/:id/decision. Loading the list and
// screening are in test/compliance/sanctions.test.ts.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PayoutAdapter } from '../../src/adapters/payouts/payout-adapter.ts';
import { auditLog, transactions } from '../../src/db/schema/index.ts';
import { DEFAULT_SCREENING_THRESHOLD } from '../../src/config/index.ts';
import { runSanctionsLoad } from '../../src/modules/compliance/sanctions/sanctions-load.command.ts';
import { holdPayoutOnSanctionsMatch, sanctionsBlocker } from '../../src/modules/compliance/sanctions/screening.service.ts';
import { handOverPayout } from '../../src/modules/payout-rails/paypal/payout-handover.service.ts';
import { saveAddress } from '../support/addresses.ts';
import { handoverDeps, installPayoutQueues, queuedHandovers } from '../support/payout-handover.ts';
import { signUp } from '../support/sessions.ts';
import { createTestApp, engines, type TestApp } from '../support/test-app.ts';
import { offeredSubmission, postJson, ROUTING, signUpAdmin } from '../support/payouts.fixtures.ts';

const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'ofac');
/** SANCTIONS_MATCH_THRESHOLD unset: what every test app's configuration carries. */
const THRESHOLD = DEFAULT_SCREENING_THRESHOLD;
const REVIEW_SENTENCE = /possible match on the sanctions list/;
const BLOCKED_SENTENCE = /blocked: an appraiser found the seller on the sanctions list/;

/** A provider that pays every method itself and remembers what it was given. */
function recordingProvider() {
  const seen: string[] = [];
  const adapter: PayoutAdapter = {
    provider: 'test',
    handles: () => true,
    async initiate(payout) {
      seen.push(payout.transactionId);
      return { status: 'sent', reference: `REF-${seen.length}` };
    },
  };
  return { adapter, seen };
}

describe.each(engines)('screening decisions on %s', (engine) => {
  let t: TestApp;
  let admin: { id: string; cookie: string };
  const get = (url: string, cookie = admin.cookie) => t.app.inject({ method: 'GET', url, headers: { cookie } });
  const post = (url: string, body: unknown = {}, cookie = admin.cookie) => postJson(t.app, url, body, cookie);
  const payoutRow = async (id: string) => (await t.db.select().from(transactions).where(eq(transactions.id, id)))[0]!;

  /** A seller with this name accepts an offer; the payout is recorded and screened as the lead's wiring will. */
  async function sellerAccepts(firstName: string, lastName: string, method: 'ach' | 'paypal' | 'check' = 'ach') {
    const seller = await signUp(t.app, { firstName, lastName });
    if (method === 'check') expect((await saveAddress(t.app, seller.cookie)).statusCode).toBe(200);
    const sub = await offeredSubmission(t.db, seller.id, '800.00');
    const payoutDetails =
      method === 'ach'
        ? { accountName: `${firstName} ${lastName}`, routingNumber: ROUTING, accountNumber: '000111222333' }
        : method === 'paypal'
          ? { email: `${firstName.toLowerCase()}@example.com` }
          : { method: 'check' };
    const res = await post('/api/transactions', { submissionId: sub.id, payoutMethod: method, payoutDetails }, seller.cookie);
    expect(res.statusCode, res.body).toBe(201);
    const transactionId = res.json().id as string;
    // Accepting screens the payout's names itself and holds it on a possible match.
    const hold = (await payoutRow(transactionId)).complianceHold;
    return { seller, transactionId, hold };
  }

  async function openMatchOf(userId: string) {
    const res = await get('/api/admin/compliance/screenings?status=possible-match');
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { id: string; userId: string; matches: { entNum: number; score: number }[] }[]).find(
      (s) => s.userId === userId,
    );
  }

  beforeAll(async () => {
    // Outside production an ACH file is written with example company settings: none needed here.
    t = await createTestApp(engine);
    await installPayoutQueues(t);
    admin = await signUpAdmin(t.app, t.db);
    // The fixture's list, as `npm run sanctions:load` loads it (its own tests are in test/compliance).
    const loaded = await runSanctionsLoad(t.db, ['sdn.csv', 'alt.csv', 'add.csv'], {
      cwd: FIXTURES,
      now: new Date('2026-11-24T09:00:00Z'),
      out: () => undefined,
      err: (line) => console.error(line),
    });
    expect(loaded).toBe(0);
  });
  afterAll(() => t.close());

  it('holds the payout of a seller named like "DOE, John" on every rail until an appraiser clears it, then hands it over', async () => {
    const held = await sellerAccepts('John', 'Doe');
    expect(held.hold).toBe('sanctions-review');
    const other = await sellerAccepts('Ada', 'Lovelace');
    expect(other.hold).toBeNull();
    expect((await payoutRow(other.transactionId)).complianceHold).toBeNull();

    const match = await openMatchOf(held.seller.id);
    expect(match?.matches[0]).toMatchObject({ entNum: 1001, listedName: 'DOE, John', matchedOn: 'name', score: 1 });
    // The compliance queue names the held payout and who clears it.
    const queue = (await get('/api/admin/compliance/queue')).json() as {
      transactionId: string | null;
      kind: string;
      clearedBy: string;
    }[];
    expect(queue.find((i) => i.transactionId === held.transactionId)).toMatchObject({
      kind: 'sanctions',
      clearedBy: 'decide-sanctions',
    });
    expect(await sanctionsBlocker(t.db, { userId: held.seller.id, name: 'John Doe', threshold: THRESHOLD })).toEqual({
      kind: 'sanctions',
      message: expect.stringMatching(REVIEW_SENTENCE),
    });
    expect(await sanctionsBlocker(t.db, { userId: other.seller.id, name: 'Ada Lovelace', threshold: THRESHOLD })).toBeNull();

    // Not handed to the provider (PayPal's job), not put in an ACH file, not marked paid by hand.
    const provider = recordingProvider();
    expect(await handOverPayout(handoverDeps(t, provider.adapter), { transactionId: held.transactionId, attempt: 1 })).toBe(
      'held',
    );
    expect(provider.seen).toEqual([]);
    const batch = await post('/api/admin/payouts/ach-batches');
    expect(batch.statusCode, batch.body).toBe(201);
    const body = batch.json() as { entries: { transactionId: string }[]; leftOut: { transactionId: string; reason: string }[] };
    expect(body.entries.map((e) => e.transactionId)).toEqual([other.transactionId]);
    expect(body.leftOut).toEqual([
      {
        transactionId: held.transactionId,
        submissionShortId: expect.any(String),
        reason: expect.stringMatching(REVIEW_SENTENCE),
      },
    ]);
    const sent = await post(`/api/admin/transactions/${held.transactionId}/sent`, { reference: 'WIRE-1' });
    expect(sent.statusCode).toBe(409);
    expect(sent.json().message).toMatch(REVIEW_SENTENCE);
    const listed = (await get('/api/admin/payouts?status=pending')).json() as { id: string; complianceHold: unknown }[];
    expect(listed.find((p) => p.id === held.transactionId)?.complianceHold).toEqual({
      hold: 'sanctions-review',
      message: expect.stringMatching(REVIEW_SENTENCE),
    });

    // Bad decisions change nothing.
    const url = `/api/admin/compliance/screenings/${match!.id}/decision`;
    expect((await post(url, { decision: 'clear', reason: ' ' })).statusCode).toBe(400);
    expect((await post(url, { decision: 'maybe', reason: 'Different person' })).statusCode).toBe(400);
    expect((await post(url, { decision: 'clear', reason: 'x'.repeat(501) })).statusCode).toBe(400);
    expect(
      (await post('/api/admin/compliance/screenings/nope/decision', { decision: 'clear', reason: 'Different person' }))
        .statusCode,
    ).toBe(404);
    expect((await post(url, { decision: 'clear', reason: 'Different person' }, held.seller.cookie)).statusCode).toBe(403);
    expect((await payoutRow(held.transactionId)).complianceHold).toBe('sanctions-review');

    const original = t.app.ctx.payouts;
    Object.assign(t.app.ctx, { payouts: provider.adapter });
    let cleared;
    try {
      cleared = await post(url, { decision: 'clear', reason: 'Born 1988, not 1970; different nationality on the ID.' });
    } finally {
      Object.assign(t.app.ctx, { payouts: original });
    }
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json()).toMatchObject({
      status: 'cleared',
      decidedBy: admin.id,
      reason: 'Born 1988, not 1970; different nationality on the ID.',
    });
    expect((await payoutRow(held.transactionId)).complianceHold).toBeNull();
    expect(await queuedHandovers(t.db, held.transactionId)).toContainEqual({ transactionId: held.transactionId, attempt: 1 });
    expect(await handOverPayout(handoverDeps(t, provider.adapter), { transactionId: held.transactionId, attempt: 1 })).toBe(
      'moved',
    );
    expect(provider.seen).toEqual([held.transactionId]);

    const entries = await t.db.select().from(auditLog).where(eq(auditLog.action, 'sanctions_cleared'));
    expect(entries.map((e) => [e.entityType, e.entityId, e.actorId]).sort()).toEqual(
      [
        ['sanctions_screening', match!.id, admin.id],
        ['transaction', held.transactionId, admin.id],
      ].sort(),
    );
    expect(entries[0]!.changes).toMatchObject({
      reason: 'Born 1988, not 1970; different nationality on the ID.',
      listedName: 'DOE, John',
    });
    // Decided once: a second decision is a 409.
    expect((await post(url, { decision: 'block', reason: 'Changed my mind' })).statusCode).toBe(409);

    // Cleared for this list: the seller's next payout is screened again, recorded clear, and not held.
    const sub = await offeredSubmission(t.db, held.seller.id, '300.00');
    const again = await post(
      '/api/transactions',
      { submissionId: sub.id, payoutMethod: 'paypal', payoutDetails: { email: 'j@example.com' } },
      held.seller.cookie,
    );
    expect(again.statusCode).toBe(201);
    expect(
      await t.db.transaction((tx) => holdPayoutOnSanctionsMatch(tx, { transactionId: again.json().id, threshold: THRESHOLD })),
    ).toBeNull();
  });

  it('a blocked match keeps the payout held as blocked: no rail ever pays it, and appraisers are told', async () => {
    // "ROE, Jonathan" is an alias of listing 1001; a check payout this time.
    const held = await sellerAccepts('Jonathan', 'Roe', 'check');
    expect(held.hold).toBe('sanctions-review');
    const match = await openMatchOf(held.seller.id);
    expect(match?.matches[0]).toMatchObject({ entNum: 1001, matchedOn: 'alias' });
    const register = await post('/api/admin/payouts/checks', { transactionId: held.transactionId });
    expect(register.statusCode).toBe(409);
    expect(register.json().message).toMatch(REVIEW_SENTENCE);

    const blocked = await post(`/api/admin/compliance/screenings/${match!.id}/decision`, {
      decision: 'block',
      reason: 'Same date of birth and address as the listing.',
    });
    expect(blocked.statusCode, blocked.body).toBe(200);
    expect(blocked.json().status).toBe('blocked');
    expect((await payoutRow(held.transactionId)).complianceHold).toBe('sanctions-blocked');
    const provider = recordingProvider();
    expect(await handOverPayout(handoverDeps(t, provider.adapter), { transactionId: held.transactionId, attempt: 1 })).toBe(
      'held',
    );
    expect(provider.seen).toEqual([]);
    const again = await post('/api/admin/payouts/checks', { transactionId: held.transactionId });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(BLOCKED_SENTENCE);
    const sent = await post(`/api/admin/transactions/${held.transactionId}/sent`, { reference: 'CASH' });
    expect(sent.json().message).toMatch(BLOCKED_SENTENCE);
    expect((await payoutRow(held.transactionId)).status).toBe('pending');
    expect(await sanctionsBlocker(t.db, { userId: held.seller.id, name: 'Jonathan Roe', threshold: THRESHOLD })).toEqual({
      kind: 'sanctions',
      message: expect.stringMatching(BLOCKED_SENTENCE),
    });
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'sanctions_blocked'), eq(auditLog.entityId, match!.id)));
    expect(entry).toMatchObject({ actorId: admin.id, fromStatus: 'possible-match', toStatus: 'blocked' });
  });
});
