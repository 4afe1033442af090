import { DrizzleQueryError } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { maskQuotedValues, serializeError } from './log-errors.ts';

const SQL = 'insert into "kyc_records" ("id", "full_name", "date_of_birth") values ($1, $2, $3)';
const VALUES = ['rec-1', 'Ada Lovelace', '1990-12-10'];

/** What node-postgres and PGlite throw for a violated constraint. */
function databaseError() {
  return Object.assign(new Error('new row for relation "kyc_records" violates check constraint "kyc_paused"'), {
    severity: 'ERROR',
    code: '23514',
    detail: 'Failing row contains (rec-1, Ada Lovelace, 1990-12-10).',
    where: 'SQL statement "insert ... Ada Lovelace"',
    internalQuery: `insert ... '1990-12-10'`,
    schema: 'public',
    table: 'kyc_records',
    constraint: 'kyc_paused',
    routine: 'ExecConstraints',
    query: SQL,
    params: VALUES,
  });
}

describe('logged errors', () => {
  it('keep the SQL text, the SQLSTATE and the names of the table and constraint, but no value', () => {
    const logged = serializeError(new DrizzleQueryError(SQL, VALUES, databaseError()));
    const text = JSON.stringify(logged);
    expect(logged).toMatchObject({
      type: 'DrizzleQueryError',
      message: `Failed query: ${SQL}`,
      query: SQL,
      cause: {
        type: 'DatabaseError',
        message: 'new row for relation "kyc_records" violates check constraint "kyc_paused"',
        code: '23514',
        severity: 'ERROR',
        schema: 'public',
        table: 'kyc_records',
        constraint: 'kyc_paused',
        routine: 'ExecConstraints',
      },
    });
    expect((logged as { stack: string }).stack).toMatch(/^DrizzleQueryError: Failed query: insert[^\n]+\n\s+at /);
    for (const value of ['Ada Lovelace', '1990-12-10', 'rec-1', 'params', 'detail', 'Failing row'])
      expect(text).not.toContain(value);
  });

  it('mask a refused value PostgreSQL quotes in its message, and nothing it names itself', () => {
    expect(maskQuotedValues('invalid input syntax for type uuid: "Ada Lovelace"', [])).toBe(
      'invalid input syntax for type uuid: "[redacted]"',
    );
    expect(
      maskQuotedValues('null value in column "name" of relation "users" violates not-null constraint', [
        'public',
        'users',
        'name',
      ]),
    ).toBe('null value in column "name" of relation "users" violates not-null constraint');
  });

  it('cut a values list copied into another message', () => {
    const wrapped = new Error(`could not save: Failed query: ${SQL}\nparams: ${VALUES.join(',')}`);
    expect(serializeError(wrapped)).toMatchObject({ message: `could not save: Failed query: ${SQL}` });
    expect(JSON.stringify(serializeError(wrapped))).not.toContain('Ada Lovelace');
  });

  it('keep what locates other faults: code, status, system call, and the errors of an aggregate', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), {
      code: 'ECONNREFUSED',
      errno: -111,
      syscall: 'connect',
    });
    expect(serializeError(new AggregateError([refused], ''))).toMatchObject({
      type: 'AggregateError',
      errors: [{ message: 'connect ECONNREFUSED 127.0.0.1:5432', code: 'ECONNREFUSED', errno: -111, syscall: 'connect' }],
    });
    expect(serializeError(Object.assign(new Error('Not Found'), { statusCode: 404 }))).toMatchObject({ statusCode: 404 });
  });

  it('stop at a cycle of causes', () => {
    const a = new Error('a');
    const b = new Error('b', { cause: a });
    a.cause = b;
    expect(JSON.stringify(serializeError(a))).toContain('"message":"b"');
  });
});
