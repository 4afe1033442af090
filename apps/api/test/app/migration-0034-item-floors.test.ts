// Migration 0034 (the floor per item, decision 042) on submissions made before it: the floor a
// parcel of one carried becomes its item 1's, a submission without one leaves its item without,
// and the submission may now carry a floor that item 1's material does not explain.
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { describe, expect, it } from 'vitest';
import { migrationsFolder } from '../../src/db/client.ts';
import { migrationsUpTo } from '../support/migrations-up-to.ts';
import { blankPGlite } from '../support/test-databases.ts';

describe('migration 0034 on submissions made before floors per item', () => {
  it("gives item 1 the floor its submission carried, and nothing to the others'", async () => {
    const client = await blankPGlite();
    const db = drizzle({ client });
    await migrate(db, { migrationsFolder: migrationsUpTo('0032_submission_items') });
    await client.exec(`
      insert into users (id, name, email, email_verified, first_name, last_name, created_at, updated_at)
        values ('u1', 'Old Seller', 'old@example.com', true, 'Old', 'Seller', now(), now());
      insert into submissions (id, user_id, category, description, estimated_weight, weight_unit, material, status, guarantee_deadline, guarantee_floor, guarantee_goodwill)
        values ('s1', 'u1', 'jewelry', 'Old chain', 10, 'grams', 'gold-14k', 'new', now(), '382.50', '25.00'),
               ('s2', 'u1', 'scrap', 'Old pin', 5, 'grams', null, 'new', now(), null, null);
      insert into submission_items (id, submission_id, position, category, description, estimated_weight, weight_unit, material, preliminary_quote_min, preliminary_quote_max, declared_value)
        values ('i1', 's1', 1, 'jewelry', 'Old chain', 10, 'grams', 'gold-14k', '425.00', '450.00', '450.00'),
               ('i2', 's2', 1, 'scrap', 'Old pin', 5, 'grams', null, '10.00', '20.00', '20.00');
    `);
    await migrate(db, { migrationsFolder });
    const { rows } = await client.query<{ id: string; guarantee_floor: string | null }>(
      'select id, guarantee_floor from submission_items order by id',
    );
    expect(rows.map((r) => [r.id, r.guarantee_floor === null ? null : Number(r.guarantee_floor)])).toEqual([
      ['i1', 382.5],
      ['i2', null],
    ]);
    // Item 2 may be the named one: a floor on a submission whose own material is not named is allowed now.
    await client.exec(`update submissions set guarantee_floor = '100.00', guarantee_goodwill = '25.00' where id = 's2'`);
    await expect(client.exec(`update submissions set guarantee_goodwill = null where id = 's2'`)).rejects.toThrow();
    await client.close();
  });
});
