import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable, whileDatabaseUnavailable } from './database-unavailable.ts';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('isDatabaseUnavailable', () => {
  it('recognises a server shutting down or starting up, and connection failures', () => {
    expect(isDatabaseUnavailable(withCode('terminating connection due to administrator command', '57P01'))).toBe(true);
    expect(isDatabaseUnavailable(withCode('the database system is starting up', '57P03'))).toBe(true);
    expect(isDatabaseUnavailable(withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    const refusedEverywhere = Object.assign(new Error(''), {
      errors: [withCode('connect ECONNREFUSED ::1:5432', 'ECONNREFUSED')],
    });
    expect(isDatabaseUnavailable(refusedEverywhere)).toBe(true);
  });

  it('looks through the query error Drizzle wraps around the driver', () => {
    const wrapped = new Error('Failed query: select 1', { cause: withCode('the database system is shutting down', '57P03') });
    expect(isDatabaseUnavailable(wrapped)).toBe(true);
  });

  it('leaves every other error alone: constraint violations, bad SQL, our own bugs', () => {
    expect(isDatabaseUnavailable(withCode('duplicate key value violates unique constraint', '23505'))).toBe(false);
    expect(isDatabaseUnavailable(withCode('syntax error at or near "selec"', '42601'))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
  });
});

describe('whileDatabaseUnavailable', () => {
  const restarting = () => withCode('the database system is starting up', '57P03');
  const noSleep = async () => undefined;

  it('tries again while the database restarts, and answers what the work answers once it is back', async () => {
    let tries = 0;
    const answer = await whileDatabaseUnavailable(
      async () => {
        tries += 1;
        if (tries < 3) throw restarting();
        return 'recorded';
      },
      { sleep: noSleep },
    );
    expect(answer).toBe('recorded');
    expect(tries).toBe(3);
  });

  it('throws any other error at once', async () => {
    let tries = 0;
    const bug = new TypeError('not a database problem');
    await expect(
      whileDatabaseUnavailable(
        async () => {
          tries += 1;
          throw bug;
        },
        { sleep: noSleep },
      ),
    ).rejects.toBe(bug);
    expect(tries).toBe(1);
  });

  it('gives up after its time, with the database error', async () => {
    let tries = 0;
    await expect(
      whileDatabaseUnavailable(
        async () => {
          tries += 1;
          throw restarting();
        },
        { withinMs: 2_000, pauseMs: 500, sleep: noSleep },
      ),
    ).rejects.toMatchObject({ code: '57P03' });
    expect(tries).toBe(5);
  });
});
