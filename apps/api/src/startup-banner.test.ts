import { describe, expect, it } from 'vitest';
import { PRODUCTION_ENV } from '../test/support/production-env.ts';
import { demoModeFacts } from './boot.ts';
import { type Config, loadConfig } from './config/index.ts';
import { decideDemoMode } from './modules/demo/index.ts';
import { startupBanner, withoutCredentials } from './startup-banner.ts';

const PRODUCTION = {
  ...PRODUCTION_ENV,
  DATABASE_URL: 'postgres://assay:db-password@db.internal:5432/assay?sslmode=require&password=also-secret',
  STORAGE_DRIVER: 's3',
  S3_ENDPOINT: 'https://s3-user:s3-pass@minio.internal:9000',
  S3_BUCKET: 'assay-photos',
  S3_ACCESS_KEY_ID: 'AKIAEXAMPLEKEYID',
  S3_SECRET_ACCESS_KEY: 's3-secret-access-key',
  SMTP_URL: 'smtps://mailer:smtp-password@smtp.example.com:465',
  PRICE_FEED: 'metals-dev',
  PRICE_FEED_API_KEY: 'metals-api-key',
  PRICE_FEED_URL: 'https://feed-user:feed-pass@metals.example/v1?api_key=in-the-query',
  OIDC_ISSUER: 'https://login.example/realms/assay',
  OIDC_CLIENT_ID: 'assay-client',
  OIDC_CLIENT_SECRET: 'oidc-client-secret',
  TRUST_PROXY: '10.0.0.0/8',
};

const SECRETS = [
  'db-password',
  'redis-secret',
  'also-secret',
  's3-pass',
  'AKIAEXAMPLEKEYID',
  's3-secret-access-key',
  'smtp-password',
  'mailer',
  'metals-api-key',
  'feed-pass',
  'in-the-query',
  'oidc-client-secret',
  PRODUCTION_ENV.ENCRYPTION_KEY,
  PRODUCTION_ENV.SESSION_SECRET,
];

const demoModeOf = (config: Config) => decideDemoMode(demoModeFacts(config));

describe('startupBanner', () => {
  it('names PUBLIC_URL and every outside service of a production instance, and no secret', () => {
    const config = loadConfig({ ...PRODUCTION, REDIS_URL: 'redis://:redis-secret@cache.internal:6379/0' });
    const text = startupBanner({
      config,
      host: '0.0.0.0',
      port: 3000,
      demoMode: demoModeOf(config),
      secretsFile: undefined,
    }).join('\n');
    expect(text).toBe(
      [
        'Assay is running at https://assay.example',
        '  listening:  every network interface, port 3000',
        '  database:   PostgreSQL database "assay" on db.internal:5432',
        '  photos:     S3 bucket "assay-photos" at https://minio.internal:9000 (region us-east-1)',
        '  e-mail:     sent over SMTP via smtps://smtp.example.com:465, from Assay <no-reply@assay.example>',
        '  prices:     metals-dev at https://metals.example/v1, refreshed every 60 s',
        '  sign-in:    e-mail and password, and OpenID Connect at https://login.example/realms/assay',
        '  carrier:    sample (labels marked NOT VALID FOR POSTAGE)',
        '  redis:      route rate limits shared at redis://cache.internal:6379/0 (keys assay:*)',
        '  secrets:    from the environment',
        '  demo mode:  off (production)',
        '  proxies:    X-Forwarded-For believed from 10.0.0.0/8',
      ].join('\n'),
    );
    for (const secret of SECRETS) expect(text).not.toContain(secret);
  });

  it('warns when production runs on simulated prices', () => {
    const config = loadConfig({ ...PRODUCTION, PRICE_FEED: 'simulated' });
    const lines = startupBanner({ config, host: '0.0.0.0', port: 3000, demoMode: demoModeOf(config), secretsFile: undefined });
    expect(lines).toContain('  prices:     SIMULATED (PRICE_FEED=simulated)');
    expect(lines.at(-1)).toBe(
      '  WARNING: prices are simulated (PRICE_FEED=simulated): quotes and offers do not follow the market.',
    );
  });

  it('tells a newcomer in demo mode that only this machine can reach it, and where its secrets are', () => {
    const config = loadConfig({ DATA_DIR: '/tmp/assay-data' });
    const lines = startupBanner({
      config,
      host: '127.0.0.1',
      port: 3000,
      demoMode: demoModeOf(config),
      secretsFile: '/home/ann/.config/assay/secrets/f00.json',
    });
    expect(lines).toEqual([
      'Assay is running at http://localhost:3000',
      '  listening:  127.0.0.1:3000 only: set HOST=0.0.0.0 to open it to your network (the demo then needs DEMO_MODE=true)',
      '  database:   embedded PGlite in /tmp/assay-data',
      '  photos:     local folder /tmp/assay-data/photos',
      '  e-mail:     kept in the outbox table (set SMTP_URL to send)',
      '  prices:     simulated demo prices (set PRICE_FEED=gold-api for market prices)',
      '  sign-in:    e-mail and password',
      '  carrier:    sample (labels marked NOT VALID FOR POSTAGE)',
      '  redis:      none: route rate limits are counted per instance (set REDIS_URL to share them)',
      '  secrets:    generated, kept in /home/ann/.config/assay/secrets/f00.json (outside DATA_DIR)',
      '  demo mode:  on (fresh data folder on loopback): sample accounts with published passwords',
    ]);
  });

  it('says the demo is off, and why, on a fresh folder served to the network', () => {
    const config = loadConfig({ DATA_DIR: '/tmp/assay-data', HOST: '0.0.0.0' });
    const lines = startupBanner({ config, host: '0.0.0.0', port: 3000, demoMode: demoModeOf(config), secretsFile: undefined });
    expect(lines).toContain('  listening:  every network interface, port 3000');
    expect(lines).toContain('  demo mode:  off (HOST is not loopback; set DEMO_MODE=true to seed sample accounts)');
  });

  it('names the default address of a price feed and the socket of a local PostgreSQL', () => {
    const config = loadConfig({
      PRICE_FEED: 'gold-api',
      DATABASE_URL: 'postgresql:///assay?host=/var/run/postgresql&password=x',
      HOST: '192.168.1.5',
    });
    const text = startupBanner({
      config,
      host: '192.168.1.5',
      port: 8080,
      demoMode: demoModeOf(config),
      secretsFile: undefined,
    }).join('\n');
    expect(text).toContain('  listening:  192.168.1.5:8080');
    expect(text).toContain('  prices:     gold-api at https://api.gold-api.com, refreshed every 60 s');
    expect(text).toContain('  database:   PostgreSQL database "assay" on /var/run/postgresql');
    expect(text).toContain('  photos:     local folder');
  });
});

describe('withoutCredentials', () => {
  it('keeps scheme, host, port and path only', () => {
    expect(withoutCredentials('smtp://user:pass@mail.example:587')).toBe('smtp://mail.example:587');
    expect(withoutCredentials('https://api.example/v2/?key=k#frag')).toBe('https://api.example/v2/');
    expect(withoutCredentials('https://api.example/')).toBe('https://api.example');
    expect(withoutCredentials('not a url')).toBe('(not a URL)');
  });
});
