// Custody (issue 28 item 2): a received parcel's items are in the vault with a tag; appraisers
// define bins, move items between the vault and bins (sold and returned at the end), find them by
// submission, bin or tag, and read each item's moves. Every bad input is a 400 with a sentence and
// changes nothing; two appraisers moving one item at once end with one winner and a 409.
import { custodyMessages, ITEM_TAG_PATTERN } from '@assay/domain';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildSubmission } from '../../src/db/factories.ts';
import { auditLog, custodyMoves, itemLocations, submissionItems, submissions } from '../../src/db/schema/index.ts';
import { insertFirstItems } from '../../src/modules/submissions/index.ts';
import { expectAdminsOnly } from '../support/admins-only.ts';
import { signUp } from '../support/sessions.ts';
import { ADMIN_EMAIL, createTestApp, engines, TEST_ORIGIN, type TestApp } from '../support/test-app.ts';

const SECOND_APPRAISER = 'second-appraiser@assay.test';
const DAY = 86_400_000;

describe.each(engines)('custody on %s', (engine) => {
  let t: TestApp;
  let admin: { id: string; cookie: string };
  let otherAdmin: { id: string; cookie: string };
  let client: { id: string; email: string; cookie: string };

  const send = (method: 'POST' | 'PUT', url: string, body?: unknown, cookie = admin.cookie) =>
    t.app.inject({
      method,
      url,
      headers: { cookie, origin: TEST_ORIGIN, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
  const get = (url: string, cookie = admin.cookie) => t.app.inject({ method: 'GET', url, headers: { cookie } });

  /** A parcel of `extra + 1` items, received through the appraisal workflow's route. */
  async function received(extra = 0) {
    const row = buildSubmission({ userId: client.id });
    await t.db.insert(submissions).values(row);
    await insertFirstItems(t.db, [row]);
    for (let i = 0; i < extra; i++) {
      await t.db.insert(submissionItems).values({
        id: crypto.randomUUID(),
        submissionId: row.id!,
        position: i + 2,
        category: row.category,
        description: `Extra piece ${i + 2}`,
        estimatedWeight: '3',
        weightUnit: row.weightUnit,
        preliminaryQuoteMin: 1000,
        preliminaryQuoteMax: 2000,
        declaredValue: 2000,
      });
    }
    const res = await send('POST', `/api/admin/submissions/${row.id}/receive`);
    expect(res.statusCode, res.body).toBe(200);
    const items = await t.db
      .select()
      .from(submissionItems)
      .where(eq(submissionItems.submissionId, row.id!))
      .orderBy(submissionItems.position);
    return { id: row.id!, items };
  }
  const locationOf = async (itemId: string) =>
    (await t.db.select().from(itemLocations).where(eq(itemLocations.itemId, itemId)))[0]!;
  const movesOf = (itemId: string) => t.db.select().from(custodyMoves).where(eq(custodyMoves.itemId, itemId));
  async function makeBin(code = `B-${Math.random().toString(36).slice(2, 7)}`, label = 'Shelf 1') {
    const res = await send('POST', '/api/admin/custody/bins', { code, label });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: string; code: string };
  }
  /** Bought: completed, item 1 sold, its hold as given (the database's now() decides, so SQL sets it). */
  async function markBought(submissionId: string, holdUntil: Date) {
    await t.db.execute(
      sql`update submissions set status = 'completed', hold_until = ${holdUntil.toISOString()}::timestamptz where id = ${submissionId}`,
    );
    await t.db.update(submissionItems).set({ outcome: 'sold' }).where(eq(submissionItems.submissionId, submissionId));
  }

  beforeAll(async () => {
    t = await createTestApp(engine, { ADMIN_EMAILS: `${ADMIN_EMAIL},${SECOND_APPRAISER}` });
    admin = await signUp(t.app, { email: ADMIN_EMAIL, firstName: 'Ada', lastName: 'Appraiser' });
    otherAdmin = await signUp(t.app, { email: SECOND_APPRAISER });
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    client = await signUp(t.app);
  });

  it('is for appraisers only', async () => {
    await expectAdminsOnly(
      t.app,
      [
        ['GET', '/api/admin/custody/bins'],
        ['POST', '/api/admin/custody/bins'],
        ['GET', '/api/admin/custody/bins/x'],
        ['POST', '/api/admin/custody/bins/x/archive'],
        ['GET', '/api/admin/custody/items?tag=AS-000001'],
        ['GET', '/api/admin/custody/items/x/moves'],
        ['POST', '/api/admin/custody/items/x/move'],
      ],
      client.cookie,
    );
  });

  it('receiving a parcel puts each item in the vault with its own tag, in the same transaction', async () => {
    const sub = await received(2);
    const locations = await Promise.all(sub.items.map((item) => locationOf(item.id)));
    expect(locations.map((l) => l.place)).toEqual(['vault', 'vault', 'vault']);
    for (const l of locations) expect(l.tag).toMatch(ITEM_TAG_PATTERN);
    expect(new Set(locations.map((l) => l.tag)).size).toBe(3);
    expect(locations.every((l) => l.movedBy === admin.id)).toBe(true);
    const history = await get(`/api/admin/custody/items/${sub.items[0]!.id}/moves`);
    expect(history.statusCode).toBe(200);
    expect(history.json().moves).toMatchObject([{ fromPlace: null, toPlace: 'vault', by: 'Ada Appraiser', note: 'Received' }]);
    expect(history.json().item).toMatchObject({ place: 'vault', submissionId: sub.id, ready: false, version: 1 });
  });

  it('an item not yet received has no place: 400 with a sentence', async () => {
    const row = buildSubmission({ userId: client.id });
    await t.db.insert(submissions).values(row);
    await insertFirstItems(t.db, [row]);
    const [item] = await t.db.select().from(submissionItems).where(eq(submissionItems.submissionId, row.id!));
    const res = await get(`/api/admin/custody/items/${item!.id}/moves`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(custodyMessages.notReceived);
    expect((await send('POST', `/api/admin/custody/items/${item!.id}/move`, { to: 'vault', version: 1 })).statusCode).toBe(400);
    expect((await get('/api/admin/custody/items/nope/moves')).statusCode).toBe(404);
  });

  it('bins: created, renamed and archived by appraisers, each audited; a taken code is a 409', async () => {
    const bin = await makeBin('b-77', 'Top shelf');
    expect(bin.code).toBe('B-77');
    const taken = await send('POST', '/api/admin/custody/bins', { code: 'B-77', label: 'Again' }, otherAdmin.cookie);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(custodyMessages.binCodeTaken('B-77'));
    const renamed = await send('PUT', `/api/admin/custody/bins/${bin.id}`, { label: 'Bottom shelf' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ code: 'B-77', label: 'Bottom shelf', itemCount: 0, archivedAt: null });
    const archived = await send('POST', `/api/admin/custody/bins/${bin.id}/archive`);
    expect(archived.statusCode).toBe(200);
    expect(archived.json().archivedAt).not.toBeNull();
    expect((await send('POST', `/api/admin/custody/bins/${bin.id}/archive`)).statusCode).toBe(409);
    const entries = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'bin'), eq(auditLog.entityId, bin.id)));
    expect(entries.map((e) => e.action).sort()).toEqual(['bin_archived', 'bin_created', 'bin_renamed']);
    const list = (await get('/api/admin/custody/bins')).json();
    expect(list.bins.find((b: { id: string }) => b.id === bin.id)).toMatchObject({ code: 'B-77', label: 'Bottom shelf' });
  });

  it('bins: bad input is a 400 with a sentence and writes nothing', async () => {
    const before = (await get('/api/admin/custody/bins')).json().bins.length;
    for (const body of [
      { code: '', label: 'x' },
      { code: 'B-1' },
      { code: 'B/1', label: 'x' },
      { code: 'B-1', label: 'x', extra: 1 },
    ]) {
      const res = await send('POST', '/api/admin/custody/bins', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toMatch(/\w+ \w+/);
    }
    const bin = await makeBin();
    expect((await send('PUT', `/api/admin/custody/bins/${bin.id}`, {})).statusCode).toBe(400);
    expect((await get('/api/admin/custody/bins')).json().bins.length).toBe(before + 1);
  });

  it('moves an item into a bin and back, logged with who, when and a note, audited on its submission', async () => {
    const sub = await received();
    const item = sub.items[0]!;
    const bin = await makeBin();
    const res = await send('POST', `/api/admin/custody/items/${item.id}/move`, {
      to: 'bin',
      binId: bin.id,
      version: 1,
      note: 'Tested',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ place: 'bin', bin: { id: bin.id, code: bin.code }, version: 2, movedBy: 'Ada Appraiser' });
    const detail = (await get(`/api/admin/custody/bins/${bin.id}`)).json();
    expect(detail.bin).toMatchObject({ itemCount: 1, readyCount: 0 });
    expect(detail.items).toMatchObject([{ itemId: item.id, tag: expect.stringMatching(ITEM_TAG_PATTERN), ready: false }]);
    const back = await send('POST', `/api/admin/custody/items/${item.id}/move`, { to: 'vault', version: 2 }, otherAdmin.cookie);
    expect(back.statusCode).toBe(200);
    const moves = (await get(`/api/admin/custody/items/${item.id}/moves`)).json().moves;
    expect(
      moves.map((m: { toPlace: string; fromBin: string | null; toBin: string | null }) => [m.toPlace, m.fromBin, m.toBin]),
    ).toEqual([
      ['vault', null, null],
      ['bin', null, bin.code],
      ['vault', bin.code, null],
    ]);
    expect(moves[1]).toMatchObject({ note: 'Tested', by: 'Ada Appraiser' });
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, sub.id), eq(auditLog.action, 'item_moved')));
    expect(audit.map((a) => [a.actorId, a.changes?.toPlace])).toEqual([
      [admin.id, 'bin'],
      [otherAdmin.id, 'vault'],
    ]);
  });

  it('a bad move is a 400 with a sentence and changes nothing', async () => {
    const sub = await received();
    const item = sub.items[0]!;
    const archived = await makeBin();
    await send('POST', `/api/admin/custody/bins/${archived.id}/archive`);
    const cases: [unknown, RegExp | string][] = [
      [{ to: 'bin', version: 1 }, custodyMessages.binRequired],
      [{ to: 'vault', binId: archived.id, version: 1 }, custodyMessages.binOnlyForBin],
      [{ to: 'bin', binId: 'no-such-bin', version: 1 }, custodyMessages.binNotFound],
      [{ to: 'bin', binId: archived.id, version: 1 }, custodyMessages.binArchived],
      [{ to: 'vault', version: 1 }, custodyMessages.alreadyThere],
      [{ to: 'melt-lot', version: 1 }, /Choose where the item goes/],
      [{ to: 'sold', version: 1 }, custodyMessages.notBought],
      [{ to: 'returned', version: 1 }, custodyMessages.notReturning],
      [{ to: 'vault' }, /version/],
      [{ to: 'vault', version: 1, extra: true }, /extra/],
    ];
    for (const [body, message] of cases) {
      const res = await send('POST', `/api/admin/custody/items/${item.id}/move`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    expect(await locationOf(item.id)).toMatchObject({ place: 'vault', version: 1 });
    expect(await movesOf(item.id)).toHaveLength(1);
  });

  it('finds items by submission (whole or short id), bin (id or code) and tag (as typed)', async () => {
    const sub = await received(1);
    const bin = await makeBin();
    await send('POST', `/api/admin/custody/items/${sub.items[1]!.id}/move`, { to: 'bin', binId: bin.id, version: 1 });
    const ids = async (query: string) =>
      ((await get(`/api/admin/custody/items?${query}`)).json().items as { itemId: string }[]).map((i) => i.itemId);
    const both = sub.items.map((i) => i.id);
    expect(await ids(`submission=${sub.id}`)).toEqual(both);
    expect(await ids(`submission=${sub.id.slice(-8).toUpperCase()}`)).toEqual(both);
    expect(await ids(`bin=${bin.id}`)).toEqual([sub.items[1]!.id]);
    expect(await ids(`bin=${bin.code.toLowerCase()}`)).toEqual([sub.items[1]!.id]);
    const tag = (await locationOf(sub.items[0]!.id)).tag;
    expect(await ids(`tag=${tag}`)).toEqual([sub.items[0]!.id]);
    expect(await ids(`tag=${tag.toLowerCase().replace('-0', '-')}`)).toEqual([sub.items[0]!.id]);
    expect(await ids(`tag=${Number(tag.slice(3))}`)).toEqual([sub.items[0]!.id]);
    for (const query of ['', `tag=${tag}&bin=${bin.id}`, 'colour=red']) {
      const res = await get(`/api/admin/custody/items?${query}`);
      expect(res.statusCode, query).toBe(400);
    }
    const unreadable = await get('/api/admin/custody/items?tag=B-01');
    expect(unreadable.statusCode).toBe(400);
    expect(unreadable.json().message).toBe(custodyMessages.tagUnreadable);
  });

  it('sold: refused while the hold runs (409 naming its day), allowed once it passed; ready shows in the bin', async () => {
    const sub = await received();
    const item = sub.items[0]!;
    const bin = await makeBin();
    await send('POST', `/api/admin/custody/items/${item.id}/move`, { to: 'bin', binId: bin.id, version: 1 });
    const holdUntil = new Date(Date.now() + 5 * DAY);
    await markBought(sub.id, holdUntil);
    expect((await get(`/api/admin/custody/bins/${bin.id}`)).json().items[0]).toMatchObject({
      ready: false,
      holdUntil: holdUntil.toISOString(),
    });
    const early = await send('POST', `/api/admin/custody/items/${item.id}/move`, { to: 'sold', version: 2 });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(custodyMessages.onHold(holdUntil));
    expect(await locationOf(item.id)).toMatchObject({ place: 'bin', version: 2 });
    expect(await movesOf(item.id)).toHaveLength(2);

    await markBought(sub.id, new Date(Date.now() - DAY));
    const detail = (await get(`/api/admin/custody/bins/${bin.id}`)).json();
    expect(detail.items[0].ready).toBe(true);
    expect(detail.bin.readyCount).toBe(1);
    const sold = await send('POST', `/api/admin/custody/items/${item.id}/move`, { to: 'sold', version: 2 });
    expect(sold.statusCode, sold.body).toBe(200);
    expect(sold.json()).toMatchObject({ place: 'sold', bin: null });
    const again = await send('POST', `/api/admin/custody/items/${item.id}/move`, { to: 'vault', version: 3 });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toMatch(/left our custody/);
  });

  it('two appraisers moving one item at once: one wins, the other hears a 409 sentence', async () => {
    const sub = await received();
    const item = sub.items[0]!;
    const [a, b] = [await makeBin(), await makeBin()];
    const answers = await Promise.all([
      send('POST', `/api/admin/custody/items/${item.id}/move`, { to: 'bin', binId: a.id, version: 1 }),
      send('POST', `/api/admin/custody/items/${item.id}/move`, { to: 'bin', binId: b.id, version: 1 }, otherAdmin.cookie),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const loser = answers.find((r) => r.statusCode === 409)!;
    expect(loser.json().message).toBe(custodyMessages.movedMeanwhile);
    const winner = answers.find((r) => r.statusCode === 200)!.json();
    expect(await locationOf(item.id)).toMatchObject({ place: 'bin', binId: winner.bin.id, version: 2 });
    expect(await movesOf(item.id)).toHaveLength(2);
  });
});
