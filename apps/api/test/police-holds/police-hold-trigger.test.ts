// The police hold in the database (issue 28 item 6): whatever writes it, an item under an active
// police hold does not go into a melt lot or out as sold. These tests write SQL directly, past every
// service, and see the trigger refuse with SQLSTATE AH002 and the case number as DETAIL
// (db/police-hold-guard.ts); once the hold is released the same SQL goes through.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSubmission } from '../../src/db/factories.ts';
import { holdRefusalOf } from '../../src/db/hold-guard.ts';
import { POLICE_HOLD_SQLSTATE, policeHoldRefusalOf } from '../../src/db/police-hold-guard.ts';
import { itemLocations, submissionItems, submissions } from '../../src/db/schema/index.ts';
import { insertFirstItems } from '../../src/modules/submissions/index.ts';
import { signUp } from '../support/sessions.ts';
import { ADMIN_EMAIL, createTestApp, engines, TEST_ORIGIN, type TestApp } from '../support/test-app.ts';

describe.each(engines)('the police hold in the database on %s', (engine) => {
  let t: TestApp;
  let admin: { id: string; cookie: string };
  let client: { id: string };

  /** A received parcel of one item, bought and past its compliance hold. */
  async function boughtItem() {
    const row = buildSubmission({ userId: client.id });
    await t.db.insert(submissions).values(row);
    await insertFirstItems(t.db, [row]);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/submissions/${row.id}/receive`,
      headers: { cookie: admin.cookie, origin: TEST_ORIGIN },
    });
    expect(res.statusCode, res.body).toBe(200);
    await t.db.execute(
      sql`update submissions set status = 'completed', hold_until = now() - interval '1 minute' where id = ${row.id!}`,
    );
    const [item] = await t.db.select().from(submissionItems).where(eq(submissionItems.submissionId, row.id!));
    await t.db.update(submissionItems).set({ outcome: 'sold' }).where(eq(submissionItems.id, item!.id));
    return { submissionId: row.id!, itemId: item!.id };
  }

  async function holdOn(itemId: string, caseNumber: string) {
    const id = crypto.randomUUID();
    await t.db.execute(
      sql`insert into police_holds (id, item_id, agency, officer, badge_number, case_number, reason)
          values (${id}, ${itemId}, 'Springfield PD', 'Officer Lou', '4411', ${caseNumber}, 'Reported stolen')`,
    );
    return id;
  }

  async function failure(statement: Promise<unknown>) {
    const error = await statement.then(
      () => null,
      (e: unknown) => e,
    );
    expect(error, 'the statement went through').not.toBeNull();
    return error;
  }

  beforeAll(async () => {
    t = await createTestApp(engine);
    admin = await signUp(t.app, { email: ADMIN_EMAIL });
    client = await signUp(t.app);
  });
  afterAll(() => t.close());

  it('refuses an item on active police hold into a melt lot or sold, with SQLSTATE AH002 and the case in DETAIL', async () => {
    const { itemId } = await boughtItem();
    await holdOn(itemId, 'CASE-2026-17');
    await t.db.execute(sql`insert into melt_lots (id, category) values (${`lot-${itemId}`}, 'gold-14k')`);
    const intoLot = await failure(
      t.db.execute(sql`update item_locations set place = 'melt-lot', melt_lot_id = ${`lot-${itemId}`} where item_id = ${itemId}`),
    );
    expect(policeHoldRefusalOf(intoLot)).toEqual({ caseNumber: 'CASE-2026-17' });
    expect(holdRefusalOf(intoLot)).toBeNull();
    const sold = await failure(t.db.execute(sql`update item_locations set place = 'sold' where item_id = ${itemId}`));
    expect(policeHoldRefusalOf(sold)).toEqual({ caseNumber: 'CASE-2026-17' });
    const [location] = await t.db.select().from(itemLocations).where(eq(itemLocations.itemId, itemId));
    expect(location!.place).toBe('vault');
    expect(POLICE_HOLD_SQLSTATE).toBe('AH002');
  });

  it('lets other moves and surrender through while held, and everything once the hold is released', async () => {
    const { itemId } = await boughtItem();
    const holdId = await holdOn(itemId, 'CASE-9');
    await t.db.execute(sql`update item_locations set version = version + 1 where item_id = ${itemId}`);
    await t.db.execute(
      sql`update police_holds set status = 'released', ended_at = now(), release_note = 'cleared' where id = ${holdId}`,
    );
    await t.db.execute(sql`insert into melt_lots (id, category) values (${`lot-${itemId}`}, 'gold-14k')`);
    await t.db.execute(
      sql`update item_locations set place = 'melt-lot', melt_lot_id = ${`lot-${itemId}`} where item_id = ${itemId}`,
    );
    const other = await boughtItem();
    await holdOn(other.itemId, 'CASE-10');
    await t.db.execute(sql`update item_locations set place = 'surrendered' where item_id = ${other.itemId}`);
    const [location] = await t.db.select().from(itemLocations).where(eq(itemLocations.itemId, other.itemId));
    expect(location!.place).toBe('surrendered');
  });

  it('keeps one active hold per item', async () => {
    const { itemId } = await boughtItem();
    await holdOn(itemId, 'CASE-1');
    await failure(holdOn(itemId, 'CASE-2'));
  });
});
