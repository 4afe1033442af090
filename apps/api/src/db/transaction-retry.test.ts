import Fastify from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../lib/app-error.ts';
import { errorHandlerPlugin } from '../plugins/error-handler.ts';
import { createTestDatabase } from '../../test/support/test-app.ts';
import type { Database } from './client.ts';
import {
  DEFAULT_TRANSACTION_ATTEMPTS,
  isTransactionConflict,
  markOutsideEffect,
  retryOnConflict,
  TRANSACTION_CONFLICT_MESSAGE,
  TransactionConflict,
} from './transaction-retry.ts';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });
const deadlock = () => new Error('Failed query: update submissions', { cause: withCode('deadlock detected', '40P01') });
const serialization = () => withCode('could not serialize access due to concurrent update', '40001');

describe('isTransactionConflict', () => {
  it('recognises a deadlock and a serialization failure, also inside the error Drizzle wraps', () => {
    expect(isTransactionConflict(deadlock())).toBe(true);
    expect(isTransactionConflict(serialization())).toBe(true);
  });

  it('leaves every other error alone', () => {
    expect(isTransactionConflict(withCode('duplicate key value violates unique constraint', '23505'))).toBe(false);
    expect(isTransactionConflict(withCode('the database system is starting up', '57P03'))).toBe(false);
    expect(isTransactionConflict(new AppError('CONFLICT', 'This offer was already accepted.'))).toBe(false);
    expect(isTransactionConflict(undefined)).toBe(false);
  });
});

describe('retryOnConflict', () => {
  const pauses: number[] = [];
  const options = { sleep: async (ms: number) => void pauses.push(ms), random: () => 1, pauseMs: 10 };

  it('runs a transaction that deadlocked twice a third time, after growing pauses, and answers what it answers', async () => {
    pauses.length = 0;
    let runs = 0;
    const answer = await retryOnConflict(async () => {
      runs += 1;
      if (runs <= 2) throw deadlock();
      return 'committed';
    }, options);
    expect(answer).toBe('committed');
    expect(runs).toBe(3);
    expect(pauses).toEqual([10, 20]);
  });

  it('gives up after a bounded number of runs with a 409 sentence, keeping PostgreSQL error as its cause', async () => {
    let runs = 0;
    const failure = await retryOnConflict(async () => {
      runs += 1;
      throw serialization();
    }, options).catch((e: unknown) => e);
    expect(runs).toBe(DEFAULT_TRANSACTION_ATTEMPTS);
    expect(failure).toBeInstanceOf(TransactionConflict);
    expect(failure).toMatchObject({ code: 'CONFLICT', status: 409, message: TRANSACTION_CONFLICT_MESSAGE });
    expect(isTransactionConflict((failure as Error).cause)).toBe(true);
  });

  it('does not run again for any other error', async () => {
    let runs = 0;
    const refused = new AppError('CONFLICT', 'This offer was already accepted.');
    await expect(
      retryOnConflict(async () => {
        runs += 1;
        throw refused;
      }, options),
    ).rejects.toBe(refused);
    expect(runs).toBe(1);
  });

  it('does not run again a transaction that has done something outside the database', async () => {
    let runs = 0;
    const failure = await retryOnConflict(async (onTx) => {
      runs += 1;
      const tx = {};
      onTx(tx);
      markOutsideEffect(tx);
      throw deadlock();
    }, options).catch((e: unknown) => e);
    expect(runs).toBe(1);
    expect(failure).toBeInstanceOf(TransactionConflict);
  });
});

describe("the database's transactions", () => {
  let database: Database;
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    // A copy of the run's migrated template: a new cluster's initdb costs seconds of CPU.
    ({ database, cleanup } = await createTestDatabase('pglite', undefined, 'main'));
  });
  afterAll(() => cleanup());

  it('are retried whole on a lost race, each run rolled back before the next', async () => {
    await database.db.execute(sql`create table tries (n int)`);
    let runs = 0;
    const answer = await database.db.transaction(async (tx) => {
      runs += 1;
      await tx.execute(sql`insert into tries values (${runs})`);
      // A savepoint inside is part of the run, not retried on its own.
      await tx.transaction(async (sp) => sp.execute(sql`insert into tries values (${runs * 10})`));
      if (runs < 3) throw deadlock();
      return runs;
    });
    expect(answer).toBe(3);
    const { rows } = (await database.db.execute(sql`select n from tries order by n`)) as unknown as { rows: { n: number }[] };
    expect(rows.map((r) => r.n)).toEqual([3, 30]);
  });

  it('answer a TransactionConflict once the retries are spent', async () => {
    let runs = 0;
    const failure = await database.db
      .transaction(async () => {
        runs += 1;
        throw serialization();
      })
      .catch((e: unknown) => e);
    expect(runs).toBe(DEFAULT_TRANSACTION_ATTEMPTS);
    expect(failure).toBeInstanceOf(TransactionConflict);
  });
});

describe('the error handler', () => {
  it('answers a lost race that reaches it with a 409 sentence, never a 500', async () => {
    const app = Fastify();
    await app.register(errorHandlerPlugin);
    app.get('/raw', async () => {
      throw deadlock();
    });
    app.get('/spent', async () => {
      throw new TransactionConflict(serialization());
    });
    for (const url of ['/raw', '/spent']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ statusCode: 409, error: 'CONFLICT', message: TRANSACTION_CONFLICT_MESSAGE });
    }
    await app.close();
  });
});
