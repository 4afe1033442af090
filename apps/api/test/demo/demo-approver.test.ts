// The demo's large offer can be paid (issue 25, decision 027): a payout above DUAL_APPROVAL_ABOVE
// needs an admin who did not make its offer, and the demo admin made them all, so demo mode seeds a
// second approver with a published password, asked no second factor like the demo admin. Outside
// demo mode there is no such account, and its address earns nobody an exemption.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, submissions, transactions, users } from '../../src/db/schema/index.ts';
import { demoAccounts, describeDemoAccounts, seedDemoIfFresh } from '../../src/modules/demo/demo.service.ts';
import { changeAdminRole } from '../../src/modules/users/users.service.ts';
import { postJson } from '../support/payouts.fixtures.ts';
import { cookieOf, signIn, signUp, uniqueAddress } from '../support/sessions.ts';
import { createTestApp, engines, type TestApp } from '../support/test-app.ts';

const ENCRYPTION_KEY = 'c'.repeat(64);

async function signInAs(t: TestApp, account: { email: string; password: string }) {
  const res = await signIn(t.app, account.email, account.password, uniqueAddress());
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json()).not.toHaveProperty('twoFactorRedirect');
  return cookieOf(res);
}

describe.each(engines)('the demo second approver, on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, { STAFF_TWO_FACTOR: 'required', DUAL_APPROVAL_ABOVE: '5000' }, { demo: true });
    // With its photos, as the server seeds it: a purchase needs them for its police report line.
    expect(await seedDemoIfFresh(t.db, t.app.ctx.identity.auth, { encryptionKey: ENCRYPTION_KEY, photos: t.app.ctx })).toBe(true);
  }, 180_000);
  afterAll(() => t.close());

  it("approves the payout of the demo admin's large offer, which the demo admin cannot", async () => {
    const admin = await signInAs(t, demoAccounts.admin);
    const approver = await signInAs(t, demoAccounts.approver);
    const client = await signInAs(t, demoAccounts.client);
    const [clientRow] = await t.db.select().from(users).where(eq(users.email, demoAccounts.client.email));

    // The large offer waits for the client's identity check: the demo admin approves it.
    const [check] = (await t.app.inject({ url: '/api/admin/kyc?status=pending', headers: { cookie: admin } })).json();
    const reviewed = await postJson(t.app, `/api/admin/kyc/${check.id}/review`, { approve: true }, admin);
    expect(reviewed.statusCode, reviewed.body).toBe(200);

    const [large] = await t.db
      .select()
      .from(submissions)
      .where(and(eq(submissions.userId, clientRow!.id), eq(submissions.requiresKyc, true)));
    expect(large!.finalOffer).toBe(2_645_000);
    const accepted = await postJson(
      t.app,
      '/api/transactions',
      { submissionId: large!.id, payoutMethod: 'paypal', payoutDetails: { email: demoAccounts.client.email } },
      client,
    );
    expect(accepted.statusCode, accepted.body).toBe(201);
    const payoutId = accepted.json().id as string;
    expect(accepted.json().awaitingApproval).toBe(true);

    const own = await postJson(t.app, `/api/admin/payouts/${payoutId}/approve`, {}, admin);
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe('You made this offer; another admin must approve its payout.');

    // The approver is an admin who needs neither an authenticator nor a step-up in demo mode.
    const me = await t.app.inject({ url: '/api/auth/user', headers: { cookie: approver } });
    expect(me.json()).toMatchObject({ email: demoAccounts.approver.email, isAdmin: true, mustEnrolSecondFactor: false });
    const approved = await postJson(t.app, `/api/admin/payouts/${payoutId}/approve`, {}, approver);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ id: payoutId, awaitingApproval: false });
    const [row] = await t.db.select().from(transactions).where(eq(transactions.id, payoutId));
    const [approverRow] = await t.db.select().from(users).where(eq(users.email, demoAccounts.approver.email));
    expect(row).toMatchObject({ approvedBy: approverRow!.id });
    const entries = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, payoutId), eq(auditLog.action, 'payout_approved')));
    expect(entries.map((e) => e.actorId)).toEqual([approverRow!.id]);
  });

  it('is listed with the other demo accounts in the start banner, with its password and the exemption', () => {
    const banner = describeDemoAccounts().join('\n');
    expect(banner).toContain(`${demoAccounts.approver.email} / ${demoAccounts.approver.password}`);
    expect(banner).toMatch(/the demo admin and second approver need no authenticator app \(demo only\)/);
  });
});

describe.each(engines)('a demo seeded before the second approver existed, on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, { STAFF_TWO_FACTOR: 'required' }, { demo: true });
  }, 180_000);
  afterAll(() => t.close());

  it('gets one at its next start in demo mode, once', async () => {
    // With its photos, as the server seeds it: a purchase needs them for its police report line.
    expect(await seedDemoIfFresh(t.db, t.app.ctx.identity.auth, { encryptionKey: ENCRYPTION_KEY, photos: t.app.ctx })).toBe(true);
    await t.db.delete(users).where(eq(users.email, demoAccounts.approver.email));
    expect(await seedDemoIfFresh(t.db, t.app.ctx.identity.auth, { encryptionKey: ENCRYPTION_KEY })).toBe(false);
    expect(await seedDemoIfFresh(t.db, t.app.ctx.identity.auth, { encryptionKey: ENCRYPTION_KEY })).toBe(false);
    const approvers = await t.db.select().from(users).where(eq(users.email, demoAccounts.approver.email));
    expect(approvers).toMatchObject([{ isAdmin: true, emailVerified: true }]);
    await signInAs(t, demoAccounts.approver);
  });
});

describe.each(engines)('outside demo mode, on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, { STAFF_TWO_FACTOR: 'required' });
  }, 180_000);
  afterAll(() => t.close());

  it('has no second approver, and its address exempts nobody from the second factor', async () => {
    expect(await t.db.select().from(users).where(eq(users.email, demoAccounts.approver.email))).toEqual([]);
    expect((await signIn(t.app, demoAccounts.approver.email, demoAccounts.approver.password, uniqueAddress())).statusCode).toBe(
      401,
    );
    const squatter = await signUp(t.app, { email: demoAccounts.approver.email });
    await changeAdminRole(t.db, squatter.email, true);
    const refused = await t.app.inject({ url: '/api/admin/payouts', headers: { cookie: squatter.cookie } });
    expect(refused.json().error).toBe('SECOND_FACTOR_REQUIRED');
  });
});
