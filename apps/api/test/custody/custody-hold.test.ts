// The hold in the database (issue 28 item 2): whatever writes it, an item does not go into a melt
// lot or out as sold, and a submission gets no disposition, while its hold_until is ahead of the
// database's now(). These tests write SQL directly, past every service, and see the triggers refuse
// with SQLSTATE AH001 (db/hold-guard.ts); once the hold has passed the same SQL goes through.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSubmission } from '../../src/db/factories.ts';
import { HOLD_SQLSTATE, holdRefusalOf } from '../../src/db/hold-guard.ts';
import { itemLocations, submissionItems, submissions } from '../../src/db/schema/index.ts';
import { insertFirstItems } from '../../src/modules/submissions/index.ts';
import { signUp } from '../support/sessions.ts';
import { ADMIN_EMAIL, createTestApp, engines, TEST_ORIGIN, type TestApp } from '../support/test-app.ts';

const DAY = 86_400_000;

describe.each(engines)('the hold in the database on %s', (engine) => {
  let t: TestApp;
  let admin: { id: string; cookie: string };
  let client: { id: string };

  /** A received parcel of one item, bought (completed, sold), its hold ending at `holdUntil`. */
  async function boughtItem(holdUntil: Date) {
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
      sql`update submissions set status = 'completed', hold_until = ${holdUntil.toISOString()}::timestamptz where id = ${row.id!}`,
    );
    const [item] = await t.db.select().from(submissionItems).where(eq(submissionItems.submissionId, row.id!));
    await t.db.update(submissionItems).set({ outcome: 'sold' }).where(eq(submissionItems.id, item!.id));
    return { submissionId: row.id!, itemId: item!.id };
  }

  async function refusal(statement: Promise<unknown>) {
    const error = await statement.then(
      () => null,
      (e: unknown) => e,
    );
    expect(error, 'the statement went through').not.toBeNull();
    return holdRefusalOf(error);
  }

  beforeAll(async () => {
    t = await createTestApp(engine);
    admin = await signUp(t.app, { email: ADMIN_EMAIL });
    client = await signUp(t.app);
  });
  afterAll(() => t.close());

  it('refuses an item into a melt lot or sold while held, with SQLSTATE AH001 and the hold in DETAIL', async () => {
    const holdUntil = new Date(Date.now() + 3 * DAY);
    const { itemId } = await boughtItem(holdUntil);
    const intoLot = await refusal(
      t.db.execute(sql`update item_locations set place = 'melt-lot', melt_lot_id = 'lot-1' where item_id = ${itemId}`),
    );
    expect(intoLot).not.toBeNull();
    expect(intoLot!.holdUntil?.toISOString()).toBe(holdUntil.toISOString());
    expect(await refusal(t.db.execute(sql`update item_locations set place = 'sold' where item_id = ${itemId}`))).not.toBeNull();
    // Through Drizzle as much as raw SQL, and as an insert of a new row.
    await t.db.delete(itemLocations).where(eq(itemLocations.itemId, itemId));
    expect(
      await refusal(
        t.db
          .insert(itemLocations)
          .values({ itemId, place: 'sold' })
          .then(() => undefined),
      ),
    ).not.toBeNull();
    expect(await t.db.select().from(itemLocations).where(eq(itemLocations.itemId, itemId))).toEqual([]);
  });

  it('refuses a disposition on a held submission, whoever writes it', async () => {
    const { submissionId } = await boughtItem(new Date(Date.now() + DAY));
    for (const action of ['melt', 'resell', 'consign']) {
      const refused = await refusal(
        t.db.execute(sql`update submissions set disposition = ${action}, disposed_at = now() where id = ${submissionId}`),
      );
      expect(refused, action).not.toBeNull();
    }
    const [row] = await t.db.select().from(submissions).where(eq(submissions.id, submissionId));
    expect(row).toMatchObject({ disposition: null, disposedAt: null });
  });

  it('lets the same SQL through once the hold is over, and never blocks other writes of a held row', async () => {
    const { submissionId, itemId } = await boughtItem(new Date(Date.now() + DAY));
    await t.db.execute(sql`update item_locations set version = version + 1 where item_id = ${itemId}`);
    await t.db.execute(sql`update submissions set admin_notes = 'checked' where id = ${submissionId}`);
    await t.db.execute(sql`update submissions set hold_until = now() - interval '1 minute' where id = ${submissionId}`);
    // item_locations.melt_lot_id names a real lot since migration 0038_melt_lots.
    await t.db.execute(sql`insert into melt_lots (id, category) values (${`lot-${itemId}`}, 'gold-14k')`);
    await t.db.execute(
      sql`update item_locations set place = 'melt-lot', melt_lot_id = ${`lot-${itemId}`} where item_id = ${itemId}`,
    );
    await t.db.execute(sql`update item_locations set place = 'sold', melt_lot_id = null where item_id = ${itemId}`);
    await t.db.execute(sql`update submissions set disposition = 'melt', disposed_at = now() where id = ${submissionId}`);
    const [location] = await t.db.select().from(itemLocations).where(eq(itemLocations.itemId, itemId));
    expect(location!.place).toBe('sold');
  });

  it('an item of a parcel received before the rules (no hold on record) is not held', async () => {
    const { submissionId, itemId } = await boughtItem(new Date(Date.now() + DAY));
    await t.db.execute(sql`update submissions set hold_until = null where id = ${submissionId}`);
    await t.db.execute(sql`update item_locations set place = 'sold' where item_id = ${itemId}`);
    expect(HOLD_SQLSTATE).toBe('AH001');
  });
});

describe.each(engines)('the disposition route on %s, when the app clock runs ahead of the database', (engine) => {
  let t: TestApp;
  let admin: { id: string; cookie: string };
  let now = new Date();

  beforeAll(async () => {
    t = await createTestApp(engine, {}, { clock: { now: () => now } });
    admin = await signUp(t.app, { email: ADMIN_EMAIL });
  });
  afterAll(() => t.close());

  it("answers the database's refusal with the hold's 409 sentence, and writes nothing", async () => {
    const client = await signUp(t.app);
    const row = buildSubmission({ userId: client.id });
    await t.db.insert(submissions).values(row);
    await insertFirstItems(t.db, [row]);
    const headers = { cookie: admin.cookie, origin: TEST_ORIGIN };
    expect((await t.app.inject({ method: 'POST', url: `/api/admin/submissions/${row.id}/receive`, headers })).statusCode).toBe(
      200,
    );
    await t.db.execute(sql`update submissions set status = 'completed' where id = ${row.id!}`);
    const [held] = await t.db.select().from(submissions).where(eq(submissions.id, row.id!));
    // The app believes the hold is over; the database's now() says otherwise and has the last word.
    now = new Date(held!.holdUntil!.getTime() + DAY);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/submissions/${row.id}/disposition`,
      headers: { ...headers, 'content-type': 'application/json' },
      payload: JSON.stringify({ action: 'melt' }),
    });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toMatch(/^This item is on hold until .+; it cannot be melted before then\.$/);
    const [after] = await t.db.select().from(submissions).where(eq(submissions.id, row.id!));
    expect(after).toMatchObject({ disposition: null, disposedAt: null });
  });
});
