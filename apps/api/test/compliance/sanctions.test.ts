// Sanctions screening (issue 13 item 4): OFAC's SDN list loaded by its command (whole or not at
// all), sellers screened at ID review and before each payout, a possible match holding the payout
// on every rail until an appraiser clears it (released, handed over again) or blocks it (held for
// good), and the list's date with its age for the admin.
import { copyFile, mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PayoutAdapter } from '../../src/adapters/payouts/payout-adapter.ts';
import { auditLog, sanctionsEntries, sanctionsLists, sanctionsScreenings, transactions } from '../../src/db/schema/index.ts';
import { DEFAULT_SCREENING_THRESHOLD } from '../../src/config/index.ts';
import { runSanctionsLoad } from '../../src/modules/compliance/sanctions/sanctions-load.command.ts';
import {
  holdPayoutOnSanctionsMatch,
  sanctionsBlocker,
  screenSeller,
} from '../../src/modules/compliance/sanctions/screening.service.ts';
import { recordKycCheck } from '../../src/modules/compliance/index.ts';
import { handOverPayout } from '../../src/modules/payout-rails/paypal/payout-handover.service.ts';
import { saveAddress } from '../support/addresses.ts';
import { handoverDeps, installPayoutQueues, queuedHandovers } from '../support/payout-handover.ts';
import { signUp } from '../support/sessions.ts';
import { createTestApp, engines, type TestApp } from '../support/test-app.ts';
import { offeredSubmission, postJson, ROUTING, signUpAdmin } from '../support/payouts.fixtures.ts';

const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'ofac');
const NOW = new Date('2026-11-24T09:00:00Z');
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

/** The fixture's three files in a folder of their own, one of them replaced by `replace`. */
async function releaseFolder(replace: Partial<Record<'sdn.csv' | 'alt.csv' | 'add.csv', string>> = {}, withXml = true) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'ofac-'));
  for (const name of ['sdn.csv', 'alt.csv', 'add.csv'] as const) {
    const from = replace[name] ? path.join(FIXTURES, 'malformed', replace[name]) : path.join(FIXTURES, name);
    await copyFile(from, path.join(dir, name));
  }
  if (withXml) await copyFile(path.join(FIXTURES, 'sdn.xml'), path.join(dir, 'sdn.xml'));
  return dir;
}

describe.each(engines)('sanctions screening on %s', (engine) => {
  let t: TestApp;
  let admin: { id: string; cookie: string };
  const get = (url: string, cookie = admin.cookie) => t.app.inject({ method: 'GET', url, headers: { cookie } });
  const post = (url: string, body: unknown = {}, cookie = admin.cookie) => postJson(t.app, url, body, cookie);
  const payoutRow = async (id: string) => (await t.db.select().from(transactions).where(eq(transactions.id, id)))[0]!;
  const count = async (table: typeof sanctionsLists | typeof sanctionsEntries | typeof sanctionsScreenings) =>
    Number((await t.db.select({ n: sql<number>`count(*)::int` }).from(table))[0]!.n);

  async function load(argv: string[], cwd = FIXTURES) {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runSanctionsLoad(t.db, argv, { cwd, now: NOW, out: (l) => out.push(l), err: (l) => err.push(l) });
    return { code, out: out.join('\n'), err: err.join('\n') };
  }

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
  });
  afterAll(() => t.close());

  it('with no list loaded screens nothing, records nothing and the admin is told', async () => {
    expect((await get('/api/admin/compliance/sanctions-list')).json()).toEqual({
      loaded: false,
      message: expect.stringMatching(/No sanctions list is loaded/),
    });
    const seller = await signUp(t.app);
    const outcome = await t.db.transaction((tx) =>
      screenSeller(tx, { userId: seller.id, name: 'John Doe', context: 'payout', threshold: THRESHOLD }),
    );
    expect(outcome).toEqual({ screened: false, message: expect.stringMatching(/npm run sanctions:load/) });
    expect(await count(sanctionsScreenings)).toBe(0);
  });

  it('refuses malformed lists, a missing file, an unknown date or file, with a clear sentence and nothing written', async () => {
    const cases: [Partial<Record<'sdn.csv' | 'alt.csv' | 'add.csv', string>>, RegExp][] = [
      [{ 'sdn.csv': 'sdn-wrong-columns.csv' }, /expected 12 columns/],
      [{ 'sdn.csv': 'sdn-latin1.csv' }, /not valid text in OFAC's encoding/],
      [{ 'sdn.csv': 'sdn-empty.csv' }, /no records/],
      [{ 'sdn.csv': 'sdn-unclosed-quote.csv' }, /quote/i],
      [{ 'alt.csv': 'alt-unknown-entry.csv' }, /is not in sdn\.csv/],
    ];
    for (const [replace, message] of cases) {
      const dir = await releaseFolder(replace);
      const result = await load(['sdn.csv', 'alt.csv', 'add.csv'], dir);
      expect(result.code, JSON.stringify(replace)).toBe(1);
      expect(result.err).toMatch(/^Nothing was loaded: /);
      expect(result.err).toMatch(message);
    }
    const missing = await load(['sdn.csv', 'add.csv']);
    expect(missing).toMatchObject({ code: 1, err: expect.stringMatching(/alt\.csv is missing/) });
    const noDate = await load(['sdn.csv', 'alt.csv', 'add.csv'], await releaseFolder({}, false));
    expect(noDate).toMatchObject({ code: 1, err: expect.stringMatching(/--published YYYY-MM-DD/) });
    const future = await load(['sdn.csv', 'alt.csv', 'add.csv', '--published', '2026-12-01']);
    expect(future).toMatchObject({ code: 1, err: expect.stringMatching(/after today/) });
    const notAFile = await load(['sdn.csv', 'alt.csv', 'add.csv', 'notes.txt']);
    expect(notAFile).toMatchObject({ code: 1, err: expect.stringMatching(/notes\.txt is not one of OFAC's SDN files/) });
    const absent = await load(['sdn.csv', 'alt.csv', 'nowhere/add.csv']);
    expect(absent).toMatchObject({ code: 1, err: expect.stringMatching(/does not exist/) });
    expect(await load([])).toMatchObject({ code: 64 });
    expect([await count(sanctionsLists), await count(sanctionsEntries)]).toEqual([0, 0]);
  });

  it('loads the fixture in any order with the date of its sdn.xml, and shows the admin its date and age', async () => {
    const result = await load(['add.csv', 'sdn.csv', 'alt.csv']);
    expect(result).toMatchObject({ code: 0, err: '' });
    expect(result.out).toBe(
      'Loaded the OFAC SDN list published 2026-11-20: 4 listings, 3 other names, 3 addresses. It is now the active list.',
    );
    const [entry] = await t.db.select().from(sanctionsEntries).where(eq(sanctionsEntries.entNum, 1001));
    expect(entry).toMatchObject({ name: 'DOE, John', type: 'individual', programs: ['SDGT'] });
    expect(entry!.aliases.map((a) => a.name)).toEqual(['DOE, Johnny', 'ROE, Jonathan']);

    const state = (await get('/api/admin/compliance/sanctions-list')).json();
    const ageDays = Math.round((Date.parse(new Date().toISOString().slice(0, 10)) - Date.parse('2026-11-20')) / 86_400_000);
    expect(state).toEqual({
      loaded: true,
      publishedOn: '2026-11-20',
      loadedAt: NOW.toISOString(),
      entryCount: 4,
      ageDays,
      stale: ageDays > 7,
    });
    // A newer release replaces it as the one in force; the first stays for the screenings made against it.
    expect(await load(['sdn.csv', 'alt.csv', 'add.csv', '--published=2026-11-23'])).toMatchObject({ code: 0 });
    const lists = await t.db.select().from(sanctionsLists);
    expect(lists.map((l) => [l.publishedOn, l.active]).sort()).toEqual([
      ['2026-11-20', false],
      ['2026-11-23', true],
    ]);
  });

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

  it('screens the name on an ID when an appraiser approves it, and tells the reviewer of a possible match', async () => {
    const seller = await signUp(t.app, { firstName: 'Pat', lastName: 'Example' });
    const review = async (fullName: string) => {
      const id = crypto.randomUUID();
      await recordKycCheck(t.db, {
        id,
        userId: seller.id,
        status: 'pending',
        fullName,
        idType: 'passport',
        idNumberLast4: '1234',
        encryptedIdNumber: 'not-read-here',
      });
      return post(`/api/admin/kyc/${id}/review`, { approve: true });
    };
    const res = await review('Jose Luis Nunez Garcia');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().sanctionsScreening).toMatchObject({
      status: 'possible-match',
      message: expect.stringMatching(/possible match on the OFAC SDN list \(NUNEZ GARCIA, Jose Luis/),
      matches: [expect.objectContaining({ entNum: 1003 })],
    });
    const [screening] = await t.db.select().from(sanctionsScreenings).where(eq(sanctionsScreenings.userId, seller.id));
    expect(screening).toMatchObject({ context: 'id-review', status: 'possible-match', screenedName: 'Jose Luis Nunez Garcia' });
  });

  it('the compliance routes are for appraisers only', async () => {
    const client = await signUp(t.app);
    for (const url of ['/api/admin/compliance/sanctions-list', '/api/admin/compliance/screenings']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
      expect((await get(url, client.cookie)).statusCode).toBe(403);
    }
    expect((await get('/api/admin/compliance/screenings?status=maybe')).statusCode).toBe(400);
  });
});
