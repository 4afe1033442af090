// The compliance queue, GET /api/admin/compliance/queue: for each seller, what blocks paying them
// or melting what they sold, and who clears it, until it is cleared. A sanctions match held there
// is shown with the screening decisions (test/screening-decisions).
import { SELLER_STATEMENT_VERSION } from '@assay/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  acceptByAch,
  approveIdOf,
  insertNewSubmission,
  markOffered,
  receiveParcel,
  signStatement,
  signUpSellerIn,
} from '../support/compliance-gate.ts';
import { signUpAdmin, type Person } from '../support/payouts.fixtures.ts';
import { createTestApp, engines, type TestApp } from '../support/test-app.ts';

describe.each(engines)('the compliance queue on %s', (engine) => {
  let t: TestApp;
  let admin: Person;

  beforeAll(async () => {
    t = await createTestApp(engine, {
      RECEIVING_ADDRESS: 'Assay Receiving, 100 Assay Way, Miami, FL 33101',
      BUSINESS_TIME_ZONE: 'America/New_York',
    });
    admin = await signUpAdmin(t.app, t.db);
  });
  afterAll(() => t.close());

  const seller = (state: string) => signUpSellerIn(t, state);
  const newSubmission = (userId: string) => insertNewSubmission(t.db, userId);
  const receive = (id: string) => receiveParcel(t.app, id, admin.cookie);
  const offer = (id: string) => markOffered(t.db, id);
  const accept = (id: string, cookie: string) => acceptByAch(t.app, id, cookie);
  const approveId = (userId: string) => approveIdOf(t.db, userId);
  const sign = (id: string, cookie: string, body: unknown) => signStatement(t.app, id, cookie, body);

  it('the compliance queue lists what blocks each payout or melt, and what clears it, until it is cleared', async () => {
    const queue = async () => {
      const res = await t.app.inject({ url: '/api/admin/compliance/queue', headers: { cookie: admin.cookie } });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { submissionId: string; kind: string; clearedBy: string; message: string; action: string }[];
    };
    const client = await seller('FL');
    const sub = await newSubmission(client.id);
    expect((await receive(sub.id)).statusCode).toBe(200);
    await offer(sub.id);
    const of = async () => (await queue()).filter((item) => item.submissionId === sub.id);

    // Florida asks for the ID (none sent yet: ask for it) and the statement (the seller's to sign).
    expect((await of()).map((i) => [i.kind, i.clearedBy])).toEqual([
      ['id', 'request-id'],
      ['statement', 'seller'],
    ]);
    expect((await of())[1]!.action).toBe('Nothing to do: the seller signs it on their payout page.');

    await approveId(client.id);
    expect(
      (await sign(sub.id, client.cookie, { typedName: 'Casey Client', statementVersion: SELLER_STATEMENT_VERSION })).statusCode,
    ).toBe(201);
    expect(await of()).toEqual([]);
    // The seller's records export carries the statement as signed.
    const records = await t.app.inject({
      url: `/api/admin/compliance/seller/${client.id}/records`,
      headers: { cookie: admin.cookie },
    });
    expect(records.statusCode, records.body).toBe(200);
    expect(JSON.parse(records.body).statements).toEqual([
      expect.objectContaining({ submissionId: sub.id, typedName: 'Casey Client', statementVersion: SELLER_STATEMENT_VERSION }),
    ]);

    // Bought: the hold is what is left, until it ends.
    expect((await accept(sub.id, client.cookie)).statusCode).toBe(201);
    const [hold] = await of();
    expect(hold).toMatchObject({ kind: 'hold', clearedBy: 'time' });
    expect(hold!.message).toMatch(
      /^Hold until [A-Z][a-z]{2} \d{1,2} \(Florida: 10 days\): no melting, resale or consignment before then\.$/,
    );

    // Appraisers only.
    const visitor = await t.app.inject({ url: '/api/admin/compliance/queue' });
    expect(visitor.statusCode).toBe(401);
    const seller403 = await t.app.inject({ url: '/api/admin/compliance/queue', headers: { cookie: client.cookie } });
    expect(seller403.statusCode).toBe(403);
  });
});
