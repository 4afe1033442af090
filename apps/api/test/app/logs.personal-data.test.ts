// Personal data never reaches the log (issue 25 item 9, decision 028): the address, identity check
// and statement routes are driven with a capturing logger, on success, on a 400 and on a failed
// query, from a distinctive client IP, and the captured lines are searched for the street lines,
// the phone, the date of birth and the IP.
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { SELLER_STATEMENT_VERSION } from '@assay/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSubmission } from '../../src/db/factories.ts';
import { submissions } from '../../src/db/schema/index.ts';
import { loggerOptions } from '../../src/lib/logger.ts';
import { insertImage } from '../support/payouts.fixtures.ts';
import { signUp } from '../support/sessions.ts';
import { createTestApp, engines, TEST_ORIGIN, type TestApp } from '../support/test-app.ts';

const CLIENT_IP = '203.0.113.77';
const STREET = '1742 Evergreen Terrace';
const SECOND_LINE = 'Unit 9Q';
const PHONE_DIGITS = '2175550142';
const PHONE = '(217) 555-0142';
const DATE_OF_BIRTH = '1961-03-17';
const TOO_YOUNG = `${new Date().getUTCFullYear() - 12}-04-05`;

const address = (city: string, phone = PHONE_DIGITS) => ({
  name: 'Casey Client',
  line1: STREET,
  line2: SECOND_LINE,
  city,
  state: 'IL',
  postalCode: '62701',
  phone,
});

describe.each(engines)('personal data and the log on %s', (engine) => {
  let t: TestApp;
  const lines: string[] = [];
  const log = () => lines.join('');
  let client: Awaited<ReturnType<typeof signUp>>;

  /** A request as a browser at CLIENT_IP sends it. */
  const send = (method: 'PUT' | 'POST', url: string, body: unknown) =>
    t.app.inject({
      method,
      url,
      remoteAddress: CLIENT_IP,
      headers: { origin: TEST_ORIGIN, 'content-type': 'application/json', cookie: client.cookie },
      payload: JSON.stringify(body),
    });

  const expectNothingPersonal = () => {
    const text = log();
    for (const secret of [STREET, SECOND_LINE, PHONE, PHONE_DIGITS, '555-0142', DATE_OF_BIRTH, TOO_YOUNG, CLIENT_IP])
      expect(text, `the log holds ${secret}`).not.toContain(secret);
  };

  beforeAll(async () => {
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    t = await createTestApp(engine, {}, { logger: { ...(loggerOptions('trace') as object), stream } });
    client = await signUp(t.app, { firstName: 'Casey', lastName: 'Client' });
    // Refusals the database makes, as a full disk or a broken migration would: one city, one name.
    await t.db.execute(
      sql`alter table users add constraint test_city_refused check (shipping_address->>'city' <> 'Shelbyville') not valid`,
    );
    await t.db.execute(sql`alter table kyc_records add constraint test_kyc_refused check (id_type <> 'state_id') not valid`);
  });
  afterAll(() => t.close());

  it('the address form: saved, refused with a 400, and failing in the database', async () => {
    lines.length = 0;
    expect((await send('PUT', '/api/users/me/address', address('Springfield'))).statusCode).toBe(200);
    const bad = await send('PUT', '/api/users/me/address', address('Springfield', '555-0142-99'));
    expect(bad.statusCode).toBe(400);
    expect((await send('PUT', '/api/users/me/address', address('Shelbyville'))).statusCode).toBe(500);
    // The lines were captured: the request lines (with a client tag) and the failed query.
    expect(log()).toContain('"url":"/api/users/me/address"');
    expect(log()).toContain('"client":"');
    expect(log()).toContain('"constraint":"test_city_refused"');
    expectNothingPersonal();
  });

  it('the identity check: sent, refused with a 400, and failing in the database', async () => {
    const body = (idType: string, dateOfBirth = DATE_OF_BIRTH) => ({
      fullName: 'Casey Client',
      dateOfBirth,
      idType,
      idNumber: 'D1234567890',
      idIssuer: 'IL',
    });
    lines.length = 0;
    const young = await send('POST', '/api/kyc', {
      ...body('passport', TOO_YOUNG),
      idImageId: await insertImage(t.db, client.id),
    });
    expect(young.statusCode).toBe(400);
    const failed = await send('POST', '/api/kyc', { ...body('state_id'), idImageId: await insertImage(t.db, client.id) });
    expect(failed.statusCode).toBe(500);
    expect(log()).toContain('"constraint":"test_kyc_refused"');
    const sent = await send('POST', '/api/kyc', { ...body('drivers_license'), idImageId: await insertImage(t.db, client.id) });
    expect(sent.statusCode, sent.body).toBe(201);
    expectNothingPersonal();
  });

  it('the statement of ownership: signed, refused with a 400, and failing in the database', async () => {
    const newSubmission = async () => {
      const row = buildSubmission({ userId: client.id, status: 'new' });
      await t.db.insert(submissions).values(row);
      return row.id!;
    };
    lines.length = 0;
    const signed = await send('POST', `/api/submissions/${await newSubmission()}/statement`, {
      typedName: 'Casey Client',
      statementVersion: SELLER_STATEMENT_VERSION,
    });
    expect(signed.statusCode, signed.body).toBe(201);
    const wrongName = await send('POST', `/api/submissions/${await newSubmission()}/statement`, {
      typedName: 'Someone Else',
      statementVersion: SELLER_STATEMENT_VERSION,
    });
    expect(wrongName.statusCode).toBe(400);
    await t.db.execute(sql`alter table seller_statements add constraint test_statements_refused check (false) not valid`);
    const failed = await send('POST', `/api/submissions/${await newSubmission()}/statement`, {
      typedName: 'Casey Client',
      statementVersion: SELLER_STATEMENT_VERSION,
    });
    expect(failed.statusCode).toBe(500);
    expect(log()).toContain('"constraint":"test_statements_refused"');
    expectNothingPersonal();
  });
});
