// The mailbox counters (submission_counts, kept by triggers from migration 0003) must equal an
// exact COUNT(*) after every kind of write: single and bulk inserts, status, category and KYC
// changes, notes-only edits, deletes, rollbacks, truncation and concurrent transactions. And the
// mailbox queries must walk the indexes made for them, never sort the whole table.
import { eq, type SQL, sql, type SQLWrapper } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSubmission } from '../../src/db/factories.ts';
import { submissions } from '../../src/db/schema/index.ts';
import {
  compactCountRows,
  mailboxCardsQuery,
  submissionsByShortOrWholeId,
  pendingDeadlineCountQuery,
  readCountBuckets,
} from '../../src/modules/admin-mailbox/admin-mailbox.repository.ts';
import { COMPACT_AFTER_ROWS, mailboxCounts } from '../../src/modules/admin-mailbox/admin-mailbox.service.ts';
import { signUp } from '../support/sessions.ts';
import { currentUser } from '../support/payouts.fixtures.ts';

/** The counts are the appraisers' to read; these tests call the service as one. */
const appraiser = currentUser({ id: 'appraiser', email: 'appraiser@assay.test' }, true);
import { createTestApp, engines, type TestApp } from '../support/test-app.ts';

type Bucket = { status: string; category: string; requiresKyc: boolean; n: number };
/** Rows of a raw query; both drivers answer { rows }. */
async function query<T>(t: TestApp, statement: SQL): Promise<T[]> {
  return ((await t.db.execute(statement)) as unknown as { rows: T[] }).rows;
}
const counterRows = async (t: TestApp) =>
  Number((await query<{ n: number }>(t, sql`select count(*)::int as n from submission_counts`))[0]!.n);
const key = (b: Omit<Bucket, 'n'>) => `${b.status}/${b.category}/${b.requiresKyc}`;

describe.each(engines)('mailbox counters on %s', (engine) => {
  let t: TestApp;
  let userId: string;

  /** Non-empty buckets from the counters, and from an exact GROUP BY over submissions. */
  async function bothCounts() {
    const counters = (await readCountBuckets(t.db)).filter((b) => Number(b.n) !== 0);
    const exact = await t.db
      .select({
        status: submissions.status,
        category: submissions.category,
        requiresKyc: submissions.requiresKyc,
        n: sql<number>`count(*)::int`,
      })
      .from(submissions)
      .groupBy(submissions.status, submissions.category, submissions.requiresKyc);
    const asMap = (rows: Bucket[]): Record<string, number> => Object.fromEntries(rows.map((r) => [key(r), Number(r.n)]).sort());
    return { counters: asMap(counters as Bucket[]), exact: asMap(exact) };
  }
  async function expectExact() {
    const { counters, exact } = await bothCounts();
    expect(counters).toEqual(exact);
    return exact;
  }

  async function bulkInsert(n: number, prefix: string) {
    await t.db.execute(sql`
      insert into submissions (id, user_id, category, description, estimated_weight, weight_unit, status,
                               guarantee_deadline, requires_kyc, created_at, updated_at)
      select ${prefix} || g, ${userId},
             (array['jewelry','scrap','gems'])[1 + g % 3],
             'bulk item', 10, 'grams',
             (array['new','appraising','offered','completed','returned'])[1 + g % 5],
             now() + interval '48 hours' - (g || ' minutes')::interval,
             g % 7 = 0,
             now() - (g || ' minutes')::interval, now()
      from generate_series(1, ${n}) as g`);
  }

  beforeAll(async () => {
    t = await createTestApp(engine);
    userId = (await signUp(t.app)).id;
  });
  afterAll(() => t.close());

  it('start empty and follow single inserts', async () => {
    expect(await expectExact()).toEqual({});
    await t.db.insert(submissions).values(buildSubmission({ userId, category: 'gems' }));
    await t.db.insert(submissions).values(buildSubmission({ userId, status: 'offered', finalOffer: '20000.00' }));
    expect(await expectExact()).toEqual({ 'new/gems/false': 1, 'offered/jewelry/true': 1 });
  });

  it('follow a bulk insert of many rows in one statement', async () => {
    await bulkInsert(3000, 'bulk-');
    const exact = await expectExact();
    expect(Object.values(exact).reduce((a, b) => a + b, 0)).toBe(3002);
  });

  it('follow status, category and KYC changes, single and in bulk', async () => {
    await t.db.update(submissions).set({ status: 'appraising' }).where(eq(submissions.id, 'bulk-5'));
    await t.db.update(submissions).set({ category: 'scrap', requiresKyc: true }).where(eq(submissions.id, 'bulk-6'));
    await t.db.execute(sql`update submissions set status = 'returned' where status = 'new' and category = 'gems'`);
    await t.db.execute(
      sql`update submissions set category = case category when 'gems' then 'jewelry' when 'jewelry' then 'gems' else category end where id like 'bulk-1%'`,
    );
    await t.db.execute(sql`update submissions set requires_kyc = not requires_kyc where id like 'bulk-2%'`);
    await expectExact();
  });

  it('are not touched by edits that move no bucket', async () => {
    await t.db.insert(submissions).values([
      { ...buildSubmission({ userId, status: 'offered', category: 'gems', finalOffer: '10.00' }), id: 'swap-a' },
      { ...buildSubmission({ userId, status: 'completed', category: 'gems', finalOffer: '10.00' }), id: 'swap-b' },
    ]);
    const before = await bothCounts();
    await t.db.execute(sql`update submissions set admin_notes = 'checked', version = version + 1`);
    // A row swapping buckets with another row in one statement nets out too.
    await t.db.execute(
      sql`update submissions set status = case status when 'offered' then 'completed' when 'completed' then 'offered' else status end where id in ('swap-a', 'swap-b')`,
    );
    expect((await bothCounts()).counters).toEqual(before.counters);
    await expectExact();
  });

  it('follow single and bulk deletes', async () => {
    await t.db.delete(submissions).where(eq(submissions.id, 'bulk-7'));
    await t.db.execute(sql`delete from submissions where id like 'bulk-9%' or status = 'returned'`);
    await expectExact();
  });

  it('ignore rolled-back work', async () => {
    const before = await bothCounts();
    await expect(
      t.db.transaction(async (tx) => {
        await tx.insert(submissions).values(buildSubmission({ userId }));
        await tx.execute(sql`update submissions set status = 'completed'`);
        await tx.execute(sql`delete from submissions where category = 'scrap'`);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect((await bothCounts()).counters).toEqual(before.counters);
  });

  it('stay exact under concurrent transactions, without deadlocks, while being compacted', async () => {
    const ids = (await t.db.select({ id: submissions.id }).from(submissions).where(eq(submissions.status, 'new')).limit(40)).map(
      (r) => r.id,
    );
    expect(ids).toHaveLength(40);
    // Each transaction touches several buckets in several statements, in different orders: with
    // one shared row per bucket this deadlocks on PostgreSQL; appended rows cannot.
    await Promise.all([
      ...ids.map((id, i) =>
        t.db.transaction(async (tx) => {
          await tx
            .insert(submissions)
            .values(buildSubmission({ userId, category: (['gems', 'scrap', 'jewelry'] as const)[i % 3] }));
          await tx
            .update(submissions)
            .set({ status: i % 2 ? 'appraising' : 'returned' })
            .where(eq(submissions.id, id));
          await tx
            .insert(submissions)
            .values(buildSubmission({ userId, category: (['jewelry', 'gems', 'scrap'] as const)[i % 3] }));
        }),
      ),
      bulkInsert(500, 'race-'),
      compactCountRows(t.db),
      compactCountRows(t.db),
    ]);
    await expectExact();
  });

  it('fold back to one row per bucket when compacted, with the same totals', async () => {
    await bulkInsert(2, 'fold-');
    const before = await bothCounts();
    expect(await counterRows(t)).toBeGreaterThan(Object.keys(before.exact).length);
    await compactCountRows(t.db);
    expect(await counterRows(t)).toBe(Object.keys(before.exact).length);
    expect((await bothCounts()).counters).toEqual(before.exact);
    await compactCountRows(t.db);
    expect(await counterRows(t)).toBe(Object.keys(before.exact).length);
  });

  it('are compacted by a counts read once they pile up', async () => {
    for (let i = 0; i <= COMPACT_AFTER_ROWS; i += 1) {
      await t.db
        .update(submissions)
        .set({ status: i % 2 ? 'completed' : 'offered' })
        .where(eq(submissions.id, 'bulk-3'));
    }
    expect(await counterRows(t)).toBeGreaterThan(COMPACT_AFTER_ROWS);
    await mailboxCounts(t.app.ctx, appraiser);
    expect(await counterRows(t)).toBeLessThanOrEqual(30);
    await expectExact();
  });

  it('give the same totals as COUNT(*) in the mailbox counts', async () => {
    const counts = await mailboxCounts(t.app.ctx, appraiser);
    const exact = async (where: string) =>
      Number((await query<{ n: number }>(t, sql.raw(`select count(*)::int as n from submissions where ${where}`)))[0]!.n);
    expect(counts).toEqual({
      new: await exact(`status = 'new'`),
      appraising: await exact(`status = 'appraising'`),
      kycRequired: await exact(`requires_kyc and status in ('new', 'appraising', 'offered')`),
      nearingDeadline: await exact(
        `status in ('new', 'appraising') and guarantee_deadline > now() and guarantee_deadline <= now() + interval '8 hours'`,
      ),
      total: await exact('true'),
      byCategory: {
        all: await exact('true'),
        scrap: await exact(`category = 'scrap'`),
        gems: await exact(`category = 'gems'`),
        jewelry: await exact(`category = 'jewelry'`),
      },
    });
    expect(counts.nearingDeadline).toBeGreaterThan(0);
  });

  it('are emptied by TRUNCATE', async () => {
    await t.db.execute(sql`truncate submissions cascade`);
    expect(await expectExact()).toEqual({});
    expect(await counterRows(t)).toBe(0);
  });

  describe('query plans', () => {
    beforeAll(async () => {
      // 30,000 rows a minute apart. Like a real mailbox, most are closed: 'new' is 1% of them and
      // 'gems' 2%, so walking the general index and filtering would read ~100 rows per row shown.
      await t.db.execute(sql`
        insert into submissions (id, user_id, category, description, estimated_weight, weight_unit, status,
                                 guarantee_deadline, requires_kyc, created_at, updated_at)
        select 'plan-' || g, ${userId},
               case when g % 50 = 0 then 'gems' else (array['jewelry','scrap'])[1 + g % 2] end,
               'plan item', 10, 'grams',
               case when g % 100 = 1 then 'new' when g % 100 < 5 then 'appraising'
                    else (array['offered','completed','returned'])[1 + g % 3] end,
               now() + interval '48 hours' - (g || ' minutes')::interval,
               false,
               now() - (g || ' minutes')::interval, now()
        from generate_series(1, 30000) as g`);
      await t.db.execute(sql`analyze submissions`);
    });

    async function plan(statement: SQLWrapper) {
      const rows = await query<{ 'QUERY PLAN': string }>(t, sql`explain analyze ${statement}`);
      return rows.map((r) => r['QUERY PLAN']).join('\n');
    }
    /** Rows the scan touched: those it returned and those it read only to filter out. */
    const rowsRead = (text: string) =>
      Number(/Index Scan[^\n]*actual time=[\d.]+\.\.[\d.]+ rows=(\d+)/.exec(text)?.[1] ?? NaN) +
      Number(/Rows Removed by Filter: (\d+)/.exec(text)?.[1] ?? 0);
    // Row 15,000 of 30,000: a page in the middle of the list.
    const middle = { createdAt: '', id: 'plan-15000' };
    beforeAll(async () => {
      const [row] = await query<{ at: string }>(
        t,
        sql`select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at from submissions where id = 'plan-15000'`,
      );
      middle.createdAt = row!.at;
    });

    it.each([
      [{}, /Index Scan using submissions_created_idx on submissions/],
      [{ status: 'new' }, /Index Scan using submissions_status_created_idx on submissions/],
      [{ category: 'gems' }, /Index Scan using submissions_category_created_idx on submissions/],
      [{ status: 'appraising', category: 'scrap' }, /Index Scan using submissions_status_category_created_idx on submissions/],
    ])('the cards with %j walk %s in order, first page and deep page alike', async (filter, index) => {
      for (const position of [null, middle]) {
        const text = await plan(mailboxCardsQuery(t.db, filter, position, 26));
        // The page itself, then one subplan per card for its photos and one for its parcel.
        const [page, ...perCard] = text.split(/\n\s*SubPlan \d+\n/);
        expect(page).toMatch(index);
        expect(page).not.toMatch(/Sort|Seq Scan|Bitmap/);
        if (position) expect(page).toMatch(/Index Cond: .*ROW\(created_at, id\) < ROW\(/);
        // It stops after the page, wherever the page is: never reading the rows before it.
        expect(rowsRead(page!), text).toBe(26);
        // Each card's photos and parcel are read by index for that submission alone (a sort there
        // orders one submission's few photos or events).
        expect(perCard, text).toHaveLength(2);
        for (const subplan of perCard) {
          expect(subplan).toMatch(/Index Cond: \(submission_id = submissions\.id\)/);
          expect(subplan).not.toMatch(/Seq Scan|Bitmap/);
        }
      }
    });

    it('a search by the short id reads its expression index, not the table', async () => {
      const text = await plan(submissionsByShortOrWholeId(t.db, 'an-15000'));
      expect(text).toMatch(/submissions_short_id_idx/);
      expect(text).not.toMatch(/Seq Scan/);
    });

    it('the nearing-deadline count reads the partial index', async () => {
      const now = new Date();
      const text = await plan(pendingDeadlineCountQuery(t.db, now, new Date(now.getTime() + 8 * 3_600_000)));
      expect(text).toMatch(/Index (Only )?Scan using submissions_pending_deadline_idx on submissions/);
      expect(text).not.toMatch(/Seq Scan/);
    });
  });
});
