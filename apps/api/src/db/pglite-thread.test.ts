// The embedded database on its thread answers as PGlite on the event loop does: the same values
// with drizzle's options, transactions that nothing else runs inside, the same errors, and a crash
// that fails every caller instead of leaving them waiting; on Linux it yields the CPU to the event loop.
import { readdirSync, readFileSync } from 'node:fs';
import { PGlite, types } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { DATABASE_THREAD_NICE, type PGliteThreadClient, startPGliteThread } from './pglite-thread-client.ts';

// A migrated cluster: loading it skips initdb, the slow part of a start.
const dump = () => new Blob([readFileSync(inject('assayDatabaseTemplates').pgliteDumpFile)]);

let thread: PGliteThreadClient;
let inline: PGlite;
beforeAll(async () => {
  inline = new PGlite({ loadDataDir: dump() });
  [thread] = await Promise.all([startPGliteThread({ dump: dump() }), inline.waitReady]);
  for (const client of [thread, inline]) await client.exec('create table pairs (id int primary key, label text not null unique)');
});
afterAll(async () => {
  await Promise.all([thread.close(), inline.close()]);
});

const everyType = `select 1::int2 as small, 2147483647::int4 as int, 9007199254740993::int8 as big, 1.5::float8 as float,
  '12345678901234567890.123456789'::numeric as exact, true as yes, 'text' as words, null::text as nothing,
  '{"a": [1, {"b": null}]}'::json as json, '{"c": 2}'::jsonb as jsonb, '2026-11-27 10:11:12.345+01'::timestamptz as at,
  '2026-11-27 10:11:12'::timestamp as local_at, '2026-11-27'::date as day, '1 day 02:03:04'::interval as span,
  '\\x00ff10'::bytea as bytes, 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11'::uuid as id, array[1, 2, 3]::int4[] as ints,
  array['1.5', '2']::numeric[] as exacts, array['2026-11-27 10:11:12+00']::timestamptz[] as ats, array['x', null] as texts`;

// What drizzle's pglite session passes: rows as arrays, dates and intervals kept as text by parsers of its own.
const drizzleOptions = {
  rowMode: 'array' as const,
  parsers: Object.fromEntries(
    [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182].map((type) => [
      type,
      (value: string) => value,
    ]),
  ),
};

/** A thread's nice value (Linux /proc; stat(5)'s 19th field). */
const niceOf = (tid: string | number) => {
  const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
};
const niceOfThreads = () => readdirSync('/proc/self/task').map(niceOf);

describe('PGlite on its own thread', () => {
  it.runIf(process.platform === 'linux')('runs at a lower priority than the event loop, which keeps its own', () => {
    expect(DATABASE_THREAD_NICE).toBeGreaterThan(0);
    expect(niceOfThreads()).toContain(DATABASE_THREAD_NICE);
    // The event loop's thread is the one whose id is the process's (not the first listed: thread
    // ids are reused once they wrap, so a later thread can list before it).
    expect(niceOf(process.pid)).toBe(0);
  });

  it('answers every type as PGlite does on the event loop, with and without drizzle’s options', async () => {
    for (const options of [
      undefined,
      drizzleOptions,
      { rowMode: 'object' as const, parsers: { [types.INT4]: (v: string) => `#${v}` } },
    ]) {
      const [fromThread, fromInline] = await Promise.all([
        thread.query(everyType, [], options),
        inline.query(everyType, [], options),
      ]);
      expect(fromThread.rows).toEqual(fromInline.rows);
      expect(fromThread.fields).toEqual(fromInline.fields);
    }
    const { rows } = await thread.query<Record<string, unknown>>(everyType);
    expect(rows[0]).toMatchObject({ at: new Date('2026-11-27T09:11:12.345Z'), bytes: new Uint8Array([0, 255, 16]) });
  });

  it('answers drizzle and takes its parameters (dates, bytes, json) as PGlite does', async () => {
    const query = sql`select ${new Date('2026-01-02T03:04:05Z')}::timestamptz as at, ${JSON.stringify({ a: 1 })}::jsonb as doc,
      ${new Uint8Array([1, 2])}::bytea as bytes, ${'12.50'}::numeric as amount`;
    const [fromThread, fromInline] = await Promise.all([
      drizzle({ client: thread as unknown as PGlite }).execute(query),
      drizzle({ client: inline }).execute(query),
    ]);
    expect(fromThread.rows).toEqual(fromInline.rows);
  });

  it('runs nothing else inside an open transaction, and what waited sees its commit', async () => {
    let outsideDone = false;
    let outside: Promise<unknown> | undefined;
    await thread.transaction(async (tx) => {
      await tx.query("insert into pairs values (1, 'one')");
      outside = thread.query<{ n: number }>('select count(*)::int as n from pairs').then((result) => {
        outsideDone = true;
        return result.rows[0]!.n;
      });
      for (let i = 0; i < 5; i++) await tx.query('select pg_sleep(0.01)');
      expect(outsideDone).toBe(false);
      expect((await tx.query<{ n: number }>('select count(*)::int as n from pairs')).rows[0]!.n).toBe(1);
    });
    await expect(outside).resolves.toBe(1);
    await thread.query('delete from pairs');
  });

  it('rolls back when the callback throws, on tx.rollback(), and to a savepoint through drizzle', async () => {
    await expect(
      thread.transaction(async (tx) => {
        await tx.query("insert into pairs values (2, 'two')");
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    const kept = await thread.transaction(async (tx) => {
      await tx.query("insert into pairs values (3, 'three')");
      await tx.rollback();
      expect(tx.closed).toBe(true);
      await expect(tx.query('select 1')).rejects.toThrow(/closed/);
      return 'answer';
    });
    expect(kept).toBe('answer');
    const db = drizzle({ client: thread as unknown as PGlite });
    await db.transaction(async (tx) => {
      await tx.execute(sql`insert into pairs values (4, 'four')`);
      await expect(
        tx.transaction(async (inner) => {
          await inner.execute(sql`insert into pairs values (5, 'five')`);
          throw new Error('inner only');
        }),
      ).rejects.toThrow('inner only');
    });
    expect((await thread.query('select id from pairs order by id')).rows).toEqual([{ id: 4 }]);
    await thread.query('delete from pairs');
  });

  it('gives back Postgres’s error with every field the app reads (a unique violation, a failed commit)', async () => {
    const failures = await Promise.all(
      [thread, inline].map(async (client) => {
        await client.query("insert into pairs values (6, 'six')");
        const error = await client
          .query("insert into pairs values (7, 'six')")
          .catch((e: unknown) => e as Error & Record<string, unknown>);
        await client.query('delete from pairs');
        return error;
      }),
    );
    const [fromThread, fromInline] = failures as (Error & Record<string, unknown>)[];
    expect(fromThread).toBeInstanceOf(Error);
    for (const field of ['name', 'message', 'code', 'severity', 'detail', 'constraint', 'table', 'schema']) {
      expect(fromThread![field]).toEqual(fromInline![field]);
    }
    expect(fromThread).toMatchObject({ code: '23505', constraint: 'pairs_label_key' });
    // An error swallowed inside the transaction aborts it; COMMIT then fails, as on the event loop.
    await expect(
      thread.transaction(async (tx) => {
        await tx.query('select 1/0').catch(() => undefined);
      }),
    ).rejects.toThrow();
    expect((await thread.query('select 1 as ok')).rows).toEqual([{ ok: 1 }]);
  });

  it('refuses a parameter that cannot cross to the thread, and goes on answering', async () => {
    await expect(thread.query('select $1::text', [() => 'a function'])).rejects.toThrow();
    expect((await thread.query('select 2 as ok')).rows).toEqual([{ ok: 2 }]);
  });

  it('dumps its data folder as PGlite does, to be loaded again', async () => {
    await thread.query("insert into pairs values (8, 'eight')");
    const copy = new PGlite({ loadDataDir: await thread.dumpDataDir('none') });
    try {
      expect((await copy.query('select label from pairs')).rows).toEqual([{ label: 'eight' }]);
    } finally {
      await copy.close();
      await thread.query('delete from pairs');
    }
  });

  it('fails every waiting call and reports the crash when the thread dies', async () => {
    const onCrash = vi.fn();
    const dying = await startPGliteThread(
      {},
      { onCrash, threadFile: new URL('../../test/support/pglite-thread-that-dies.ts', import.meta.url) },
    );
    await expect(dying.query('select 1')).rejects.toThrow(/thread exited \(3\)/);
    expect(onCrash).toHaveBeenCalledTimes(1);
    await expect(dying.query('select 1')).rejects.toThrow(/thread exited/);
    expect(dying.closed).toBe(true);
  });
});
