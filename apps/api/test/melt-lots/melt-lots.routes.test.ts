// Melt lots (issue 28 item 3): an appraiser opens a lot for a sort category, adds bought items by
// their custody tag (the category read from the item's offer lines), takes them out while the lot
// is open, and moves the lot one state at a time, shipping it with a refiner, a tracking number and
// insurance for at least its value at today's spot. Every bad input is a 400 with a sentence and
// changes nothing; a closed lot is a 409; two appraisers adding one item to two lots, one winner.
import { custodyMessages, meltLotItemMessages, meltLotMessages, meltLotRouteMessages } from '@assay/domain';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, custodyMoves, itemLocations, meltLots, submissionItems } from '../../src/db/schema/index.ts';
import { expectAdminsOnly } from '../support/admins-only.ts';
import { signUp } from '../support/sessions.ts';
import { ADMIN_EMAIL, createTestApp, engines, type TestApp } from '../support/test-app.ts';
import { boughtItem, DAY, REFINER_ADDRESS, requests } from './lots.ts';

const SECOND_APPRAISER = 'second-appraiser@assay.test';

describe.each(engines)('melt lots on %s', (engine) => {
  let t: TestApp;
  let admin: { id: string; cookie: string };
  let otherAdmin: { id: string; cookie: string };
  let client: { id: string; cookie: string };
  const { send, get } = requests(
    () => t,
    () => admin.cookie,
  );
  const bought = (options?: Parameters<typeof boughtItem>[3]) => boughtItem(t, client.id, admin.cookie, options);
  async function openLot(category = 'gold-14k') {
    const res = await send('POST', '/api/admin/melt-lots', { category });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().lot as { id: string; number: string };
  }
  const locationOf = async (itemId: string) =>
    (await t.db.select().from(itemLocations).where(eq(itemLocations.itemId, itemId)))[0]!;
  const lotRow = async (id: string) => (await t.db.select().from(meltLots).where(eq(meltLots.id, id)))[0]!;

  beforeAll(async () => {
    t = await createTestApp(engine, { ADMIN_EMAILS: `${ADMIN_EMAIL},${SECOND_APPRAISER}` });
    admin = await signUp(t.app, { email: ADMIN_EMAIL, firstName: 'Ada', lastName: 'Appraiser' });
    otherAdmin = await signUp(t.app, { email: SECOND_APPRAISER });
    await t.app.ctx.pricing.refresh({ force: true });
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    client = await signUp(t.app);
  });

  it('is for appraisers only', async () => {
    await expectAdminsOnly(
      t.app,
      [
        ['GET', '/api/admin/melt-lots'],
        ['POST', '/api/admin/melt-lots'],
        ['GET', '/api/admin/melt-lots/x'],
        ['POST', '/api/admin/melt-lots/x/items'],
        ['POST', '/api/admin/melt-lots/x/advance'],
        ['POST', '/api/admin/melt-lots/x/ship'],
        ['GET', '/api/admin/melt-lots/x/label.pdf'],
      ],
      client.cookie,
    );
    const removal = await send('DELETE', '/api/admin/melt-lots/x/items/y', undefined, client.cookie);
    expect(removal.statusCode).toBe(403);
  });

  it('opens a numbered lot, adds a bought item by its tag (custody logs the move) and counts its totals', async () => {
    const lot = await openLot();
    expect(lot.number).toMatch(/^LOT-\d{4,}$/);
    const item = await bought();
    const res = await send('POST', `/api/admin/melt-lots/${lot.id}/items`, { tag: item.tag.toLowerCase() });
    expect(res.statusCode, res.body).toBe(200);
    const detail = res.json();
    expect(detail.items).toMatchObject([
      {
        itemId: item.itemId,
        tag: item.tag,
        submissionId: item.submissionId,
        weight: '10.0000',
        purityPercent: '58.500',
        fineGrams: '5.8500',
      },
    ]);
    expect(detail.lot).toMatchObject({ state: 'open', itemCount: 1, grossGrams: '10.0000', stoneCount: 0 });
    expect(detail.lot.metals).toMatchObject([{ metal: 'gold', fineGrams: '5.8500' }]);
    expect(detail.lot.estimatedValueCents).toBeGreaterThan(0);
    expect(await locationOf(item.itemId)).toMatchObject({ place: 'melt-lot', meltLotId: lot.id, version: 2 });
    const moves = await t.db.select().from(custodyMoves).where(eq(custodyMoves.itemId, item.itemId));
    expect(moves.map((m) => [m.fromPlace, m.toPlace, m.toMeltLotId])).toEqual([
      [null, 'vault', null],
      ['vault', 'melt-lot', lot.id],
    ]);
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'melt_lot'), eq(auditLog.entityId, lot.id)));
    expect(audits.map((a) => a.action)).toEqual(['melt_lot_created', 'melt_lot_item_added']);
    // An item in a lot is not sellable from custody.
    const sell = await send('POST', `/api/admin/custody/items/${item.itemId}/move`, { to: 'sold', version: 2 });
    expect(sell.statusCode).toBe(400);
    expect(sell.json().message).toBe(custodyMessages.inMeltLot);
    const list = await get('/api/admin/melt-lots');
    expect(list.json().lots.find((l: { id: string }) => l.id === lot.id)).toMatchObject({ itemCount: 1, number: lot.number });
  });

  it('an item melted with its stones sorts "with stones" and counts them', async () => {
    const lot = await openLot('gold-18k-stones');
    const item = await bought({ material: 'gold-18k', purity: '75', stones: true });
    const res = await send('POST', `/api/admin/melt-lots/${lot.id}/items`, { tag: item.tag });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().lot).toMatchObject({ stoneCount: 1, itemCount: 1 });
  });

  it('refuses with a sentence, changing nothing: bad bodies, another category, an item not bought or held', async () => {
    const lot = await openLot();
    for (const body of [{}, { category: 'gold-13k' }, { category: 'gold-14k', extra: 1 }]) {
      const res = await send('POST', '/api/admin/melt-lots', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toMatch(/\w/);
    }
    for (const body of [{}, { tag: '' }, { tag: 'B-01' }]) {
      const res = await send('POST', `/api/admin/melt-lots/${lot.id}/items`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    const unknown = await send('POST', `/api/admin/melt-lots/${lot.id}/items`, { tag: 'AS-999999' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(meltLotRouteMessages.tagNotFound('AS-999999'));
    const silver = await bought({ material: 'silver', purity: '92.5' });
    const other = await send('POST', `/api/admin/melt-lots/${lot.id}/items`, { tag: silver.tag });
    expect(other.statusCode).toBe(400);
    expect(other.json().message).toBe(meltLotMessages.otherCategory('silver', 'gold-14k'));
    const notBought = await bought();
    await t.db.update(submissionItems).set({ outcome: 'returned' }).where(eq(submissionItems.id, notBought.itemId));
    const refused = await send('POST', `/api/admin/melt-lots/${lot.id}/items`, { tag: notBought.tag });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(meltLotRouteMessages.notBought);
    const untested = await bought({ purity: '5' });
    const below = await send('POST', `/api/admin/melt-lots/${lot.id}/items`, { tag: untested.tag });
    expect(below.statusCode).toBe(400);
    const held = await bought({ holdUntil: new Date(Date.now() + 3 * DAY) });
    const onHold = await send('POST', `/api/admin/melt-lots/${lot.id}/items`, { tag: held.tag });
    expect(onHold.statusCode, onHold.body).toBe(409);
    expect(onHold.json().message).toMatch(
      /^This item is on hold until .+; it cannot go into a melt lot or be sold before then\.$/,
    );
    for (const id of [silver.itemId, notBought.itemId, untested.itemId, held.itemId]) {
      expect(await locationOf(id)).toMatchObject({ place: 'vault', version: 1 });
    }
    expect(await lotRow(lot.id)).toMatchObject({ version: 1 });
    expect(meltLotItemMessages.noMetalLine).toMatch(/\w/);
    expect((await get('/api/admin/melt-lots/nope')).statusCode).toBe(404);
  });

  it('takes an item out of an open lot back to the vault; adding it twice is a 409', async () => {
    const lot = await openLot();
    const item = await bought();
    expect((await send('POST', `/api/admin/melt-lots/${lot.id}/items`, { tag: item.tag })).statusCode).toBe(200);
    const again = await send('POST', `/api/admin/melt-lots/${lot.id}/items`, { tag: item.tag });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(meltLotMessages.inThisLot);
    const out = await send('DELETE', `/api/admin/melt-lots/${lot.id}/items/${item.itemId}`);
    expect(out.statusCode, out.body).toBe(200);
    expect(out.json().items).toEqual([]);
    expect(await locationOf(item.itemId)).toMatchObject({ place: 'vault', meltLotId: null, version: 3 });
    const notIn = await send('DELETE', `/api/admin/melt-lots/${lot.id}/items/${item.itemId}`);
    expect(notIn.statusCode).toBe(409);
    expect(notIn.json().message).toBe(meltLotMessages.notInLot);
  });

  it('moves one state at a time; shipping needs items, a refiner with an address and enough insurance; a closed lot is final', async () => {
    const lot = await openLot();
    const refiner = await send('POST', '/api/admin/refiners', { name: 'Best Refining', address: REFINER_ADDRESS });
    expect(refiner.statusCode, refiner.body).toBe(201);
    const refinerId = (refiner.json() as { id: string }).id;
    const empty = await send('POST', `/api/admin/melt-lots/${lot.id}/ship`, { refinerId, insuredValue: '100000.00' });
    expect(empty.statusCode).toBe(409);
    expect(empty.json().message).toBe('An empty lot cannot ship; add its items first.');
    const item = await bought();
    const added = await send('POST', `/api/admin/melt-lots/${lot.id}/items`, { tag: item.tag });
    const value = added.json().lot.estimatedValueCents as number;
    const missing = await send('POST', `/api/admin/melt-lots/${lot.id}/ship`, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toContain(meltLotRouteMessages.refiner);
    const typed = await send('POST', `/api/admin/melt-lots/${lot.id}/advance`, { to: 'shipped' });
    expect(typed.statusCode).toBe(400);
    expect(typed.json().message).toContain(meltLotRouteMessages.shipWithLabel);
    const skip = await send('POST', `/api/admin/melt-lots/${lot.id}/advance`, { to: 'assayed' });
    expect(skip.statusCode).toBe(409);
    expect(skip.json().message).toBe(meltLotMessages.skip('open', 'assayed'));
    const underInsured = await send('POST', `/api/admin/melt-lots/${lot.id}/ship`, {
      refinerId,
      insuredValue: ((value - 1) / 100).toFixed(2),
    });
    expect(underInsured.statusCode).toBe(400);
    expect(underInsured.json().message).toMatch(/^The lot must be insured for its value at today's spot/);
    expect(await lotRow(lot.id)).toMatchObject({ state: 'open', shippedAt: null });
    const shipped = await send('POST', `/api/admin/melt-lots/${lot.id}/ship`, {
      refinerId,
      insuredValue: (value / 100).toFixed(2),
    });
    expect(shipped.statusCode, shipped.body).toBe(200);
    expect(shipped.json().lot).toMatchObject({ state: 'shipped', refinerName: 'Best Refining', insuredValueCents: value });
    const late = await send('POST', `/api/admin/melt-lots/${lot.id}/items`, { tag: (await bought()).tag });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(meltLotMessages.notOpen('shipped'));
    const out = await send('DELETE', `/api/admin/melt-lots/${lot.id}/items/${item.itemId}`);
    expect(out.statusCode).toBe(409);
    for (const to of ['assayed', 'settled', 'closed']) {
      const res = await send('POST', `/api/admin/melt-lots/${lot.id}/advance`, { to });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().lot.state).toBe(to);
    }
    const closed = await send('POST', `/api/admin/melt-lots/${lot.id}/advance`, { to: 'closed' });
    expect(closed.statusCode).toBe(409);
    expect(closed.json().message).toBe(meltLotMessages.closed);
    const closedAdd = await send('POST', `/api/admin/melt-lots/${lot.id}/items`, { tag: (await bought()).tag });
    expect(closedAdd.statusCode).toBe(409);
    expect(closedAdd.json().message).toBe(meltLotMessages.closed);
    const history = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, lot.id), eq(auditLog.action, 'melt_lot_advanced')))
      // In the order written: a reused test database's free space puts new rows anywhere in the table.
      .orderBy(asc(auditLog.createdAt), asc(auditLog.id));
    expect(history.map((a) => a.toStatus)).toEqual(['shipped', 'assayed', 'settled', 'closed']);
  });

  it('two appraisers adding one item to two lots at once: one winner, a 409 sentence for the other', async () => {
    const [a, b] = [await openLot(), await openLot()];
    // A few rounds: on PostgreSQL the two requests run on two connections, in either order.
    for (let round = 0; round < 3; round++) {
      const extra = await bought();
      const race = await Promise.all([
        send('POST', `/api/admin/melt-lots/${a.id}/items`, { tag: extra.tag }),
        send('POST', `/api/admin/melt-lots/${b.id}/items`, { tag: extra.tag }, otherAdmin.cookie),
      ]);
      expect(race.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    }
    const item = await bought();
    const answers = await Promise.all([
      send('POST', `/api/admin/melt-lots/${a.id}/items`, { tag: item.tag }),
      send('POST', `/api/admin/melt-lots/${b.id}/items`, { tag: item.tag }, otherAdmin.cookie),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const winner = answers[0]!.statusCode === 200 ? a : b;
    const loser = answers.find((r) => r.statusCode === 409)!;
    expect(loser.json().message).toBe(meltLotMessages.inAnotherLot(winner.number));
    expect(await locationOf(item.itemId)).toMatchObject({ place: 'melt-lot', meltLotId: winner.id, version: 2 });
    expect(await t.db.select().from(custodyMoves).where(eq(custodyMoves.itemId, item.itemId))).toHaveLength(2);
  });

  it('two appraisers adding one item to the same lot at once: one adds it, the other hears it is already there', async () => {
    const lot = await openLot();
    const item = await bought();
    const answers = await Promise.all([
      send('POST', `/api/admin/melt-lots/${lot.id}/items`, { tag: item.tag }),
      send('POST', `/api/admin/melt-lots/${lot.id}/items`, { tag: item.tag }, otherAdmin.cookie),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((r) => r.statusCode === 409)!.json().message).toBe(meltLotMessages.inThisLot);
    expect(await lotRow(lot.id)).toMatchObject({ version: 2 });
  });
});
