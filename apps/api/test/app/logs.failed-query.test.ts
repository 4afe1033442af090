// A query that fails is logged for the operator (SQL text, SQLSTATE, table and constraint) but
// never with the values it carried: the database is made to refuse real inserts (a payout, an
// identity check) and an update through better-auth, and the log is read back.
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loggerOptions } from '../../src/lib/logger.ts';
import { ACCOUNT, achDetails, insertImage, offeredSubmission, postJson, ROUTING } from '../support/payouts.fixtures.ts';
import { signUp } from '../support/sessions.ts';
import { createTestApp, engines, TEST_ORIGIN, type TestApp } from '../support/test-app.ts';

const FULL_NAME = 'Ada Lovelace';
const DATE_OF_BIRTH = '1990-12-10';
const ID_NUMBER = 'D1234567890';

describe.each(engines)('a failing query on %s', (engine) => {
  let t: TestApp;
  const lines: string[] = [];
  const log = () => lines.join('');
  let client: Awaited<ReturnType<typeof signUp>>;

  beforeAll(async () => {
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    t = await createTestApp(engine, {}, { logger: { ...(loggerOptions('info') as object), stream } });
    client = await signUp(t.app, { firstName: 'Casey', lastName: 'Client' });
    // Every new row refused, as a full disk or a broken migration would.
    await t.db.execute(sql`alter table transactions add constraint payouts_paused check (false) not valid`);
    await t.db.execute(sql`alter table kyc_records add constraint checks_paused check (false) not valid`);
    await t.db.execute(sql`alter table users add constraint renames_paused check (first_name <> 'Grace') not valid`);
  });
  afterAll(() => t.close());

  it('a payout insert is logged with its SQL and constraint, without the name, last 4 digits or ciphertext', async () => {
    const sub = await offeredSubmission(t.db, client.id);
    lines.length = 0;
    const res = await postJson(
      t.app,
      '/api/transactions',
      { submissionId: sub.id, payoutMethod: 'ach', payoutDetails: achDetails },
      client.cookie,
    );
    expect(res.statusCode).toBe(500);
    expect(res.json().message).toBe('Something went wrong on our side. Please try again in a moment.');
    const text = log();
    expect(text).toContain('"msg":"unhandled error"');
    expect(text).toContain('insert into \\"transactions\\"');
    expect(text).toContain('"code":"23514"');
    expect(text).toContain('"table":"transactions"');
    expect(text).toContain('"constraint":"payouts_paused"');
    for (const secret of [FULL_NAME, '"6789"', 'v1:', ACCOUNT, ROUTING, 'params', 'Failing row'])
      expect(text).not.toContain(secret);
  });

  it('an identity check insert is logged without the name, date of birth, ID digits or ciphertext', async () => {
    const idImageId = await insertImage(t.db, client.id);
    lines.length = 0;
    const res = await postJson(
      t.app,
      '/api/kyc',
      { fullName: FULL_NAME, dateOfBirth: DATE_OF_BIRTH, idType: 'passport', idNumber: ID_NUMBER, idIssuer: 'GB', idImageId },
      client.cookie,
    );
    expect(res.statusCode).toBe(500);
    const text = log();
    expect(text).toContain('"constraint":"checks_paused"');
    expect(text).toContain('insert into \\"kyc_records\\"');
    for (const secret of [FULL_NAME, DATE_OF_BIRTH, ID_NUMBER, '"7890"', 'v1:', 'params', 'Failing row'])
      expect(text).not.toContain(secret);
  });

  it('a failure inside better-auth reaches the same log, not the console', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      lines.length = 0;
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/identity/update-user',
        headers: { origin: TEST_ORIGIN, cookie: client.cookie, 'content-type': 'application/json' },
        payload: JSON.stringify({ firstName: 'Grace', lastName: 'Hopper' }),
      });
      expect(res.statusCode).toBe(500);
      expect(res.json().message).toBe('Something went wrong on our side. Please try again in a moment.');
      expect(consoleError).not.toHaveBeenCalled();
    } finally {
      consoleError.mockRestore();
    }
    const text = log();
    expect(text).toContain('"constraint":"renames_paused"');
    for (const secret of ['Grace', 'Hopper', client.email, 'params', 'Failing row']) expect(text).not.toContain(secret);
  });
});
