import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PRODUCTION_ENV } from '../../test/support/production-env.ts';
import { ConfigError, loadConfig } from './index.ts';

/** The problems loadConfig reports for `env`, one per line. */
function problemsOf(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) return err.problems.join('\n');
    throw err;
  }
  return '';
}

const PRODUCTION = PRODUCTION_ENV;

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

  it('sends a payout above DUAL_APPROVAL_ABOVE dollars ($5,000 by default) to a second admin, exact to the cent', () => {
    expect(loadConfig({}).dualApprovalAboveCents).toBe(500_000);
    expect(loadConfig({ DUAL_APPROVAL_ABOVE: '7500.50' }).dualApprovalAboveCents).toBe(750_050);
    expect(loadConfig({ DUAL_APPROVAL_ABOVE: '0' }).dualApprovalAboveCents).toBe(0);
    for (const bad of ['5,000', '$5000', '-1', '1e4', '5000.001', 'lots']) {
      expect(problemsOf({ DUAL_APPROVAL_ABOVE: bad })).toBe(
        'DUAL_APPROVAL_ABOVE: DUAL_APPROVAL_ABOVE must be an amount in dollars, like 5000 or 7500.50 (no sign, commas or symbol)',
      );
    }
  });

  it('insures a parcel up to INSURED_LIMIT whole dollars (25000 by default), kept in cents', () => {
    expect(loadConfig({}).insuredLimitCents).toBe(2_500_000);
    expect(loadConfig({ INSURED_LIMIT: '5000' }).insuredLimitCents).toBe(500_000);
    expect(problemsOf({ INSURED_LIMIT: '12.5' })).toBe(
      'INSURED_LIMIT: INSURED_LIMIT must be a whole number of dollars, like 25000',
    );
    expect(problemsOf({ INSURED_LIMIT: '0' })).toBe('INSURED_LIMIT: INSURED_LIMIT must be at least 1 dollar');
  });

  it("locks a parcel's prices for LOCK_DAYS whole days from its first scan (7 by default, 1 to 60)", () => {
    expect(loadConfig({}).lockDays).toBe(7);
    expect(loadConfig({ LOCK_DAYS: '10' }).lockDays).toBe(10);
    expect(problemsOf({ LOCK_DAYS: '2.5' })).toBe('LOCK_DAYS: LOCK_DAYS must be a whole number of days, like 7');
    expect(problemsOf({ LOCK_DAYS: '0' })).toBe('LOCK_DAYS: LOCK_DAYS must be at least 1 day');
    expect(problemsOf({ LOCK_DAYS: '61' })).toBe('LOCK_DAYS: LOCK_DAYS must be at most 60 days');
  });

  it('guarantees a floor of GUARANTEE_FLOOR_PERCENT (90) of the quote low end, with GUARANTEE_GOODWILL_CENTS (2500) when missed', () => {
    expect(loadConfig({}).guarantee).toEqual({ floorPercent: 90, goodwillCents: 2_500 });
    const set = loadConfig({ GUARANTEE_FLOOR_PERCENT: '85', GUARANTEE_GOODWILL_CENTS: '5000' });
    expect(set.guarantee).toEqual({ floorPercent: 85, goodwillCents: 5_000 });
    expect(set.business.guarantee).toEqual(set.guarantee);
    expect(problemsOf({ GUARANTEE_FLOOR_PERCENT: '101' })).toBe(
      'GUARANTEE_FLOOR_PERCENT: GUARANTEE_FLOOR_PERCENT must be at most 100',
    );
    expect(problemsOf({ GUARANTEE_GOODWILL_CENTS: '-1' })).toBe(
      'GUARANTEE_GOODWILL_CENTS: GUARANTEE_GOODWILL_CENTS cannot be negative',
    );
  });

  it('keeps records RECORDS_RETENTION_YEARS (7) without a stored rule, never under RECORDS_RETENTION_MINIMUM_YEARS (3)', () => {
    expect(loadConfig({}).compliance.retention).toEqual({ defaultYears: 7, minimumYears: 3 });
    expect(loadConfig({ RECORDS_RETENTION_YEARS: '10', RECORDS_RETENTION_MINIMUM_YEARS: '5' }).compliance.retention).toEqual({
      defaultYears: 10,
      minimumYears: 5,
    });
    expect(problemsOf({ RECORDS_RETENTION_YEARS: '0' })).toBe(
      'RECORDS_RETENTION_YEARS: RECORDS_RETENTION_YEARS must be at least 1',
    );
    expect(problemsOf({ RECORDS_RETENTION_MINIMUM_YEARS: '2.5' })).toBe(
      'RECORDS_RETENTION_MINIMUM_YEARS: RECORDS_RETENTION_MINIMUM_YEARS must be a whole number of years',
    );
  });

  it('refuses PayPal deliveries older than PAYPAL_WEBHOOK_MAX_AGE_SECONDS (600 by default, 60 to 3600)', () => {
    const paypal = { PAYPAL_CLIENT_ID: 'id', PAYPAL_CLIENT_SECRET: 'secret', PAYPAL_WEBHOOK_ID: 'WH1' };
    expect(loadConfig(paypal).paypal?.webhookMaxAgeSeconds).toBe(600);
    expect(loadConfig({ ...paypal, PAYPAL_WEBHOOK_MAX_AGE_SECONDS: '300' }).paypal?.webhookMaxAgeSeconds).toBe(300);
    expect(problemsOf({ PAYPAL_WEBHOOK_MAX_AGE_SECONDS: '86400' })).toBe(
      'PAYPAL_WEBHOOK_MAX_AGE_SECONDS: PAYPAL_WEBHOOK_MAX_AGE_SECONDS must be at most 3600 (a longer window lets a captured delivery be replayed)',
    );
    expect(problemsOf({ PAYPAL_WEBHOOK_MAX_AGE_SECONDS: 'ten minutes' })).toBe(
      'PAYPAL_WEBHOOK_MAX_AGE_SECONDS: PAYPAL_WEBHOOK_MAX_AGE_SECONDS must be a whole number of seconds, like 600',
    );
  });

  it('bounds the drain on SIGTERM by SHUTDOWN_TIMEOUT_SECONDS (25 by default), kept in milliseconds', () => {
    expect(loadConfig({}).shutdownTimeoutMs).toBe(25_000);
    expect(loadConfig({ SHUTDOWN_TIMEOUT_SECONDS: '8' }).shutdownTimeoutMs).toBe(8_000);
    expect(problemsOf({ SHUTDOWN_TIMEOUT_SECONDS: '2.5' })).toBe(
      'SHUTDOWN_TIMEOUT_SECONDS: SHUTDOWN_TIMEOUT_SECONDS must be a whole number of seconds, like 25',
    );
    expect(problemsOf({ SHUTDOWN_TIMEOUT_SECONDS: 'soon' })).toBe(
      'SHUTDOWN_TIMEOUT_SECONDS: SHUTDOWN_TIMEOUT_SECONDS must be a whole number of seconds, like 25',
    );
    expect(problemsOf({ SHUTDOWN_TIMEOUT_SECONDS: '0' })).toBe(
      'SHUTDOWN_TIMEOUT_SECONDS: SHUTDOWN_TIMEOUT_SECONDS must be at least 1',
    );
  });

  it("keeps the business's time zone and the vault's state for the compliance rules", () => {
    expect(loadConfig({}).compliance).toMatchObject({ timeZone: 'America/New_York', vaultState: 'DE' });
    expect(
      loadConfig({ BUSINESS_TIME_ZONE: 'America/Los_Angeles', RECEIVING_ADDRESS: 'Vault, 1 Main St, Miami, FL 33101' })
        .compliance,
    ).toMatchObject({ timeZone: 'America/Los_Angeles', vaultState: 'FL' });
    expect(problemsOf({ BUSINESS_TIME_ZONE: 'Mars/Olympus' })).toBe(
      'BUSINESS_TIME_ZONE: BUSINESS_TIME_ZONE must be an IANA time zone such as America/New_York',
    );
  });

  it('refuses, in production, what several instances cannot share', () => {
    const several = { ...PRODUCTION, INSTANCES: '3', STORAGE_DRIVER: 'local', DATABASE_URL: '', REDIS_URL: '' };
    expect(problemsOf(several).split('\n')).toEqual(
      expect.arrayContaining([
        'STORAGE_DRIVER: STORAGE_DRIVER=s3 is required in production with INSTANCES=3, because each instance would keep its own photos on its own disk',
        'DATABASE_URL: DATABASE_URL is required in production with INSTANCES=3, because each instance would keep its own embedded database',
        'REDIS_URL: REDIS_URL is required in production with INSTANCES=3, because each instance would keep its own rate limits',
      ]),
    );
    // One instance may keep photos on its disk; outside production nothing is refused.
    expect(problemsOf({ ...PRODUCTION, INSTANCES: '1', STORAGE_DRIVER: 'local' })).not.toMatch(/STORAGE_DRIVER/);
    expect(loadConfig({ INSTANCES: '3' }).instances).toBe(3);
    expect(problemsOf({ INSTANCES: '0' })).toBe('INSTANCES: INSTANCES must be at least 1');
  });

  it('runs the jobs in the server unless BACKGROUND_JOBS=worker, which needs PostgreSQL', () => {
    expect(loadConfig({}).jobsInProcess).toBe(true);
    expect(loadConfig({ BACKGROUND_JOBS: 'worker', DATABASE_URL: 'postgres://db/assay' }).jobsInProcess).toBe(false);
    expect(problemsOf({ BACKGROUND_JOBS: 'worker' })).toMatch(/^BACKGROUND_JOBS: BACKGROUND_JOBS=worker needs DATABASE_URL/);
    expect(problemsOf({ BACKGROUND_JOBS: 'elsewhere' })).toBe('BACKGROUND_JOBS: BACKGROUND_JOBS must be in-process or worker');
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

  it('demands an https PUBLIC_URL and a chosen price feed in production, all at once', () => {
    const missing = problemsOf({ NODE_ENV: 'production' });
    expect(missing).toMatch(/SESSION_SECRET is required in production/);
    expect(missing).toMatch(/ENCRYPTION_KEY is required in production/);
    expect(missing).toMatch(/PUBLIC_URL is required in production/);
    expect(missing).toMatch(/PRICE_FEED is required in production: gold-api or metals-dev .* or PRICE_FEED=simulated/);
    expect(problemsOf({ ...PRODUCTION, PUBLIC_URL: 'http://assay.example' })).toMatch(
      /PUBLIC_URL must start with https:\/\/ in production/,
    );
    expect(loadConfig(PRODUCTION).publicUrl).toBe('https://assay.example');
  });

  it('runs production on simulated prices only when PRICE_FEED=simulated is set on purpose', () => {
    const { PRICE_FEED: _, ...withoutFeed } = PRODUCTION;
    expect(problemsOf(withoutFeed)).toMatch(/PRICE_FEED is required in production/);
    expect(loadConfig({ ...withoutFeed, PRICE_FEED: 'simulated' }).priceFeed.provider).toBe('simulated');
    // Outside production the simulated feed stays the default.
    expect(loadConfig({}).priceFeed.provider).toBe('simulated');
  });

  it('leaves HOST unset unless given, for boot.ts to choose by mode', () => {
    expect(loadConfig({}).host).toBeUndefined();
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
  });

  it('reads previous encryption keys, and never repeats a malformed one', () => {
    const keys = loadConfig({
      ENCRYPTION_KEYS_PREVIOUS: ` ${'A'.repeat(64)} ,${'b'.repeat(64)},${'a'.repeat(64)}`,
    }).previousEncryptionKeys;
    expect(keys).toEqual(['a'.repeat(64), 'b'.repeat(64)]);
    expect(loadConfig({}).previousEncryptionKeys).toEqual([]);
    const secretLooking = `${'d'.repeat(64)},${'e'.repeat(63)}`;
    const problems = problemsOf({ ENCRYPTION_KEYS_PREVIOUS: secretLooking });
    expect(problems).toMatch(/ENCRYPTION_KEYS_PREVIOUS must be keys of 64 hex characters/);
    expect(problems).not.toContain('d'.repeat(64));
    expect(problems).not.toContain('e'.repeat(63));
  });

  it('keeps generated secrets in the user config folder by default, never inside DATA_DIR', () => {
    expect(loadConfig({ DATA_DIR: '/srv/assay/data', XDG_CONFIG_HOME: '/home/ann/.cfg' }).secretsDir).toBe(
      '/home/ann/.cfg/assay/secrets',
    );
    expect(loadConfig({ DATA_DIR: '/srv/assay/data', HOME: '/home/ann' }).secretsDir).toBe('/home/ann/.config/assay/secrets');
    expect(loadConfig({ DATA_DIR: '/srv/assay/data', SECRETS_DIR: '/etc/assay' }).secretsDir).toBe('/etc/assay');
    expect(problemsOf({ DATA_DIR: '/srv/assay/data', SECRETS_DIR: '/srv/assay/data/keys' })).toMatch(
      /SECRETS_DIR: .*inside DATA_DIR .*set SECRETS_DIR to a folder outside DATA_DIR/,
    );
    expect(problemsOf({ DATA_DIR: '/srv/assay/data', SECRETS_DIR: '/srv/assay/data' })).toMatch(/inside DATA_DIR/);
    expect(problemsOf({ DATA_DIR: '/home/ann/.config', HOME: '/home/ann' })).toMatch(/inside DATA_DIR/);
    // A neighbour whose name merely starts the same is outside.
    expect(loadConfig({ DATA_DIR: '/srv/assay/data', SECRETS_DIR: '/srv/assay/data-keys' }).secretsDir).toBe(
      '/srv/assay/data-keys',
    );
  });

  it('normalises ADMIN_EMAILS to lower case', () => {
    expect(loadConfig({ ADMIN_EMAILS: ' Boss@Assay.Test ,x@assay.test' }).adminEmails).toEqual([
      'boss@assay.test',
      'x@assay.test',
    ]);
  });
  describe('carrier', () => {
    it('uses the sample carrier unless CARRIER says otherwise', () => {
      expect(loadConfig({}).carrier).toEqual({ provider: 'sample', easypost: undefined });
      expect(problemsOf({ CARRIER: 'fedex' })).toMatch(/^CARRIER: /);
    });

    it('reads the EasyPost settings, with USPS and the real API as defaults', () => {
      expect(loadConfig({ CARRIER: 'easypost', EASYPOST_API_KEY: 'EZAK123' }).carrier).toEqual({
        provider: 'easypost',
        easypost: { apiKey: 'EZAK123', webhookSecret: undefined, baseUrl: undefined, carrier: 'USPS', service: undefined },
      });
      const custom = loadConfig({
        CARRIER: 'easypost',
        EASYPOST_API_KEY: 'EZAK123',
        EASYPOST_WEBHOOK_SECRET: 'whsec',
        EASYPOST_BASE_URL: 'http://127.0.0.1:9999',
        EASYPOST_CARRIER: 'UPS',
        EASYPOST_SERVICE: 'Ground',
      }).carrier.easypost;
      expect(custom).toEqual({
        apiKey: 'EZAK123',
        webhookSecret: 'whsec',
        baseUrl: 'http://127.0.0.1:9999',
        carrier: 'UPS',
        service: 'Ground',
      });
      expect(problemsOf({ CARRIER: 'easypost', EASYPOST_API_KEY: 'k', EASYPOST_BASE_URL: 'api.easypost.com' })).toBe(
        'EASYPOST_BASE_URL: EASYPOST_BASE_URL must be a URL',
      );
    });

    it('refuses CARRIER=easypost without its key anywhere, and without the webhook secret in production', () => {
      expect(problemsOf({ CARRIER: 'easypost' })).toBe(
        'EASYPOST_API_KEY: EASYPOST_API_KEY is required when CARRIER=easypost (the API key from the EasyPost dashboard)',
      );
      const production = problemsOf({ ...PRODUCTION, CARRIER: 'easypost' });
      expect(production).toBe(
        'EASYPOST_API_KEY: EASYPOST_API_KEY is required when CARRIER=easypost (the API key from the EasyPost dashboard)\n' +
          'EASYPOST_WEBHOOK_SECRET: EASYPOST_WEBHOOK_SECRET is required in production when CARRIER=easypost ' +
          '(the secret of the EasyPost webhook, so that tracking events can be verified)',
      );
      expect(problemsOf({ ...PRODUCTION, CARRIER: 'easypost', EASYPOST_API_KEY: 'EZAK1', EASYPOST_WEBHOOK_SECRET: 's' })).toBe(
        '',
      );
      // The key must not travel in clear to a stand-in left configured in production.
      expect(
        problemsOf({
          ...PRODUCTION,
          CARRIER: 'easypost',
          EASYPOST_API_KEY: 'EZAK1',
          EASYPOST_WEBHOOK_SECRET: 's',
          EASYPOST_BASE_URL: 'http://easypost.internal',
        }),
      ).toBe('EASYPOST_BASE_URL: EASYPOST_BASE_URL must start with https:// in production, as the API key is sent to it');
      // The sample carrier needs none of them, in production too.
      expect(problemsOf(PRODUCTION)).toBe('');
    });
  });

  describe('business identity', () => {
    it('refuses to start in production without the legal name, address and insurer, in sentences', () => {
      const { BUSINESS_LEGAL_NAME: _n, BUSINESS_ADDRESS: _a, INSURER_NAME: _i, ...withoutIdentity } = PRODUCTION;
      const problems = problemsOf(withoutIdentity);
      expect(problems).toMatch(/BUSINESS_LEGAL_NAME: BUSINESS_LEGAL_NAME is required in production/);
      expect(problems).toMatch(/BUSINESS_ADDRESS: BUSINESS_ADDRESS is required in production/);
      expect(problems).toMatch(/INSURER_NAME: INSURER_NAME is required in production/);
      expect(problemsOf(PRODUCTION)).toBe('');
    });

    it('serves the configured identity in production, not marked as an example and without example entries', () => {
      const config = loadConfig({ ...PRODUCTION, INSURED_LIMIT: '30000' });
      expect(config.business).toEqual({
        legalName: 'Assay Buyers LLC',
        address: 'Assay Buyers LLC, 1 Market Street, Wilmington, DE 19801',
        licences: [],
        insurer: 'Harbor Mutual Insurance',
        insuredLimitCents: 3_000_000,
        appraisers: [],
        guarantee: { floorPercent: 90, goodwillCents: 2_500 },
        example: false,
      });
      expect(config.insuredLimitCents).toBe(3_000_000);
    });

    it('reads licences and appraisers as lists', () => {
      const config = loadConfig({
        BUSINESS_LEGAL_NAME: 'Assay Buyers LLC',
        BUSINESS_LICENCES: 'Delaware Division of Revenue: 2019-0001; NYC DCWP: 2091234',
        APPRAISERS: 'Dana Reyes, GIA Graduate Gemologist; Lee Park, ASA Accredited Senior Appraiser',
      });
      expect(config.business.licences).toEqual([
        { authority: 'Delaware Division of Revenue', number: '2019-0001' },
        { authority: 'NYC DCWP', number: '2091234' },
      ]);
      expect(config.business.appraisers).toEqual([
        { name: 'Dana Reyes', credential: 'GIA Graduate Gemologist' },
        { name: 'Lee Park', credential: 'ASA Accredited Senior Appraiser' },
      ]);
      expect(config.business.example).toBe(false);
    });

    it('marks every default as an example in demo mode and development', () => {
      for (const env of [{ DEMO_MODE: 'true' }, { NODE_ENV: 'development' }]) {
        const { business, insuredLimitCents } = loadConfig(env);
        expect(business.example).toBe(true);
        expect(insuredLimitCents).toBe(2_500_000);
        expect(business.legalName).toMatch(/^Example .*\(example\)$/);
        expect(business.address).toMatch(/\(example\)/);
        expect(business.insurer).toMatch(/\(example\)$/);
        expect(business.licences.length).toBeGreaterThan(0);
        for (const licence of business.licences) expect(licence.number).toMatch(/\(example\)$/);
        expect(business.appraisers.length).toBeGreaterThan(0);
        for (const appraiser of business.appraisers) expect(appraiser.credential).toMatch(/\(example\)$/);
      }
    });

    it('refuses malformed identity values with a sentence each', () => {
      const problems = problemsOf({
        BUSINESS_ADDRESS: '1 Market Street',
        BUSINESS_LICENCES: 'no number here',
        APPRAISERS: 'Only A Name',
        INSURED_LIMIT: '12.5',
      });
      expect(problems).toMatch(/BUSINESS_ADDRESS must read "Name, Street, \[Suite,\] City, ST 12345"/);
      expect(problems).toMatch(/BUSINESS_LICENCES must read "Authority: number"/);
      expect(problems).toMatch(/APPRAISERS must read "Name, credential"/);
      expect(problems).toMatch(/INSURED_LIMIT must be a whole number of dollars/);
    });
  });

  describe('ACH settings', () => {
    const ACH = {
      ACH_COMPANY_NAME: 'ASSAY BUYERS',
      ACH_COMPANY_ID: '1234567890',
      ACH_ODFI_ROUTING: '091000019',
      ACH_ORIGIN_NAME: 'ASSAY BUYERS LLC',
      ACH_DESTINATION_NAME: 'WELLS FARGO BANK',
    };

    it('reads the settings as given, with PAYOUT as the entry description by default', () => {
      expect(loadConfig({ ...PRODUCTION, ...ACH }).ach).toEqual({
        settings: {
          companyName: 'ASSAY BUYERS',
          companyId: '1234567890',
          odfiRouting: '091000019',
          originName: 'ASSAY BUYERS LLC',
          destinationName: 'WELLS FARGO BANK',
          entryDescription: 'PAYOUT',
        },
        missing: [],
        example: false,
      });
      expect(loadConfig({ ...ACH, ACH_ENTRY_DESCRIPTION: 'GOLD SALE' }).ach.settings?.entryDescription).toBe('GOLD SALE');
    });

    it('starts in production without them, holding no settings and naming what is missing', () => {
      expect(problemsOf(PRODUCTION)).toBe('');
      const { ACH_ODFI_ROUTING: _r, ...withoutRouting } = ACH;
      expect(loadConfig({ ...PRODUCTION, ...withoutRouting }).ach).toEqual({
        settings: null,
        missing: ['ACH_ODFI_ROUTING'],
        example: false,
      });
    });

    it('fills each unset one with a marked example outside production', () => {
      const { ach } = loadConfig({ NODE_ENV: 'development', ACH_COMPANY_NAME: 'ASSAY BUYERS' });
      expect(ach.example).toBe(true);
      expect(ach.missing).toEqual(['ACH_COMPANY_ID', 'ACH_ODFI_ROUTING', 'ACH_ORIGIN_NAME', 'ACH_DESTINATION_NAME']);
      expect(ach.settings).toMatchObject({
        companyName: 'ASSAY BUYERS',
        companyId: 'EXAMPLE000',
        originName: expect.stringMatching(/^EXAMPLE /),
        destinationName: expect.stringMatching(/^EXAMPLE /),
      });
      expect(loadConfig({ ...ACH }).ach.example).toBe(false);
    });

    it('refuses values that do not fit their Nacha field, with a sentence each', () => {
      const problems = problemsOf({
        ACH_COMPANY_NAME: 'ASSAY PRECIOUS METALS BUYERS',
        ACH_COMPANY_ID: '12345',
        ACH_ODFI_ROUTING: '091000018',
        ACH_ORIGIN_NAME: 'Assay Müller',
        ACH_DESTINATION_NAME: 'A BANK WHOSE NAME IS FAR TOO LONG',
        ACH_ENTRY_DESCRIPTION: 'PRECIOUS METALS',
      });
      expect(problems).toMatch(/ACH_COMPANY_NAME must be at most 16 characters/);
      expect(problems).toMatch(/ACH_COMPANY_ID must be exactly 10 letters or digits/);
      expect(problems).toMatch(/ACH_ODFI_ROUTING must be the company bank's 9-digit routing number, with a valid check digit/);
      expect(problems).toMatch(/ACH_ORIGIN_NAME must be plain ASCII/);
      expect(problems).toMatch(/ACH_DESTINATION_NAME must be at most 23 characters/);
      expect(problems).toMatch(/ACH_ENTRY_DESCRIPTION must be at most 10 characters/);
    });
  });
});
