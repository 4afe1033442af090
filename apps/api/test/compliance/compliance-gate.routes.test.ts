// Issue 13, the gate (DECISIONS "Compliance"): the rule stored when the parcel is received, the
// payout refused until the seller's ID and signed statement are in, and no melt before the hold ends.
// The queue of what blocks each seller is in test/compliance-queue.
import { SELLER_STATEMENT_VERSION, holdUntil, STATEMENT_REQUIRED_MESSAGE } from '@assay/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSubmission } from '../../src/db/factories.ts';
import { auditLog, sellerStatements, submissions, users } from '../../src/db/schema/index.ts';
import {
  acceptByAch,
  approveIdOf,
  insertNewSubmission,
  markOffered,
  receiveParcel,
  sellerAddress,
  signStatement,
  signUpSellerIn,
} from '../support/compliance-gate.ts';
import { postJson, signUpAdmin, type Person } from '../support/payouts.fixtures.ts';
import { createTestApp, engines, TEST_ORIGIN, type TestApp } from '../support/test-app.ts';
import { sealedProfileAddress } from '../support/sealed-addresses.ts';
import { openText, personalDataContext } from '../../src/lib/personal-data.ts';
import { photographItems } from '../support/report-lines.ts';

const TIME_ZONE = 'America/New_York';
const DAY = 86_400_000;

describe.each(engines)('compliance gate on %s', (engine) => {
  let t: TestApp;
  let admin: Person;

  beforeAll(async () => {
    t = await createTestApp(engine, {
      RECEIVING_ADDRESS: 'Assay Receiving, 100 Assay Way, Miami, FL 33101',
      BUSINESS_TIME_ZONE: TIME_ZONE,
    });
    admin = await signUpAdmin(t.app, t.db);
  });
  afterAll(() => t.close());

  const seller = (state: string | null) => signUpSellerIn(t, state);
  const newSubmission = (userId: string) => insertNewSubmission(t.db, userId);
  const rowOf = async (id: string) => (await t.db.select().from(submissions).where(eq(submissions.id, id)))[0]!;
  const receive = (id: string) => receiveParcel(t.app, id, admin.cookie);
  const offer = (id: string) => markOffered(t.db, id);
  const accept = (id: string, cookie: string) => acceptByAch(t.app, id, cookie);
  const approveId = (userId: string) => approveIdOf(t.db, userId);
  const sign = (id: string, cookie: string, body: unknown) => signStatement(t.app, id, cookie, body);
  const statementOf = (id: string, cookie: string) =>
    t.app.inject({ url: `/api/submissions/${id}/statement`, headers: { cookie } });
  const dispose = (id: string, body: unknown) => postJson(t.app, `/api/admin/submissions/${id}/disposition`, body, admin.cookie);

  it('stores the Florida rule at receipt, with a 10-day hold, and shows it in the mailbox', async () => {
    const client = await seller('FL');
    const sub = await newSubmission(client.id);
    const res = await receive(sub.id);
    expect(res.statusCode, res.body).toBe(200);
    const row = await rowOf(sub.id);
    expect(row.complianceRule).toMatchObject({
      codes: ['FL', 'FL'],
      holdDays: 10,
      signedStatement: true,
      idBeforePayment: { kind: 'always' },
      fieldSources: { holdDays: 'FL' },
      timeZone: TIME_ZONE,
    });
    expect(row.holdUntil!.toISOString()).toBe(holdUntil(row.receivedAt!, { holdDays: 10 }, TIME_ZONE).toISOString());
    // Ten calendar days, the receipt day not counted, to the end of the day.
    expect(row.holdUntil!.getTime() - row.receivedAt!.getTime()).toBeGreaterThan(10 * DAY);
    expect(row.holdUntil!.getTime() - row.receivedAt!.getTime()).toBeLessThanOrEqual(11 * DAY + 2 * 3_600_000);

    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, sub.id), eq(auditLog.action, 'received')));
    expect(entry!.changes).toMatchObject({ ruleCodes: ['FL', 'FL'], holdUntil: row.holdUntil!.toISOString() });

    const hold = res.json().hold;
    expect(hold).toMatchObject({ basis: 'Florida: 10 days', over: false });
    expect(hold.label).toMatch(/^Hold until [A-Z][a-z]{2} \d{1,2}$/);
    const list = await t.app.inject({ url: `/api/admin/submissions?search=${sub.id}`, headers: { cookie: admin.cookie } });
    expect(list.json().items[0].hold.label).toBe(hold.label);
    // The appraiser's ID caption follows the rule that gates the payment, not only SPEC's $10,000.
    expect([res.json().idRule, list.json().items[0].idRule]).toEqual([
      'Florida: ID before any payment',
      'Florida: ID before any payment',
    ]);
  });

  it('stores the rule when an offer is made straight from new (the parcel is with us)', async () => {
    const client = await seller('FL');
    const sub = await newSubmission(client.id);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/submissions/${sub.id}`,
      headers: { origin: TEST_ORIGIN, 'content-type': 'application/json', cookie: admin.cookie },
      payload: JSON.stringify({ finalOffer: '450.00', actualWeight: 10, status: 'offered' }),
    });
    expect(res.statusCode, res.body).toBe(200);
    const row = await rowOf(sub.id);
    expect(row.complianceRule).toMatchObject({ codes: ['FL', 'FL'], holdDays: 10 });
    expect(row.holdUntil).not.toBeNull();
    expect((await accept(sub.id, client.cookie)).json()).toMatchObject({ error: 'KYC_REQUIRED' });
  });

  it('gives a seller without an address the strictest rule (DEFAULT)', async () => {
    const client = await seller(null);
    const sub = await newSubmission(client.id);
    expect((await receive(sub.id)).statusCode).toBe(200);
    expect((await rowOf(sub.id)).complianceRule).toMatchObject({ codes: ['DEFAULT', 'FL'], holdDays: 15 });
  });

  it('refuses to receive under a state code nobody can read, with the sentence, and writes nothing', async () => {
    const client = await seller('FL');
    // An address stored before states were checked.
    await t.db
      .update(users)
      .set(sealedProfileAddress(t.app.ctx.keys.encryptionKey, client.id, sellerAddress('ZZ')))
      .where(eq(users.id, client.id));
    const sub = await newSubmission(client.id);
    const res = await receive(sub.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain('We do not know the state code "ZZ"');
    const row = await rowOf(sub.id);
    expect(row).toMatchObject({ status: 'new', complianceRule: null, holdUntil: null, receivedAt: null });
  });

  it('refuses a Florida payout before the ID, then before the statement, and pays after both', async () => {
    const client = await seller('FL');
    const sub = await newSubmission(client.id);
    expect((await receive(sub.id)).statusCode).toBe(200);
    await offer(sub.id);

    const detail = (await t.app.inject({ url: `/api/submissions/${sub.id}`, headers: { cookie: client.cookie } })).json();
    expect(detail.compliance).toEqual({
      identityRequired: true,
      identityVerified: false,
      statementRequired: true,
      statementSigned: false,
      reason: 'Florida law (Fla. Stat. 538.31-538.37) requires your ID and a signed statement before we can pay you.',
    });

    const noId = await accept(sub.id, client.cookie);
    expect(noId.statusCode).toBe(409);
    expect(noId.json()).toMatchObject({ error: 'KYC_REQUIRED', message: 'Please verify your identity before we can pay you.' });

    await approveId(client.id);
    const noStatement = await accept(sub.id, client.cookie);
    expect(noStatement.statusCode).toBe(409);
    expect(noStatement.json()).toMatchObject({ error: 'STATEMENT_REQUIRED', message: STATEMENT_REQUIRED_MESSAGE });
    expect((await rowOf(sub.id)).status).toBe('offered');

    const toSign = (await statementOf(sub.id, client.cookie)).json();
    expect(toSign).toMatchObject({
      required: true,
      signed: false,
      signAs: 'Casey Client',
      statementVersion: SELLER_STATEMENT_VERSION,
    });
    expect(toSign.text).toContain('I, Casey Client, am of lawful age');
    expect(toSign.text).toContain(`#${sub.id.slice(-8)}`);

    const signed = await t.app.inject({
      method: 'POST',
      url: `/api/submissions/${sub.id}/statement`,
      headers: {
        origin: TEST_ORIGIN,
        'content-type': 'application/json',
        cookie: client.cookie,
        'user-agent': 'TestBrowser/1.0',
      },
      payload: JSON.stringify({ typedName: '  casey   client ', statementVersion: SELLER_STATEMENT_VERSION }),
    });
    expect(signed.statusCode, signed.body).toBe(201);
    const [stored] = await t.db.select().from(sellerStatements).where(eq(sellerStatements.submissionId, sub.id));
    expect(stored).toMatchObject({
      userId: client.id,
      typedName: 'casey   client',
      statementVersion: SELLER_STATEMENT_VERSION,
      statementText: toSign.text,
      userAgent: 'TestBrowser/1.0',
    });
    // Sealed at rest (lib/personal-data.ts): no clear IP, and the sealed one opens to the request's.
    expect(stored!.plaintextIp).toBeNull();
    expect(openText(t.app.ctx.keys.decryptionKeys, stored!.encryptedIp!, personalDataContext.statementIp(stored!.id))).toBe(
      '127.0.0.1',
    );

    const again = await sign(sub.id, client.cookie, { typedName: 'Casey Client', statementVersion: SELLER_STATEMENT_VERSION });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/already signed/);

    const timeline = (await t.app.inject({ url: `/api/submissions/${sub.id}`, headers: { cookie: client.cookie } })).json()
      .timeline;
    expect(timeline.map((e: { label: string }) => e.label)).toContain('Statement of ownership signed');

    const paid = await accept(sub.id, client.cookie);
    expect(paid.statusCode, paid.body).toBe(201);
    expect((await rowOf(sub.id)).status).toBe('completed');
  });

  it('refuses an empty name, another name, a wrong version and a stranger, writing nothing', async () => {
    const client = await seller('FL');
    const stranger = await seller('FL');
    const sub = await newSubmission(client.id);
    const empty = await sign(sub.id, client.cookie, { typedName: '   ', statementVersion: SELLER_STATEMENT_VERSION });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toContain('Please type your full name to sign the statement.');
    const other = await sign(sub.id, client.cookie, { typedName: 'Someone Else', statementVersion: SELLER_STATEMENT_VERSION });
    expect(other.statusCode).toBe(400);
    expect(other.json().message).toContain('The typed name must be the name on your account.');
    const old = await sign(sub.id, client.cookie, { typedName: 'Casey Client', statementVersion: '2020-01-01' });
    expect(old.statusCode).toBe(400);
    expect(old.json().message).toContain('This statement has changed since you opened it.');
    const notTheirs = await sign(sub.id, stranger.cookie, {
      typedName: 'Casey Client',
      statementVersion: SELLER_STATEMENT_VERSION,
    });
    expect(notTheirs.statusCode).toBe(404);
    expect((await statementOf(sub.id, stranger.cookie)).statusCode).toBe(404);
    expect(await t.db.select().from(sellerStatements).where(eq(sellerStatements.submissionId, sub.id))).toEqual([]);
  });

  it('keeps the KYC threshold for a submission received before the rules (no stored rule)', async () => {
    const client = await seller('FL');
    const sub = buildSubmission({ userId: client.id, status: 'offered', finalOffer: '500.00' });
    await t.db.insert(submissions).values(sub);
    await photographItems(t.db, sub.id!, client.id);
    const res = await accept(sub.id, client.cookie);
    expect(res.statusCode, res.body).toBe(201);
  });

  it('refuses to melt a bought item before its hold ends, and records it after', async () => {
    const client = await seller('FL');
    const sub = await newSubmission(client.id);
    expect((await receive(sub.id)).statusCode).toBe(200);

    const notBought = await dispose(sub.id, { action: 'melt' });
    expect(notBought.statusCode).toBe(409);
    expect(notBought.json().message).toMatch(/has not been paid for/);

    await offer(sub.id);
    await approveId(client.id);
    await sign(sub.id, client.cookie, { typedName: 'Casey Client', statementVersion: SELLER_STATEMENT_VERSION });
    expect((await accept(sub.id, client.cookie)).statusCode).toBe(201);

    const early = await dispose(sub.id, { action: 'melt' });
    expect(early.statusCode).toBe(409);
    const held = await rowOf(sub.id);
    const day = new Intl.DateTimeFormat('en-US', { timeZone: TIME_ZONE, month: 'short', day: 'numeric' }).format(held.holdUntil!);
    expect(early.json().message).toBe(`This item is on hold until ${day} (Florida: 10 days); it cannot be melted before then.`);
    expect((await dispose(sub.id, { action: 'scrap' })).statusCode).toBe(400);
    expect(held).toMatchObject({ disposition: null, disposedAt: null });

    // Time passes: the hold ended yesterday.
    await t.db
      .update(submissions)
      .set({ holdUntil: new Date(Date.now() - DAY) })
      .where(eq(submissions.id, sub.id));
    const done = await dispose(sub.id, { action: 'resell', note: 'Sold as is to the estate buyer' });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().disposition).toMatchObject({ action: 'resell' });
    expect(await rowOf(sub.id)).toMatchObject({ disposition: 'resell' });
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, sub.id), eq(auditLog.action, 'item_disposed')));
    expect(entry).toMatchObject({
      actorId: admin.id,
      changes: { disposition: 'resell', note: 'Sold as is to the estate buyer' },
    });
    const history = (await t.app.inject({ url: `/api/admin/submissions/${sub.id}`, headers: { cookie: admin.cookie } })).json();
    expect(history.auditLog.map((e: { action: string }) => e.action)).toContain('item_disposed');

    const twice = await dispose(sub.id, { action: 'melt' });
    expect(twice.statusCode).toBe(409);
    expect((await dispose(sub.id, { action: 'melt' })).json().message).toMatch(/already been/);
  });

  it('is for appraisers only', async () => {
    const client = await seller('FL');
    const sub = await newSubmission(client.id);
    const res = await postJson(t.app, `/api/admin/submissions/${sub.id}/disposition`, { action: 'melt' }, client.cookie);
    expect(res.statusCode).toBe(403);
  });
});
