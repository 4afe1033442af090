import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, resolveSecrets } from './config.ts';

describe('loadConfig', () => {
  it('has working defaults for the embedded install', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.storage.driver).toBe('local');
    expect(config.priceFeed.provider).toBe('simulated');
    expect(config.priceFeed.refreshSeconds).toBe(60);
    expect(config.mail.smtpUrl).toBeUndefined();
    expect(path.isAbsolute(config.dataDir)).toBe(true);
  });

  it('reports every problem at once', () => {
    let error: unknown;
    try {
      loadConfig({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://nope',
        STORAGE_DRIVER: 's3',
        ADMIN_EMAILS: 'ok@assay.test, not-an-email',
        SESSION_SECRET: 'short',
      });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    expect(problems).toMatch(/PORT/);
    expect(problems).toMatch(/DATABASE_URL must start with postgres/);
    expect(problems).toMatch(/SESSION_SECRET must be at least 32 characters/);
    expect(problems).toMatch(/S3_BUCKET is required/);
    expect(problems).toMatch(/S3_ACCESS_KEY_ID is required/);
    expect(problems).toMatch(/ADMIN_EMAILS contains an invalid e-mail: not-an-email/);
  });

  it('demands real secrets in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/SESSION_SECRET is required in production/);
  });

  it('normalises ADMIN_EMAILS to lower case', () => {
    expect(loadConfig({ ADMIN_EMAILS: ' Boss@Assay.Test ,x@assay.test' }).adminEmails).toEqual(['boss@assay.test', 'x@assay.test']);
  });
});

describe('resolveSecrets', () => {
  it('generates secrets once and keeps them in the data folder', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'assay-secrets-'));
    const config = loadConfig({ DATA_DIR: dir });
    const first = resolveSecrets(config);
    const second = resolveSecrets(config);
    expect(first).toEqual(second);
    expect(first.sessionSecret.length).toBeGreaterThanOrEqual(32);
    expect(first.encryptionKey).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.parse(readFileSync(path.join(dir, 'secrets.json'), 'utf8'))).toEqual(first);
  });

  it('never writes secrets given in the environment to disk', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'assay-secrets-'));
    const given = 'x'.repeat(40);
    const secrets = resolveSecrets(loadConfig({ DATA_DIR: dir, SESSION_SECRET: given }));
    expect(secrets.sessionSecret).toBe(given);
    expect(readFileSync(path.join(dir, 'secrets.json'), 'utf8')).not.toContain(given);
  });
});
