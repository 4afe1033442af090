// Appraisers' second factor (issue 25 item 6, decision 026): enrolment with better-auth's two-factor
// plugin before any admin route answers where it is required, sign-in with the authenticator's code
// or a recovery code, and a step-up (a code proved in the last 10 minutes, on an injected clock) for
// the decisions that send money or clear people. The demo admin is exempt.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STEP_UP_WINDOW_MS } from '../../src/access/second-factor.ts';
import { loadConfig } from '../../src/config/index.ts';
import { sessions, twoFactors, users } from '../../src/db/schema/index.ts';
import { demoAccounts, describeDemoAccounts, seedDemoIfFresh } from '../../src/modules/demo/demo.service.ts';
import { changeAdminRole, resetSecondFactor } from '../../src/modules/users/users.service.ts';
import { PRODUCTION_ENV } from '../support/production-env.ts';
import {
  aSteadyStep,
  type Authenticator,
  codeAt,
  codeNow,
  enrolSecondFactor,
  freshCode,
  postIdentity,
  signInWithCode,
  startEnrolment,
  stepUp,
  wrongCode,
} from '../support/second-factor.ts';
import { cookieOf, signIn, signUp, uniqueAddress } from '../support/sessions.ts';
import { createTestApp, engines, type TestApp } from '../support/test-app.ts';

const ENROL_SENTENCE = /Appraisers must set up an authenticator app/;
const STEP_UP_SENTENCE = /enter the code from your authenticator app/;
const MINUTE = 60_000;

/** An admin route that answers any appraiser (the payouts queue). */
const ADMIN_ROUTE = '/api/admin/payouts';

class MovableClock {
  constructor(private ms = Date.now()) {}
  now = () => new Date(this.ms);
  advance(ms: number) {
    this.ms += ms;
  }
}

/** The decisions that send money or clear people, each as a request whose body passes validation (an unknown id is fine: the guard comes first). */
const STEP_UP_ACTIONS = [
  {
    name: 'approving an identity check',
    method: 'POST',
    url: '/api/admin/kyc/no-such-record/review',
    payload: { approve: true },
  },
  {
    name: 'clearing a sanctions match',
    method: 'POST',
    url: '/api/admin/compliance/screenings/no-such-screening/decision',
    payload: { decision: 'clear', reason: 'Different date of birth.' },
  },
  {
    name: 'changing payout rates',
    method: 'PUT',
    url: '/api/admin/payout-rates/silver',
    payload: { minPercent: '70', maxPercent: '80' },
  },
  { name: 'creating an ACH batch', method: 'POST', url: '/api/admin/payouts/ach-batches', payload: undefined },
  {
    name: 'marking a payout sent',
    method: 'POST',
    url: '/api/admin/transactions/no-such-payout/sent',
    payload: { reference: 'WIRE-1' },
  },
  // The other ways a payout is sent or let go: a check printed for it, that check mailed, an ACH
  // file settled, and a large payout's second approval.
  {
    name: 'registering a check',
    method: 'POST',
    url: '/api/admin/payouts/checks',
    payload: { transactionId: 'no-such-payout' },
  },
  {
    name: 'marking a check mailed',
    method: 'POST',
    url: '/api/admin/payouts/checks/no-such-check/mailed',
    payload: { mailedOn: '2026-11-27' },
  },
  {
    name: 'settling an ACH file',
    method: 'POST',
    url: '/api/admin/payouts/ach-batches/no-such-batch/settled',
    payload: undefined,
  },
  { name: 'approving a large payout', method: 'POST', url: '/api/admin/payouts/no-such-payout/approve', payload: undefined },
  // Records retention: an erase cannot be undone.
  {
    name: 'erasing records past retention',
    method: 'POST',
    url: '/api/admin/retention/erase',
    payload: { submissionIds: ['no-such-submission'] },
  },
] as const;

type Action = (typeof STEP_UP_ACTIONS)[number];

function act(t: TestApp, action: Action, cookie: string) {
  return t.app.inject({
    method: action.method,
    url: action.url,
    remoteAddress: uniqueAddress(),
    headers: { cookie, ...(action.payload ? { 'content-type': 'application/json' } : {}) },
    ...(action.payload ? { payload: action.payload } : {}),
  });
}

async function newAppraiser(t: TestApp) {
  const person = await signUp(t.app);
  await changeAdminRole(t.db, person.email, true);
  return person;
}

describe.each(engines)('staff second factor where it is required, on %s', (engine) => {
  let t: TestApp;
  const clock = new MovableClock();

  // The first app of the file also waits for the run's migrated database templates.
  beforeAll(async () => {
    t = await createTestApp(engine, { STAFF_TWO_FACTOR: 'required' }, { clock });
  }, 180_000);
  afterAll(() => t.close());

  it('refuses an appraiser without an authenticator on admin routes, with a sentence and a code, until the first code confirms it', async () => {
    const appraiser = await newAppraiser(t);
    const refused = await t.app.inject({ method: 'GET', url: ADMIN_ROUTE, headers: { cookie: appraiser.cookie } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: 'SECOND_FACTOR_REQUIRED', message: expect.stringMatching(ENROL_SENTENCE) });
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: appraiser.cookie } });
    expect(me.json()).toMatchObject({ isAdmin: true, twoFactorEnabled: false, mustEnrolSecondFactor: true });

    // The password is asked first; a wrong one starts nothing.
    const wrongPassword = await postIdentity(
      t.app,
      '/two-factor/enable',
      { password: 'not-the-password-at-all' },
      appraiser.cookie,
    );
    expect(wrongPassword.statusCode).toBe(400);
    expect(await t.db.select().from(twoFactors).where(eq(twoFactors.userId, appraiser.id))).toHaveLength(0);

    const started = await startEnrolment(t.app, appraiser.cookie);
    expect(started.totpURI).toMatch(/^otpauth:\/\/totp\/Assay:/);
    expect(new URL(started.totpURI).searchParams.get('issuer')).toBe('Assay');
    expect(started.backupCodes).toHaveLength(10);
    for (const code of started.backupCodes) expect(code).toMatch(/^[A-Za-z0-9]{5}-[A-Za-z0-9]{5}$/);
    // Stored encrypted: neither the secret nor a recovery code is in the row as text.
    const [row] = await t.db.select().from(twoFactors).where(eq(twoFactors.userId, appraiser.id));
    expect(row!.verified).toBe(false);
    const secretText = new URL(started.totpURI).searchParams.get('secret')!;
    expect(row!.secret).not.toContain(Buffer.from(started.secret).toString('utf8'));
    expect(row!.secret).not.toContain(secretText);
    for (const code of started.backupCodes) expect(row!.backupCodes).not.toContain(code);

    // Not enrolled until a code from the app is confirmed: a wrong one changes nothing.
    expect((await t.app.inject({ method: 'GET', url: ADMIN_ROUTE, headers: { cookie: appraiser.cookie } })).statusCode).toBe(403);
    const wrong = await postIdentity(
      t.app,
      '/two-factor/verify-totp',
      { code: await wrongCode(started.secret) },
      appraiser.cookie,
    );
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toMatch(/That code is not right/);
    const notCode = await postIdentity(t.app, '/two-factor/verify-totp', { code: 'abc' }, appraiser.cookie);
    expect(notCode.statusCode).toBe(400);
    expect((await t.db.select().from(users).where(eq(users.id, appraiser.id)))[0]!.twoFactorEnabled).toBe(false);

    const confirmed = await postIdentity(
      t.app,
      '/two-factor/verify-totp',
      { code: await codeNow(started.secret) },
      appraiser.cookie,
    );
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const cookie = cookieOf(confirmed);
    const answered = await t.app.inject({ method: 'GET', url: ADMIN_ROUTE, headers: { cookie } });
    expect(answered.statusCode, answered.body).toBe(200);
    const after = await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });
    expect(after.json()).toMatchObject({ twoFactorEnabled: true, mustEnrolSecondFactor: false });

    // Enrolled once: enabling again, reading the secret again or removing it is not for the browser.
    expect((await postIdentity(t.app, '/two-factor/enable', { password: 'correct-horse-battery' }, cookie)).statusCode).toBe(400);
    for (const path of ['/two-factor/get-totp-uri', '/two-factor/disable', '/two-factor/generate-backup-codes']) {
      const closed = await postIdentity(t.app, path, { password: 'correct-horse-battery' }, cookie);
      expect(closed.statusCode, path).toBe(403);
      expect(closed.json().message).toMatch(/reset-2fa/);
    }
    expect((await t.db.select().from(users).where(eq(users.id, appraiser.id)))[0]!.twoFactorEnabled).toBe(true);
  });

  it('signs an enrolled appraiser in with the password and then the code; the password alone opens nothing', async () => {
    const appraiser = await newAppraiser(t);
    const app = await enrolSecondFactor(t.app, appraiser.cookie);

    const ip = uniqueAddress();
    const first = await signIn(t.app, appraiser.email, undefined, ip);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ twoFactorRedirect: true });
    const pending = cookieOf(first);
    expect(pending).not.toMatch(/session_token=[^;]/);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: pending } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: ADMIN_ROUTE, headers: { cookie: pending } })).statusCode).toBe(401);

    const wrong = await postIdentity(t.app, '/two-factor/verify-totp', { code: await wrongCode(app.secret) }, pending, ip);
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toMatch(/That code is not right/);
    // "Trust this device" would skip the code for 30 days: not offered.
    const trusting = await postIdentity(
      t.app,
      '/two-factor/verify-totp',
      { code: await codeNow(app.secret), trustDevice: true },
      pending,
      ip,
    );
    expect(trusting.statusCode).toBe(400);

    const right = await postIdentity(t.app, '/two-factor/verify-totp', { code: await freshCode(app.secret) }, pending, ip);
    expect(right.statusCode, right.body).toBe(200);
    const cookie = cookieOf(right);
    expect((await t.app.inject({ method: 'GET', url: ADMIN_ROUTE, headers: { cookie } })).statusCode).toBe(200);
    // The challenge is spent: the same pending cookie cannot sign in a second time, whatever the code.
    const again = await postIdentity(t.app, '/two-factor/verify-totp', { code: await codeNow(app.secret) }, pending, ip);
    expect(again.statusCode).toBe(401);
    expect(again.json().message).toMatch(/This sign-in has expired or was already finished/);
  });

  describe('each code is accepted once (RFC 6238 section 5.2)', () => {
    const USED = /This code was already used; wait for the next one/;

    /** An appraiser whose enrolment used the code of `step`. */
    async function enrolledWith(step: number) {
      const appraiser = await newAppraiser(t);
      const started = await startEnrolment(t.app, appraiser.cookie);
      const confirmed = await postIdentity(
        t.app,
        '/two-factor/verify-totp',
        { code: await codeAt(started.secret, step) },
        appraiser.cookie,
      );
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      return { ...appraiser, secret: started.secret, cookie: cookieOf(confirmed) };
    }

    async function passwordStep(email: string) {
      const ip = uniqueAddress();
      const first = await signIn(t.app, email, undefined, ip);
      expect(first.json()).toMatchObject({ twoFactorRedirect: true });
      return (code: string) => postIdentity(t.app, '/two-factor/verify-totp', { code }, cookieOf(first), ip);
    }

    it('at sign-in: a code that signed in once is refused at the next sign-in; the next code signs in', async () => {
      const step = await aSteadyStep();
      const appraiser = await enrolledWith(step - 1);
      // The enrolment's own code cannot sign in afterwards either.
      const afterEnrolment = await (await passwordStep(appraiser.email))(await codeAt(appraiser.secret, step - 1));
      expect(afterEnrolment.statusCode).toBe(401);
      expect(afterEnrolment.json().message).toMatch(USED);

      const first = await (await passwordStep(appraiser.email))(await codeAt(appraiser.secret, step));
      expect(first.statusCode, first.body).toBe(200);
      const second = await passwordStep(appraiser.email);
      const replayed = await second(await codeAt(appraiser.secret, step));
      expect(replayed.statusCode).toBe(401);
      expect(replayed.json()).toMatchObject({ error: 'TOTP_CODE_ALREADY_USED', message: expect.stringMatching(USED) });
      expect(cookieOf(replayed)).not.toMatch(/session_token=[^;]/);
      // The refusal did not spend the sign-in: the next code finishes it.
      const next = await second(await codeAt(appraiser.secret, step + 1));
      expect(next.statusCode, next.body).toBe(200);
      expect((await t.app.inject({ method: 'GET', url: ADMIN_ROUTE, headers: { cookie: cookieOf(next) } })).statusCode).toBe(200);
    });

    it('at step-up: the code of the sign-in or of an earlier step-up is refused; the next code is accepted', async () => {
      const step = await aSteadyStep();
      const appraiser = await enrolledWith(step - 1);
      const reused = await stepUp(t.app, appraiser.cookie, appraiser.secret, await codeAt(appraiser.secret, step - 1));
      expect(reused.statusCode).toBe(400);
      expect(reused.json().message).toMatch(USED);
      const next = await stepUp(t.app, appraiser.cookie, appraiser.secret, await codeAt(appraiser.secret, step));
      expect(next.statusCode, next.body).toBe(204);
      const again = await stepUp(t.app, appraiser.cookie, appraiser.secret, await codeAt(appraiser.secret, step));
      expect(again.statusCode).toBe(400);
      expect(again.json().message).toMatch(USED);
      // An older code than the last one used is no better.
      const older = await stepUp(t.app, appraiser.cookie, appraiser.secret, await codeAt(appraiser.secret, step - 1));
      expect(older.json().message).toMatch(USED);
      expect((await stepUp(t.app, appraiser.cookie, appraiser.secret, await codeAt(appraiser.secret, step + 1))).statusCode).toBe(
        204,
      );
    });

    it('of two simultaneous uses of one code, one is accepted', async () => {
      const step = await aSteadyStep();
      const appraiser = await enrolledWith(step - 1);
      const code = await codeAt(appraiser.secret, step);
      const answers = await Promise.all([0, 1, 2].map(() => stepUp(t.app, appraiser.cookie, appraiser.secret, code)));
      expect(answers.map((a) => a.statusCode).sort()).toEqual([204, 400, 400]);
    });
  });

  it('lets a recovery code stand in for the app once', async () => {
    const appraiser = await newAppraiser(t);
    const app = await enrolSecondFactor(t.app, appraiser.cookie);
    const [recovery] = app.backupCodes;

    const withRecovery = async (code: string) => {
      const ip = uniqueAddress();
      const first = await signIn(t.app, appraiser.email, undefined, ip);
      expect(first.json()).toMatchObject({ twoFactorRedirect: true });
      return postIdentity(t.app, '/two-factor/verify-backup-code', { code }, cookieOf(first), ip);
    };
    const used = await withRecovery(recovery!);
    expect(used.statusCode, used.body).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: ADMIN_ROUTE, headers: { cookie: cookieOf(used) } })).statusCode).toBe(200);

    const reused = await withRecovery(recovery!);
    expect(reused.statusCode).toBe(401);
    expect(reused.json().message).toMatch(/already used/);
    expect((await withRecovery(app.backupCodes[1]!)).statusCode).toBe(200);
  });

  it('asks for a fresh code for each of the decisions that send money or clear people once 10 minutes have passed, and a step-up renews it', async () => {
    const appraiser = await newAppraiser(t);
    const app: Authenticator = await enrolSecondFactor(t.app, appraiser.cookie);
    // The first code of the enrolment proved the second factor for this session.
    const cookie = app.cookie;
    const rates = STEP_UP_ACTIONS[2];
    expect((await act(t, rates, cookie)).statusCode).toBe(200);

    clock.advance(STEP_UP_WINDOW_MS - MINUTE);
    expect((await act(t, rates, cookie)).statusCode).toBe(200);
    clock.advance(MINUTE);
    for (const action of STEP_UP_ACTIONS) {
      const refused = await act(t, action, cookie);
      expect(refused.statusCode, action.name).toBe(403);
      expect(refused.json(), action.name).toMatchObject({
        error: 'STEP_UP_REQUIRED',
        message: expect.stringMatching(STEP_UP_SENTENCE),
      });
    }
    // Other admin routes still answer: only the decisions that send money or clear people ask again.
    expect((await t.app.inject({ method: 'GET', url: ADMIN_ROUTE, headers: { cookie } })).statusCode).toBe(200);

    const wrong = await stepUp(t.app, cookie, app.secret, await wrongCode(app.secret));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toMatch(/That code is not right/);
    expect((await stepUp(t.app, cookie, app.secret, '12')).statusCode).toBe(400);
    expect((await act(t, rates, cookie)).statusCode).toBe(403);

    const proved = await stepUp(t.app, cookie, app.secret);
    expect(proved.statusCode, proved.body).toBe(204);
    for (const action of STEP_UP_ACTIONS) {
      const res = await act(t, action, cookie);
      // Past the guard: each decision now meets its own rules (no such record, nothing to batch...).
      expect(res.statusCode, `${action.name}: ${res.body}`).not.toBe(403);
    }
    clock.advance(STEP_UP_WINDOW_MS);
    expect((await act(t, rates, cookie)).statusCode).toBe(403);
  });

  it('a sign-in with the code proves the second factor for that session; rejecting and blocking need no step-up', async () => {
    const appraiser = await newAppraiser(t);
    const app = await enrolSecondFactor(t.app, appraiser.cookie);
    clock.advance(STEP_UP_WINDOW_MS);
    expect((await act(t, STEP_UP_ACTIONS[2], app.cookie)).statusCode).toBe(403);
    const reject = { ...STEP_UP_ACTIONS[0], payload: { approve: false, reason: 'The photo is unreadable.' } };
    expect((await act(t, reject as unknown as Action, app.cookie)).statusCode).not.toBe(403);
    const block = { ...STEP_UP_ACTIONS[1], payload: { decision: 'block', reason: 'Same name and date of birth.' } };
    expect((await act(t, block as unknown as Action, app.cookie)).statusCode).not.toBe(403);

    const cookie = await signInWithCode(t.app, appraiser.email, app.secret);
    expect((await act(t, STEP_UP_ACTIONS[2], cookie)).statusCode).toBe(200);
  });

  it('step-up is for appraisers with an authenticator: not for clients, nor before enrolment', async () => {
    const client = await signUp(t.app);
    const asClient = await stepUp(t.app, client.cookie, new Uint8Array(20), '123456');
    expect(asClient.statusCode).toBe(403);
    const appraiser = await newAppraiser(t);
    const notEnrolled = await stepUp(t.app, appraiser.cookie, new Uint8Array(20), '123456');
    expect(notEnrolled.statusCode).toBe(403);
    expect(notEnrolled.json().error).toBe('SECOND_FACTOR_REQUIRED');
  });

  it('an operator resets a lost authenticator: the person is signed out and enrols again', async () => {
    const appraiser = await newAppraiser(t);
    const app = await enrolSecondFactor(t.app, appraiser.cookie);
    expect(await resetSecondFactor(t.db, appraiser.email.toUpperCase())).toMatchObject({ hadSecondFactor: true });
    expect(await t.db.select().from(twoFactors).where(eq(twoFactors.userId, appraiser.id))).toHaveLength(0);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, appraiser.id))).toHaveLength(0);
    expect((await t.app.inject({ method: 'GET', url: ADMIN_ROUTE, headers: { cookie: app.cookie } })).statusCode).toBe(401);
    const signedIn = await signIn(t.app, appraiser.email, undefined, uniqueAddress());
    expect(signedIn.json()).not.toHaveProperty('twoFactorRedirect');
    const refused = await t.app.inject({ method: 'GET', url: ADMIN_ROUTE, headers: { cookie: cookieOf(signedIn) } });
    expect(refused.json().error).toBe('SECOND_FACTOR_REQUIRED');
    await expect(resetSecondFactor(t.db, 'nobody@assay.test')).rejects.toThrow(/No account uses the e-mail/);
  });
});

describe.each(engines)('staff second factor where it is optional (development, tests), on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());

  it('lets an appraiser without an authenticator in, and asks no step-up of them', async () => {
    expect(t.config.staffTwoFactor).toBe('optional');
    const appraiser = await newAppraiser(t);
    expect((await t.app.inject({ method: 'GET', url: ADMIN_ROUTE, headers: { cookie: appraiser.cookie } })).statusCode).toBe(200);
    for (const action of STEP_UP_ACTIONS) {
      expect((await act(t, action, appraiser.cookie)).statusCode, action.name).not.toBe(403);
    }
  });

  it('asks a step-up of an appraiser who enrolled anyway', async () => {
    const appraiser = await newAppraiser(t);
    const app = await enrolSecondFactor(t.app, appraiser.cookie);
    await t.db
      .update(sessions)
      .set({ secondFactorAt: new Date(Date.now() - STEP_UP_WINDOW_MS) })
      .where(eq(sessions.userId, appraiser.id));
    expect((await act(t, STEP_UP_ACTIONS[2], app.cookie)).json().error).toBe('STEP_UP_REQUIRED');
  });
});

describe.each(engines)('the demo admin in demo mode, on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, { STAFF_TWO_FACTOR: 'required' }, { demo: true });
    await seedDemoIfFresh(t.db, t.app.ctx.identity.auth, { encryptionKey: 'a'.repeat(64) });
  });
  afterAll(() => t.close());

  it('needs no authenticator and no step-up; any other appraiser still does', async () => {
    const signedIn = await signIn(t.app, demoAccounts.admin.email, demoAccounts.admin.password, uniqueAddress());
    expect(signedIn.statusCode).toBe(200);
    const cookie = cookieOf(signedIn);
    expect((await t.app.inject({ method: 'GET', url: ADMIN_ROUTE, headers: { cookie } })).statusCode).toBe(200);
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });
    expect(me.json()).toMatchObject({ isAdmin: true, mustEnrolSecondFactor: false });
    expect((await act(t, STEP_UP_ACTIONS[2], cookie)).statusCode).toBe(200);

    const other = await newAppraiser(t);
    const refused = await t.app.inject({ method: 'GET', url: ADMIN_ROUTE, headers: { cookie: other.cookie } });
    expect(refused.json().error).toBe('SECOND_FACTOR_REQUIRED');
  });

  it('is named in the start banner', () => {
    expect(describeDemoAccounts().join('\n')).toMatch(
      /the demo admin and second approver need no authenticator app \(demo only\)/,
    );
  });
});

describe('STAFF_TWO_FACTOR', () => {
  const dataDir = '/tmp/assay-second-factor-config';
  it('is required in production, and optional is refused there', () => {
    expect(loadConfig({ ...PRODUCTION_ENV, DATA_DIR: dataDir, SECRETS_DIR: `${dataDir}-secrets` }).staffTwoFactor).toBe(
      'required',
    );
    expect(() =>
      loadConfig({ ...PRODUCTION_ENV, DATA_DIR: dataDir, SECRETS_DIR: `${dataDir}-secrets`, STAFF_TWO_FACTOR: 'optional' }),
    ).toThrow(/STAFF_TWO_FACTOR=optional is refused in production/);
  });

  it('is optional elsewhere unless set, and refuses a value it does not know', () => {
    expect(loadConfig({ NODE_ENV: 'development', DATA_DIR: dataDir }).staffTwoFactor).toBe('optional');
    expect(loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, STAFF_TWO_FACTOR: 'required' }).staffTwoFactor).toBe('required');
    expect(() => loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, STAFF_TWO_FACTOR: 'sometimes' })).toThrow(/STAFF_TWO_FACTOR/);
  });
});
