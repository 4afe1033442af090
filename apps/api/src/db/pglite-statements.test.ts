// Named statements answer exactly as PGlite's own query() does, whatever the parameters, row mode
// or parsers; errors come back the same and leave nothing behind; the statements kept stay within
// their bound; a schema change under a kept statement is survived; and a call waits for an open
// transaction as query() does.
import { type PGlite, types } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { namedStatements } from './pglite-statements.ts';
import { blankPGlite } from '../../test/support/test-databases.ts';

describe('named statements on PGlite', () => {
  let pg: PGlite;
  let query: ReturnType<typeof namedStatements>;
  beforeAll(async () => {
    pg = await blankPGlite();
    await pg.waitReady;
    await pg.exec(`
      create table item (id int primary key, name text, at timestamptz, doc jsonb, tags text[], price numeric(10, 2), ok boolean);
      insert into item values
        (1, 'ring', '2026-11-28T10:00:00Z', '{"karat": 14}', '{gold,ring}', 120.50, true),
        (2, 'chain', null, null, '{}', null, false);`);
    query = namedStatements(pg, 3);
  });
  afterAll(async () => {
    await pg.close();
  });

  const kept = async () => (await pg.query<{ n: number }>('select count(*)::int as n from pg_prepared_statements')).rows[0]!.n;

  it('answers as query() does, parameters serialized by their type and rows parsed alike', async () => {
    const cases: [string, unknown[], Parameters<PGlite['query']>[2]?][] = [
      ['select * from item where id = $1', [1]],
      ['select * from item where at < $1 or at is null order by id', [new Date('2026-11-29T00:00:00Z')]],
      ['select * from item where doc @> $1', [{ karat: 14 }]],
      ['select * from item where tags && $1::text[] order by id', [['gold']]],
      ['select * from item where name = $1 or $2::text is null order by id', ['chain', null], { rowMode: 'array' }],
      ['select at, price from item order by id', [], { parsers: { [types.TIMESTAMPTZ]: (text: string) => `raw ${text}` } }],
      ['select $1::int + 1 as n', [41]],
    ];
    for (const [sql, params, options] of cases) {
      const expected = await pg.query(sql, params, options);
      const got = await query(sql, params, options);
      expect(got.rows).toEqual(expected.rows);
      expect(got.fields).toEqual(expected.fields);
      expect(got.affectedRows).toEqual(expected.affectedRows);
    }
    // The same SQL again runs the statement it kept.
    expect((await query('select $1::int + 1 as n', [1])).rows).toEqual([{ n: 2 }]);
  });

  it('plans a statement once, and leaves the session planning as before', async () => {
    const sql = 'select name from item where id = $1 and ok is not null';
    for (const id of [1, 2, 1]) await query(sql, [id]);
    const { rows } = await pg.query<{ generic_plans: number; custom_plans: number }>(
      'select generic_plans::int, custom_plans::int from pg_prepared_statements where statement = $1',
      [sql],
    );
    expect(rows).toEqual([{ generic_plans: 3, custom_plans: 0 }]);
    await expect(query('select $1::int / 0', [1])).rejects.toMatchObject({ code: '22012' });
    expect((await pg.query('show plan_cache_mode')).rows).toEqual([{ plan_cache_mode: 'auto' }]);
  });

  it('writes, and tells how many rows they changed', async () => {
    const result = await query('update item set ok = $1 where id = any($2::int[])', [true, [1, 2]]);
    expect(result.affectedRows).toBe(2);
    expect((await pg.query('select count(*)::int as n from item where ok')).rows).toEqual([{ n: 2 }]);
  });

  it('rejects as query() does, with the Postgres fields, and keeps nothing of a statement that did not parse', async () => {
    const before = await kept();
    await expect(query('select * from no_such_table', [])).rejects.toMatchObject({ code: '42P01' });
    await expect(query('insert into item (id) values ($1)', [1])).rejects.toMatchObject({
      code: '23505',
      constraint: 'item_pkey',
    });
    expect(await kept()).toBeLessThanOrEqual(Math.max(before, 3));
    expect((await query('select count(*)::int as n from item', [])).rows).toEqual([{ n: 2 }]);
  });

  it('keeps at most its bound, dropping the statement used longest ago', async () => {
    for (let n = 0; n < 10; n++) expect((await query(`select ${n} as n`, [])).rows).toEqual([{ n }]);
    expect(await kept()).toBe(3);
  });

  it('survives a schema change that alters a kept statement’s columns', async () => {
    await query('select * from item where id = $1', [1]);
    await pg.exec('alter table item add column note text');
    const { rows } = await query<{ note: string | null }>('select * from item where id = $1', [1]);
    expect(rows[0]).toHaveProperty('note', null);
  });

  it('waits for an open transaction, as query() does', async () => {
    const order: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const transaction = pg.transaction(async (tx) => {
      await tx.query('update item set name = $1 where id = 2', ['bracelet']);
      order.push('updated');
      await held;
      order.push('committing');
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const read = query<{ name: string }>('select name from item where id = 2', []).then((result) => {
      order.push('read');
      return result;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(order).toEqual(['updated']);
    release();
    await transaction;
    expect((await read).rows).toEqual([{ name: 'bracelet' }]);
    expect(order).toEqual(['updated', 'committing', 'read']);
  });
});
