// Two simultaneous "set up an authenticator" requests for one person (a double click, two tabs, two
// instances): better-auth's enable looks for the person's row and then inserts or overwrites it, so
// both inserted (the unique index answered the loser with a 500) or both overwrote (two different
// QR codes, one of them dead). One wins; the other hears 409 with a sentence.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { twoFactors, users } from '../../src/db/schema/index.ts';
import { changeAdminRole } from '../../src/modules/users/users.service.ts';
import { codeNow, postIdentity, secretOf } from '../support/second-factor.ts';
import { DEFAULT_PASSWORD, signUp } from '../support/sessions.ts';
import { createTestApp, engines, type TestApp } from '../support/test-app.ts';

const ROUNDS = 20;

describe.each(engines)('two simultaneous enrolments of one person, on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    // The standard password hash, as in production: the enable checks the password after taking the
    // lease, and with the tests' instant hash a fast database could finish one request before the
    // other began (two 200s that never met, as two clicks a second apart rightly get).
    t = await createTestApp(engine, { STAFF_TWO_FACTOR: 'required', PASSWORD_HASHING: 'standard' });
  }, 180_000);
  afterAll(() => t.close());

  it(`answer one winner and a 409 sentence, never a 500, over ${ROUNDS} rounds`, async () => {
    const appraiser = await signUp(t.app);
    await changeAdminRole(t.db, appraiser.email, true);
    const enable = () => postIdentity(t.app, '/two-factor/enable', { password: DEFAULT_PASSWORD }, appraiser.cookie);
    const statuses: number[] = [];
    let winnersURI = '';
    // The first round races two inserts; the later ones two overwrites of the unconfirmed set-up.
    for (let round = 0; round < ROUNDS; round++) {
      const answers = await Promise.all([enable(), enable()]);
      statuses.push(...answers.map((a) => a.statusCode));
      const won = answers.filter((a) => a.statusCode === 200);
      expect(won, answers.map((a) => a.body).join('\n')).toHaveLength(1);
      winnersURI = won[0]!.json().totpURI;
      const lost = answers.find((a) => a.statusCode !== 200)!;
      expect(lost.statusCode, lost.body).toBe(409);
      expect(lost.json()).toMatchObject({ error: 'CONFLICT', message: expect.stringMatching(/already being set up/) });
      expect(await t.db.select().from(twoFactors).where(eq(twoFactors.userId, appraiser.id))).toHaveLength(1);
    }
    expect(statuses.filter((s) => s >= 500)).toEqual([]);

    // The QR code the winner showed is the one stored, and the lease does not outlive the race.
    const confirmed = await postIdentity(
      t.app,
      '/two-factor/verify-totp',
      { code: await codeNow(secretOf(winnersURI)) },
      appraiser.cookie,
    );
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect((await t.db.select().from(users).where(eq(users.id, appraiser.id)))[0]!.twoFactorEnabled).toBe(true);
  }, 120_000);

  it('lets the same person start again once the first set-up has answered, even after a wrong password', async () => {
    const appraiser = await signUp(t.app);
    await changeAdminRole(t.db, appraiser.email, true);
    const wrong = await postIdentity(t.app, '/two-factor/enable', { password: 'not-the-password-at-all' }, appraiser.cookie);
    expect(wrong.statusCode).toBe(400);
    for (let i = 0; i < 2; i++) {
      const again = await postIdentity(t.app, '/two-factor/enable', { password: DEFAULT_PASSWORD }, appraiser.cookie);
      expect(again.statusCode, again.body).toBe(200);
    }
  });
});
