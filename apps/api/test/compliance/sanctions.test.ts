// Sanctions screening (issue 13 item 4): OFAC's SDN list loaded by its command (whole or not at
// all), sellers screened at ID review, and the list's date with its age for the admin. A possible
// match holding a payout until an appraiser clears or blocks it is in test/screening-decisions.
import { copyFile, mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sanctionsEntries, sanctionsLists, sanctionsScreenings } from '../../src/db/schema/index.ts';
import { DEFAULT_SCREENING_THRESHOLD } from '../../src/config/index.ts';
import { runSanctionsLoad } from '../../src/modules/compliance/sanctions/sanctions-load.command.ts';
import { screenSeller } from '../../src/modules/compliance/sanctions/screening.service.ts';
import { recordKycCheck } from '../../src/modules/compliance/index.ts';
import { signUp } from '../support/sessions.ts';
import { createTestApp, engines, type TestApp } from '../support/test-app.ts';
import { postJson, signUpAdmin } from '../support/payouts.fixtures.ts';

const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'ofac');
const NOW = new Date('2026-11-24T09:00:00Z');
/** SANCTIONS_MATCH_THRESHOLD unset: what every test app's configuration carries. */
const THRESHOLD = DEFAULT_SCREENING_THRESHOLD;

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
  const count = async (table: typeof sanctionsLists | typeof sanctionsEntries | typeof sanctionsScreenings) =>
    Number((await t.db.select({ n: sql<number>`count(*)::int` }).from(table))[0]!.n);

  async function load(argv: string[], cwd = FIXTURES) {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runSanctionsLoad(t.db, argv, { cwd, now: NOW, out: (l) => out.push(l), err: (l) => err.push(l) });
    return { code, out: out.join('\n'), err: err.join('\n') };
  }

  beforeAll(async () => {
    t = await createTestApp(engine);
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
