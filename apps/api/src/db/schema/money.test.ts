// The money column (decision 003): cents in, cents out, numeric(12, 2) in between, and one policy
// for what is not an amount: it throws a sentence naming the column, never a silent 0.
import type { PGlite } from '@electric-sql/pglite';
import { eq, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { pgTable, text } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { centsToStoredAmount, money, MONEY_COLUMN_MAX_CENTS, MoneyColumnError, storedAmountToCents } from './money.ts';
import { blankPGlite } from '../../../test/support/test-databases.ts';

const prices = pgTable('prices', {
  id: text('id').primaryKey(),
  amount: money('prices', 'amount').notNull(),
  refund: money('prices', 'refund'),
});

describe('the money column through the database', () => {
  let client: PGlite;
  let db: ReturnType<typeof drizzle>;
  beforeAll(async () => {
    client = await blankPGlite();
    db = drizzle({ client });
    await db.execute(sql`create table prices (id text primary key, amount numeric(12, 2) not null, refund numeric(12, 2))`);
  });
  afterAll(() => client.close());

  it('stores cents as dollars and cents, and reads back the same cents', async () => {
    const amounts = [0, 7, 1_250_50, MONEY_COLUMN_MAX_CENTS];
    await db.insert(prices).values(amounts.map((amount, n) => ({ id: `p${n}`, amount, refund: n === 0 ? null : amount })));
    const stored = await db.execute<{ amount: string }>(sql`select amount::text as amount from prices order by id`);
    expect(stored.rows.map((r) => r.amount)).toEqual(['0.00', '0.07', '1250.50', '9999999999.99']);
    const read = await db.select().from(prices).orderBy(prices.id);
    expect(read.map((r) => r.amount)).toEqual(amounts);
    expect(read.map((r) => r.refund)).toEqual([null, 7, 1_250_50, MONEY_COLUMN_MAX_CENTS]);
    const [one] = await db.select({ amount: prices.amount }).from(prices).where(eq(prices.amount, 1_250_50));
    expect(one).toEqual({ amount: 1_250_50 });
  });

  it('refuses to write what is not whole cents, naming the column, and writes nothing', async () => {
    for (const bad of [12.5, -1, MONEY_COLUMN_MAX_CENTS + 1, Number.NaN]) {
      await expect(db.insert(prices).values({ id: `bad${bad}`, amount: bad })).rejects.toThrow(
        `prices.amount takes a whole number of cents from 0 to 999999999999, not ${String(bad)}.`,
      );
    }
    const [count] = (await db.execute<{ n: number }>(sql`select count(*)::int as n from prices where id like 'bad%'`)).rows;
    expect(count!.n).toBe(0);
  });

  it('refuses to read a stored value that is not an amount, instead of passing on 0', async () => {
    await db.execute(sql`insert into prices (id, amount) values ('negative', -3.10)`);
    await expect(db.select().from(prices).where(eq(prices.id, 'negative'))).rejects.toThrow(
      'prices.amount holds "-3.10", which is not an amount in dollars and cents.',
    );
  });
});

describe('the conversion at the edge', () => {
  it('reads what PostgreSQL hands back, to the cent', () => {
    expect(storedAmountToCents('1250.50', 'c')).toBe(1_250_50);
    expect(storedAmountToCents('1250.5', 'c')).toBe(1_250_50);
    expect(storedAmountToCents('1250', 'c')).toBe(1_250_00);
    expect(storedAmountToCents('0.01', 'c')).toBe(1);
  });

  it('refuses anything else with a sentence naming the column', () => {
    for (const bad of ['', 'abc', '1.234', '1e3', ' 1.00', '+1.00', '10000000000.00', 12.5, null]) {
      expect(() => storedAmountToCents(bad, 'transactions.amount')).toThrow(MoneyColumnError);
      expect(() => storedAmountToCents(bad, 'transactions.amount')).toThrow(
        `transactions.amount holds ${JSON.stringify(bad)}, which is not an amount in dollars and cents.`,
      );
    }
  });

  it('writes cents as the decimal the column stores', () => {
    expect(centsToStoredAmount(0, 'c')).toBe('0.00');
    expect(centsToStoredAmount(1_250_05, 'c')).toBe('1250.05');
    expect(() => centsToStoredAmount(0.5, 'offers.total')).toThrow(
      'offers.total takes a whole number of cents from 0 to 999999999999, not 0.5.',
    );
  });
});
