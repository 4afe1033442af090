// Migration 0036 (custody) on a database that already has received parcels: each received item
// gets its one place and a tag, once, with a first move naming the migration; a parcel never
// received gets none. Then the hold's triggers are in force on what was there before.
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { describe, expect, it } from 'vitest';
import { ITEM_TAG_PATTERN } from '@assay/domain';
import { migrationsFolder } from '../../src/db/client.ts';
import { migrationsUpTo } from '../support/migrations-up-to.ts';
import { blankPGlite } from '../support/test-databases.ts';

describe('migration 0036 on parcels received before custody', () => {
  it('places every received item (vault, returned, sold) with a unique tag, and holds what is held', async () => {
    const client = await blankPGlite();
    const db = drizzle({ client });
    await migrate(db, { migrationsFolder: migrationsUpTo('0035_parcel_labels') });
    await client.exec(`
      insert into users (id, name, email, email_verified, first_name, last_name, created_at, updated_at)
        values ('u1', 'Old Seller', 'old@example.com', true, 'Old', 'Seller', now(), now());
      insert into submissions (id, user_id, category, description, estimated_weight, weight_unit, status, guarantee_deadline, received_at, hold_until, disposition)
        values ('s-new', 'u1', 'scrap', 'Not here yet', 10, 'grams', 'new', now(), null, null, null),
               ('s-held', 'u1', 'scrap', 'Bought, held', 10, 'grams', 'completed', now(), '2026-01-02T10:00:00Z', now() + interval '5 days', null),
               ('s-back', 'u1', 'scrap', 'Gone back', 10, 'grams', 'returned', now(), '2026-01-01T10:00:00Z', null, null),
               ('s-part', 'u1', 'scrap', 'Partly bought', 10, 'grams', 'completed', now(), '2026-01-03T10:00:00Z', null, null),
               ('s-sold', 'u1', 'scrap', 'Resold', 10, 'grams', 'completed', now(), '2026-01-04T10:00:00Z', now() - interval '1 day', 'resell');
      insert into submission_items (id, submission_id, position, category, description, estimated_weight, weight_unit, preliminary_quote_min, preliminary_quote_max, declared_value, outcome)
        values ('i-new', 's-new', 1, 'scrap', 'x', 1, 'grams', '1.00', '2.00', '2.00', null),
               ('i-held', 's-held', 1, 'scrap', 'x', 1, 'grams', '1.00', '2.00', '2.00', 'sold'),
               ('i-back', 's-back', 1, 'scrap', 'x', 1, 'grams', '1.00', '2.00', '2.00', 'returned'),
               ('i-part-1', 's-part', 1, 'scrap', 'x', 1, 'grams', '1.00', '2.00', '2.00', 'sold'),
               ('i-part-2', 's-part', 2, 'scrap', 'x', 1, 'grams', '1.00', '2.00', '2.00', 'returned'),
               ('i-sold', 's-sold', 1, 'scrap', 'x', 1, 'grams', '1.00', '2.00', '2.00', 'sold');
    `);
    await migrate(db, { migrationsFolder });

    const { rows } = await client.query<{ item_id: string; place: string; tag: string; moved_at: Date }>(
      'select item_id, place, tag, moved_at from item_locations order by item_id',
    );
    expect(Object.fromEntries(rows.map((r) => [r.item_id, r.place]))).toEqual({
      'i-back': 'returned',
      'i-held': 'vault',
      'i-part-1': 'vault',
      'i-part-2': 'returned',
      'i-sold': 'sold',
    });
    for (const row of rows) expect(row.tag).toMatch(ITEM_TAG_PATTERN);
    expect(new Set(rows.map((r) => r.tag)).size).toBe(rows.length);
    // Tagged in the order the parcels arrived.
    expect(rows.find((r) => r.item_id === 'i-back')!.tag).toBe('AS-000001');
    const moves = await client.query<{ item_id: string; from_place: string | null; to_place: string; note: string }>(
      'select item_id, from_place, to_place, note from custody_moves order by item_id',
    );
    expect(moves.rows).toHaveLength(5);
    expect(moves.rows.every((m) => m.from_place === null && m.note === 'Placed by the migration that started custody')).toBe(
      true,
    );

    await expect(client.exec(`update item_locations set place = 'sold' where item_id = 'i-held'`)).rejects.toMatchObject({
      code: 'AH001',
    });
    await expect(client.exec(`update submissions set disposition = 'melt' where id = 's-held'`)).rejects.toMatchObject({
      code: 'AH001',
    });
    await client.exec(`update item_locations set place = 'sold' where item_id = 'i-part-1'`);
    await client.close();
  });
});
