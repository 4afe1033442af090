// The appraisers' reconciliation, GET /api/admin/ledger/reconciliation: the payouts whose rail state
// and ledger disagree, each with the sentence why. That it stays empty while they agree is shown
// by every move of the ledger's tests (test/ledger) and the rails'.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildSubmission, buildTransaction } from '../../src/db/factories.ts';
import { submissions, transactions } from '../../src/db/schema/index.ts';
import { deleteAllPayouts } from '../support/ledger.ts';
import { achDetails, offeredSubmission, postJson } from '../support/payouts.fixtures.ts';
import { signUp } from '../support/sessions.ts';
import { ADMIN_EMAIL, createTestApp, engines, type TestApp } from '../support/test-app.ts';

const URL = '/api/admin/ledger/reconciliation';

describe.each(engines)('the reconciliation on %s', (engine) => {
  let t: TestApp;
  let admin: { id: string; cookie: string };
  let client: { id: string; email: string; cookie: string };

  const get = (url: string, cookie: string | null = admin.cookie) =>
    t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  const reconciliation = async () => {
    const res = await get(URL);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { transactionId: string; status: string; reason: string }[];
  };

  /** The client accepts an offer by ACH through the route, as in the app: the ledger posts it. */
  async function accept(finalOffer: string): Promise<string> {
    const sub = await offeredSubmission(t.db, client.id, finalOffer);
    const res = await postJson(
      t.app,
      '/api/transactions',
      { submissionId: sub.id, amount: finalOffer, payoutMethod: 'ach', payoutDetails: achDetails },
      client.cookie,
    );
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as string;
  }

  /** A completed submission's payout written straight into the database, with no ledger lines. */
  async function handWrittenPayout(status: 'pending' | 'paid', finalOffer = '1200.00') {
    const sub = buildSubmission({ userId: client.id, status: 'completed', finalOffer });
    await t.db.insert(submissions).values(sub);
    const row = { ...buildTransaction({ submission: sub, method: 'check' }), status };
    await t.db.insert(transactions).values(row);
    return row.id!;
  }

  beforeAll(async () => {
    t = await createTestApp(engine);
    admin = await signUp(t.app, { email: ADMIN_EMAIL, firstName: 'Ada', lastName: 'Appraiser' });
    client = await signUp(t.app, { firstName: 'Casey' });
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await deleteAllPayouts(t.db);
  });

  it('lets only admins in: 401 for visitors, 403 for clients', async () => {
    expect((await get(URL, null)).statusCode).toBe(401);
    const res = await get(URL, client.cookie);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('This area is for Assay appraisers only.');
  });

  it('lists a payout whose rail says paid while the ledger has nothing, with the sentence why', async () => {
    const agreeing = await accept('800.00');
    const bad = await handWrittenPayout('paid');
    const listed = await reconciliation();
    expect(listed.map((p) => p.transactionId)).toEqual([bad]);
    expect(listed[0]).toMatchObject({ status: 'paid', rail: 'manual', amount: '1200.00' });
    expect(listed[0]!.reason).toBe('The rail says paid, but $0.00 has left our cash (expected $1,200.00).');
    expect(listed.some((p) => p.transactionId === agreeing)).toBe(false);
  });
});
