// The suite hashes passwords cheaply (test/support/test-app.ts); this file holds the line: production
// hashes with better-auth's own scrypt, and the cheap mode cannot be switched on outside tests.
import { hashPassword, verifyPassword } from 'better-auth/crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config/index.ts';
import { accounts } from '../../src/db/schema/index.ts';
import { passwordHasherFor } from '../../src/modules/users/password-hashing.ts';
import { DEFAULT_PASSWORD, signUp } from '../support/sessions.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const PRODUCTION_ENV = {
  NODE_ENV: 'production',
  SESSION_SECRET: 's'.repeat(40),
  ENCRYPTION_KEY: 'a'.repeat(64),
  PUBLIC_URL: 'https://assay.example',
  PRICE_FEED: 'simulated',
  BUSINESS_LEGAL_NAME: 'Assay Buyers LLC',
  BUSINESS_ADDRESS: 'Assay Buyers LLC, 1 Market Street, Wilmington, DE 19801',
  INSURER_NAME: 'Harbor Mutual Insurance',
};

describe('password hashing', () => {
  it('refuses the cheap hashes anywhere but NODE_ENV=test', () => {
    for (const env of [PRODUCTION_ENV, { NODE_ENV: 'development' }, {}]) {
      expect(() => loadConfig({ ...env, PASSWORD_HASHING: 'fast-for-tests-only' })).toThrow(ConfigError);
      expect(() => loadConfig({ ...env, PASSWORD_HASHING: 'fast-for-tests-only' })).toThrow(/allowed only with NODE_ENV=test/);
    }
    expect(loadConfig(PRODUCTION_ENV).passwordHashing).toBe('standard');
    expect(() => loadConfig({ ...PRODUCTION_ENV, PASSWORD_HASHING: 'md5' })).toThrow(/PASSWORD_HASHING/);
  });

  it("uses better-auth's own scrypt in standard mode", () => {
    expect(passwordHasherFor('standard')).toEqual({ hash: hashPassword, verify: verifyPassword });
  });

  it('tells a right password from a wrong one in the cheap mode, and never accepts a broken hash', async () => {
    const hasher = passwordHasherFor('fast-for-tests-only');
    const hash = await hasher.hash('Ünïcode pass 1');
    expect(hash).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
    expect(await hasher.hash('Ünïcode pass 1')).not.toBe(hash);
    expect(await hasher.verify({ hash, password: 'Ünïcode pass 1' })).toBe(true);
    // NFKC, as better-auth's: the same letters typed composed or decomposed are one password.
    expect(await hasher.verify({ hash, password: 'U\u0308nïcode pass 1' })).toBe(true);
    expect(await hasher.verify({ hash, password: 'Ünïcode pass 2' })).toBe(false);
    for (const broken of ['', 'no-colon', `${hash.split(':')[0]}:`, `${hash.split(':')[0]}:abcd`]) {
      expect(await hasher.verify({ hash: broken, password: 'Ünïcode pass 1' })).toBe(false);
    }
  });

  describe('in standard mode, as in production', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp('pglite', { PASSWORD_HASHING: 'standard' });
    });
    afterAll(() => t.close());

    it("stores better-auth's own scrypt hash, which its verifier accepts", async () => {
      const user = await signUp(t.app);
      const [account] = await t.db.select().from(accounts).where(eq(accounts.userId, user.id));
      expect(await verifyPassword({ hash: account!.password!, password: DEFAULT_PASSWORD })).toBe(true);
      expect(await verifyPassword({ hash: account!.password!, password: 'wrong-horse-battery' })).toBe(false);
      // The cheap verifier cannot read it: the two modes really are different hashes.
      expect(
        await passwordHasherFor('fast-for-tests-only').verify({ hash: account!.password!, password: DEFAULT_PASSWORD }),
      ).toBe(false);
    });
  });
});
