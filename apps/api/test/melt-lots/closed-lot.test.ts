// A closed lot is final in the database (migration 0038_melt_lots): whatever writes it, a closed
// lot is neither changed nor deleted, no item joins it, and the custody rows of its items neither
// move nor go. These tests write SQL directly, past every service, and see the triggers refuse with
// SQLSTATE AL001 (db/closed-lot-guard.ts); item_locations.melt_lot_id must name a real lot.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLOSED_LOT_SQLSTATE, isClosedLotRefusal } from '../../src/db/closed-lot-guard.ts';
import { itemLocations, meltLots } from '../../src/db/schema/index.ts';
import { signUp } from '../support/sessions.ts';
import { ADMIN_EMAIL, createTestApp, engines, type TestApp } from '../support/test-app.ts';
import { boughtItem } from './lots.ts';

describe.each(engines)('a closed lot in the database on %s', (engine) => {
  let t: TestApp;
  let admin: { id: string; cookie: string };
  let client: { id: string };

  async function refusal(statement: Promise<unknown>) {
    const error = await statement.then(
      () => null,
      (e: unknown) => e,
    );
    expect(error, 'the statement went through').not.toBeNull();
    return error;
  }
  async function lotWith(state: 'open' | 'closed', itemIds: string[]) {
    const id = crypto.randomUUID();
    await t.db.execute(sql`insert into melt_lots (id, category) values (${id}, 'gold-14k')`);
    for (const itemId of itemIds) {
      await t.db.execute(sql`update item_locations set place = 'melt-lot', melt_lot_id = ${id} where item_id = ${itemId}`);
    }
    if (state === 'closed') {
      await t.db.execute(
        sql`update melt_lots set state = 'closed', refiner_name = 'R', tracking_number = 'T', insured_value = 1, shipped_at = now(), assayed_at = now(), settled_at = now(), closed_at = now() where id = ${id}`,
      );
    }
    return id;
  }

  beforeAll(async () => {
    t = await createTestApp(engine);
    admin = await signUp(t.app, { email: ADMIN_EMAIL });
    client = await signUp(t.app);
  });
  afterAll(() => t.close());

  it('refuses any change to a closed lot, and its deletion', async () => {
    const lot = await lotWith('closed', []);
    expect(
      isClosedLotRefusal(await refusal(t.db.execute(sql`update melt_lots set refiner_name = 'Other' where id = ${lot}`))),
    ).toBe(true);
    expect(
      isClosedLotRefusal(
        await refusal(t.db.execute(sql`update melt_lots set state = 'settled', closed_at = null where id = ${lot}`)),
      ),
    ).toBe(true);
    expect(isClosedLotRefusal(await refusal(t.db.execute(sql`delete from melt_lots where id = ${lot}`)))).toBe(true);
    expect((await t.db.select().from(meltLots).where(eq(meltLots.id, lot)))[0]).toMatchObject({
      state: 'closed',
      refinerName: 'R',
    });
    expect(CLOSED_LOT_SQLSTATE).toBe('AL001');
  });

  it("refuses to move, delete or join the custody rows of a closed lot's items", async () => {
    const inside = await boughtItem(t, client.id, admin.cookie);
    const outside = await boughtItem(t, client.id, admin.cookie);
    const lot = await lotWith('closed', [inside.itemId]);
    for (const statement of [
      sql`update item_locations set place = 'vault', melt_lot_id = null where item_id = ${inside.itemId}`,
      sql`update item_locations set version = version + 1 where item_id = ${inside.itemId}`,
      sql`delete from item_locations where item_id = ${inside.itemId}`,
      sql`update item_locations set place = 'melt-lot', melt_lot_id = ${lot} where item_id = ${outside.itemId}`,
    ]) {
      expect(isClosedLotRefusal(await refusal(t.db.execute(statement)))).toBe(true);
    }
    expect((await t.db.select().from(itemLocations).where(eq(itemLocations.itemId, inside.itemId)))[0]).toMatchObject({
      place: 'melt-lot',
      meltLotId: lot,
      version: 1,
    });
    expect((await t.db.select().from(itemLocations).where(eq(itemLocations.itemId, outside.itemId)))[0]).toMatchObject({
      place: 'vault',
    });
  });

  it('leaves an open lot and its items free to change, and an item names only a lot that exists', async () => {
    const item = await boughtItem(t, client.id, admin.cookie);
    const lot = await lotWith('open', [item.itemId]);
    await t.db.execute(sql`update item_locations set place = 'vault', melt_lot_id = null where item_id = ${item.itemId}`);
    await t.db.execute(sql`update melt_lots set refiner_name = 'Someone' where id = ${lot}`);
    const error = await refusal(
      t.db.execute(sql`update item_locations set place = 'melt-lot', melt_lot_id = 'no-such-lot' where item_id = ${item.itemId}`),
    );
    expect(isClosedLotRefusal(error)).toBe(false);
  });
});
