// The appraisers' payouts queue (GET /api/admin/payouts): admins only, pending payouts oldest first
// so they are paid in order, sent ones newest first with their reference, and never bank numbers.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type AdminKycRecord, type AdminPayout, shortId } from '@assay/domain';
import { buildSubmission, buildTransaction } from '../../src/db/factories.ts';
import { auditLog, kycRecords, submissions, transactions, users } from '../../src/db/schema/index.ts';
import { decryptField } from '../../src/lib/crypto.ts';
import { demoAccounts, seedDemoIfFresh } from '../../src/modules/demo/demo.service.ts';
import { idNumberContext } from '../../src/modules/compliance/index.ts';
import { ACCOUNT, achDetails, offeredSubmission, postJson, ROUTING } from '../support/payouts.fixtures.ts';
import { saveAddress } from '../support/addresses.ts';
import { deleteAllPayouts, insertAcceptedPayout } from '../support/ledger.ts';
import { signUp } from '../support/sessions.ts';
import { ADMIN_EMAIL, createTestApp, engines, TEST_ORIGIN, type TestApp } from '../support/test-app.ts';

const MINUTE = 60_000;

describe.each(engines)('admin payouts queue on %s', (engine) => {
  let t: TestApp;
  let admin: { id: string; cookie: string };
  let client: { id: string; email: string; cookie: string };

  /** As the appraiser unless told otherwise; null: as a visitor. */
  const get = (url: string, cookie: string | null = admin.cookie) =>
    t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  const ids = (body: AdminPayout[]) => body.map((p) => p.id);

  /** A completed submission and its pending payout, asked for `minutesAgo` minutes ago. */
  async function payout(minutesAgo: number, method: 'ach' | 'paypal' | 'check' = 'check', finalOffer = '1200.00') {
    const createdAt = new Date(Date.now() - minutesAgo * MINUTE);
    const sub = buildSubmission({ userId: client.id, status: 'completed', finalOffer, createdAt });
    await t.db.insert(submissions).values(sub);
    const row = buildTransaction({ submission: sub, method, createdAt });
    await insertAcceptedPayout(t.db, row);
    return { sub, id: row.id! };
  }

  /** A real ACH payout, asked for by the client's own request, so its bank numbers are stored encrypted. */
  async function clientAsksForAch(): Promise<string> {
    const sub = await offeredSubmission(t.db, client.id, '2500.00');
    const paid = await postJson(
      t.app,
      '/api/transactions',
      { submissionId: sub.id, amount: '2500.00', payoutMethod: 'ach', payoutDetails: achDetails },
      client.cookie,
    );
    expect(paid.statusCode, paid.body).toBe(201);
    return paid.json().id as string;
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

  it('lets only admins in: 401 for visitors, 403 for clients, even with a bad query', async () => {
    for (const url of ['/api/admin/payouts', '/api/admin/payouts?status=paid', '/api/admin/payouts?status=nope&limit=abc']) {
      expect((await get(url, null)).statusCode, url).toBe(401);
      const res = await get(url, client.cookie);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().message).toBe('This area is for Assay appraisers only.');
    }
  });

  it('lists pending payouts oldest first, with the submission and customer label', async () => {
    const middle = await payout(30, 'paypal');
    const oldest = await payout(90, 'ach', '15000.00');
    const newest = await payout(5);
    const res = await get('/api/admin/payouts?status=pending');
    expect(res.statusCode).toBe(200);
    const body = res.json() as AdminPayout[];
    expect(ids(body)).toEqual([oldest.id, middle.id, newest.id]);
    // Without a status the queue is the pending one.
    expect(ids((await get('/api/admin/payouts')).json())).toEqual(ids(body));
    expect(body[0]).toMatchObject({
      id: oldest.id,
      submissionId: oldest.sub.id,
      grossAmount: '15000.00',
      payoutMethod: 'ach',
      payoutDetails: { accountName: 'Demo Seller', accountLast4: '6789', routingLast4: '0021' },
      status: 'pending',
      reference: null,
      sentAt: null,
      submission: {
        id: oldest.sub.id,
        shortId: shortId(oldest.sub.id!),
        description: oldest.sub.description,
        category: oldest.sub.category,
        finalOffer: '15000.00',
      },
      customerLabel: `Customer #${client.id.slice(-4)}`,
    });
    expect(body[1]!.payoutDetails).toEqual({ email: 'seller@example.com' });
    // limit is optional, 1 to 100, and keeps the order.
    expect(ids((await get('/api/admin/payouts?limit=2')).json())).toEqual([oldest.id, middle.id]);
    expect((await get('/api/admin/payouts?status=paid')).json()).toEqual([]);
  });

  it('a payout marked sent leaves the pending queue and is on its way; confirmed, it shows under paid, newest first, with its reference', async () => {
    const first = await payout(60);
    const second = await payout(40, 'paypal');
    const third = await payout(20);
    const send = (id: string, reference: string) =>
      postJson(t.app, `/api/admin/transactions/${id}/sent`, { reference }, admin.cookie);
    const confirm = (id: string, confirmation: string) =>
      postJson(t.app, `/api/admin/transactions/${id}/paid`, { confirmation }, admin.cookie);
    expect((await send(second.id, 'PAYPAL-TX-1')).statusCode).toBe(200);
    expect((await send(first.id, 'CHK-1042')).statusCode).toBe(200);

    expect(ids((await get('/api/admin/payouts?status=pending')).json())).toEqual([third.id]);
    expect(new Set(ids((await get('/api/admin/payouts?status=processing')).json()))).toEqual(new Set([first.id, second.id]));
    expect((await get('/api/admin/payouts?status=paid')).json()).toEqual([]);
    expect((await confirm(second.id, 'PAYPAL-TX-1')).statusCode).toBe(200);
    // Confirmed later, though sent earlier: paid ones are listed by when they were confirmed.
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect((await confirm(first.id, 'BANK-1042')).statusCode).toBe(200);

    const paid = (await get('/api/admin/payouts?status=paid')).json() as AdminPayout[];
    expect(paid.map((p) => [p.id, p.status, p.reference])).toEqual([
      [first.id, 'paid', 'BANK-1042'],
      [second.id, 'paid', 'PAYPAL-TX-1'],
    ]);
    expect(Date.parse(paid[0]!.statusChangedAt)).toBeGreaterThan(Date.parse(paid[1]!.statusChangedAt));
  });

  it('never sends the encrypted bank details or the full bank numbers', async () => {
    await clientAsksForAch();
    const [row] = await t.db.select().from(transactions);
    expect(row!.encryptedBankDetails).toBeTruthy();

    const pending = await get('/api/admin/payouts');
    expect(pending.json()).toHaveLength(1);
    expect(pending.json()[0].payoutDetails).toEqual({
      accountName: 'Ada Lovelace',
      accountLast4: ACCOUNT.slice(-4),
      routingLast4: ROUTING.slice(-4),
    });
    expect(
      (await postJson(t.app, `/api/admin/transactions/${row!.id}/sent`, { reference: 'ACH-7' }, admin.cookie)).statusCode,
    ).toBe(200);
    // Sent by hand, it is on its way until the bank's confirmation is recorded (decision 034).
    const sent = await get('/api/admin/payouts?status=processing');
    expect(sent.json()).toHaveLength(1);
    for (const res of [pending, sent]) {
      expect(res.body).not.toContain('encrypted');
      expect(res.body).not.toContain(row!.encryptedBankDetails!);
      expect(res.body).not.toContain(ACCOUNT);
      expect(res.body).not.toContain(ROUTING);
    }
  });

  it('shows the full bank numbers of a pending ACH payout to an appraiser, audited, and never after it is sent', async () => {
    const id = await clientAsksForAch();
    const url = `/api/admin/transactions/${id}/bank-details`;

    expect((await postJson(t.app, url, {}, client.cookie)).statusCode).toBe(403);
    expect((await postJson(t.app, url, {})).statusCode).toBe(401);
    const shown = await postJson(t.app, url, {}, admin.cookie);
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json()).toEqual(achDetails);
    expect(shown.headers['cache-control']).toBe('no-store');
    const looks = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, id), eq(auditLog.action, 'bank_details_viewed')));
    expect(looks).toHaveLength(1);
    expect(looks[0]!.actorId).toBe(admin.id);
    expect(JSON.stringify(looks)).not.toContain(ACCOUNT);

    expect((await postJson(t.app, `/api/admin/transactions/${id}/sent`, { reference: 'ACH-8' }, admin.cookie)).statusCode).toBe(
      200,
    );
    const after = await postJson(t.app, url, {}, admin.cookie);
    expect(after.statusCode).toBe(409);
    expect(after.json().message).toBe('This payout has already been sent, so its bank details are no longer shown.');
    expect(after.body).not.toContain(ACCOUNT);

    const check = await payout(3, 'check');
    const none = await postJson(t.app, `/api/admin/transactions/${check.id}/bank-details`, {}, admin.cookie);
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe('Only ACH payouts have bank details; this one is paid by PayPal or check.');
    expect((await postJson(t.app, '/api/admin/transactions/no-such-payout/bank-details', {}, admin.cookie)).statusCode).toBe(404);
  });

  it("gives the mailing address of a check payout (the client's shipping address), and none for other methods", async () => {
    const home = { name: 'Casey Client', line1: '12 Main Street', city: 'Springfield', state: 'il', postalCode: '62701' };
    expect((await saveAddress(t.app, client.cookie, home)).statusCode).toBe(200);
    const check = await payout(20, 'check');
    const paypal = await payout(10, 'paypal');
    const body = (await get('/api/admin/payouts')).json() as AdminPayout[];
    expect(body.find((p) => p.id === check.id)!.mailTo).toEqual({
      name: 'Casey Client',
      line1: '12 Main Street',
      line2: null,
      city: 'Springfield',
      state: 'IL',
      postalCode: '62701',
      phone: null,
    });
    expect(body.find((p) => p.id === paypal.id)!.mailTo).toBeNull();
  });

  it('refuses a bad status or limit with 400 and a clear message', async () => {
    for (const [query, message] of [
      [
        'status=sent',
        'Invalid querystring: status: Status must be one of pending, processing, paid, failed, returned or unclaimed.',
      ],
      [
        'status=pending&status=paid',
        'Invalid querystring: status: Status must be one of pending, processing, paid, failed, returned or unclaimed.',
      ],
      ['limit=0', 'Invalid querystring: limit: limit must be a whole number from 1 to 100.'],
      ['limit=101', 'Invalid querystring: limit: limit must be a whole number from 1 to 100.'],
      ['limit=abc', 'Invalid querystring: limit: limit must be a whole number from 1 to 100.'],
    ]) {
      const res = await t.app.inject({
        url: `/api/admin/payouts?${query}`,
        headers: { cookie: admin.cookie, origin: TEST_ORIGIN },
      });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message, query).toBe(message);
    }
  });
});

describe.each(engines)('the demo seed fills both queues on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, { ADMIN_EMAILS: '' });
  });
  afterAll(() => t.close());

  it('a pending identity check for the demo client and its pending payout, once', async () => {
    const encryptionKey = 'b'.repeat(64);
    expect(await seedDemoIfFresh(t.db, t.app.ctx.identity.auth, { encryptionKey })).toBe(true);
    expect(await seedDemoIfFresh(t.db, t.app.ctx.identity.auth, { encryptionKey })).toBe(false);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/identity/sign-in/email',
      headers: { origin: TEST_ORIGIN, 'content-type': 'application/json' },
      remoteAddress: '192.0.2.20',
      payload: { email: demoAccounts.admin.email, password: demoAccounts.admin.password },
    });
    expect(signIn.statusCode).toBe(200);
    const cookie = (signIn.headers['set-cookie'] as string[]).map((c) => c.split(';')[0]).join('; ');
    const [client] = await t.db.select().from(users).where(eq(users.email, demoAccounts.client.email));

    const checks = (await t.app.inject({ url: '/api/admin/kyc?status=pending', headers: { cookie } })).json() as AdminKycRecord[];
    expect(checks).toHaveLength(1);
    expect(checks[0]).toMatchObject({
      userId: client!.id,
      status: 'pending',
      fullName: 'Dana Client',
      idType: 'drivers_license',
      idImageUrl: null,
    });
    expect(checks[0]!.idNumberLast4).toMatch(/^\d{4}$/);
    // Stored as the kyc module stores it: encrypted under the record's own context.
    const [record] = await t.db.select().from(kycRecords).where(eq(kycRecords.id, checks[0]!.id));
    expect(
      decryptField(encryptionKey, record!.encryptedIdNumber, idNumberContext(record!.id)).endsWith(record!.idNumberLast4),
    ).toBe(true);
    // It is why the big offer waits: an offered submission above $10,000 that requires it.
    const [waiting] = await t.db
      .select()
      .from(submissions)
      .where(and(eq(submissions.userId, client!.id), eq(submissions.requiresKyc, true)));
    expect(waiting).toMatchObject({ status: 'offered' });
    expect(Number(waiting!.finalOffer)).toBeGreaterThan(10_000);

    const queue = (await t.app.inject({ url: '/api/admin/payouts', headers: { cookie } })).json() as AdminPayout[];
    expect(queue.map((p) => [p.status, p.submission.description])).toEqual([['pending', 'Dental gold and broken 10k earrings']]);
  });
});
