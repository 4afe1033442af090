// The only reader of process.env: every setting is validated once at start, and every problem is
// reported together so an operator fixes the whole environment in one go.
// Each concern's variables live in a file of their own (server.ts, database.ts, ...); this file
// reads them as one schema, adds the rules across them, and shapes the configuration the app uses.
import path from 'node:path';
import { buildBusinessIdentity, EXAMPLE_BUSINESS, parseOneLineAddress } from '@assay/domain';
import { z } from 'zod';
import { achEnv, achSettings } from './ach.ts';
import { businessEnv } from './business.ts';
import { carrierEnv, carrierSettings, easyPostProblems } from './carrier.ts';
import { complianceEnv } from './compliance.ts';
import { databaseEnv } from './database.ts';
import { type RawEnv, splitList } from './env.ts';
import { mailEnv } from './mail.ts';
import { payPalProblems, payPalSettings, paypalEnv } from './paypal.ts';
import { payoutsEnv } from './payouts.ts';
import { priceFeedEnv } from './price-feed.ts';
import { defaultSecretsDir, secretsLocationProblems, securityEnv } from './security.ts';
import { allowedOrigins, serverEnv } from './server.ts';
import { storageEnv, storageSettings } from './storage.ts';

// Problems are listed in this order: by concern.
const envSchema = z.object({
  ...serverEnv,
  ...databaseEnv,
  ...securityEnv,
  ...storageEnv,
  ...mailEnv,
  ...priceFeedEnv,
  ...businessEnv,
  ...carrierEnv,
  ...paypalEnv,
  ...complianceEnv,
  ...payoutsEnv,
  ...achEnv,
});

/** Every setting Assay reads from the environment (.env.example lists each: env-example.test.ts). */
export const settingNames: readonly string[] = Object.keys(envSchema.shape);

/**
 * Rules across several variables. They read the raw strings, so they are reported together with
 * any malformed single variable instead of only after those are fixed.
 */
function crossFieldProblems(raw: RawEnv): string[] {
  const v = (key: string) => (raw[key]?.trim() ? raw[key]!.trim() : undefined);
  const problems: string[] = [];
  // A worker opens the same database beside the servers; the embedded one is open in one process only.
  if (v('BACKGROUND_JOBS') === 'worker' && !v('DATABASE_URL')) {
    problems.push(
      'BACKGROUND_JOBS: BACKGROUND_JOBS=worker needs DATABASE_URL: `npm run worker` runs on PostgreSQL only, ' +
        'so on the embedded database the server runs the jobs itself (leave BACKGROUND_JOBS unset)',
    );
  }
  if (v('NODE_ENV') === 'production') {
    if (!v('SESSION_SECRET')) problems.push('SESSION_SECRET: SESSION_SECRET is required in production');
    if (!v('ENCRYPTION_KEY')) problems.push('ENCRYPTION_KEY: ENCRYPTION_KEY is required in production');
    const publicUrl = v('PUBLIC_URL');
    if (!publicUrl) problems.push('PUBLIC_URL: PUBLIC_URL is required in production (the https:// address people open)');
    else if (!publicUrl.toLowerCase().startsWith('https://')) {
      problems.push(
        'PUBLIC_URL: PUBLIC_URL must start with https:// in production, so that session cookies are only sent encrypted',
      );
    }
    // Simulated prices are the demo's default; a production buyer quoting them must have chosen to.
    if (!v('PRICE_FEED')) {
      problems.push(
        'PRICE_FEED: PRICE_FEED is required in production: gold-api or metals-dev for market prices, ' +
          'or PRICE_FEED=simulated to run on simulated prices on purpose',
      );
    }
    if (v('DEMO_MODE') === 'true' || v('DEMO_MODE') === '1')
      problems.push('DEMO_MODE: DEMO_MODE cannot be enabled in production');
    // Appraisers move money and read identities: in production their second factor is not a choice.
    if (v('STAFF_TWO_FACTOR') === 'optional') {
      problems.push(
        'STAFF_TWO_FACTOR: STAFF_TWO_FACTOR=optional is refused in production: appraisers must use an authenticator app',
      );
    }
    // Several instances share nothing in memory or on a local disk (DECISIONS "Running several instances").
    const instances = Number(v('INSTANCES') ?? '1');
    if (instances > 1) {
      const why = `with INSTANCES=${instances}, because each instance would keep its own`;
      if (v('STORAGE_DRIVER') !== 's3') {
        problems.push(`STORAGE_DRIVER: STORAGE_DRIVER=s3 is required in production ${why} photos on its own disk`);
      }
      if (!v('DATABASE_URL')) problems.push(`DATABASE_URL: DATABASE_URL is required in production ${why} embedded database`);
      if (!v('REDIS_URL')) problems.push(`REDIS_URL: REDIS_URL is required in production ${why} rate limits`);
    }
    // Sellers send valuables to this business: production names the real one, never the example.
    for (const [key, what] of [
      ['BUSINESS_LEGAL_NAME', 'the legal name sellers deal with'],
      ['BUSINESS_ADDRESS', 'the business address, "Name, Street, [Suite,] City, ST 12345"'],
      ['INSURER_NAME', 'who insures the parcels'],
    ] as const) {
      if (!v(key)) problems.push(`${key}: ${key} is required in production (${what})`);
    }
  }
  // Cheap hashes make stolen password hashes cheap to crack: only the test suite may ask for them.
  if (v('PASSWORD_HASHING') === 'fast-for-tests-only' && v('NODE_ENV') !== 'test') {
    problems.push('PASSWORD_HASHING: PASSWORD_HASHING=fast-for-tests-only is allowed only with NODE_ENV=test');
  }
  if (v('STORAGE_DRIVER') === 's3') {
    for (const key of ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY']) {
      if (!v(key)) problems.push(`${key}: ${key} is required when STORAGE_DRIVER=s3`);
    }
  }
  if (v('CARRIER') === 'easypost') problems.push(...easyPostProblems(v, v('NODE_ENV') === 'production'));
  problems.push(...payPalProblems(v, v('NODE_ENV') === 'production'));
  const feed = v('PRICE_FEED');
  if (feed === 'metals-dev' && !v('PRICE_FEED_API_KEY')) {
    problems.push(`PRICE_FEED_API_KEY: PRICE_FEED_API_KEY is required when PRICE_FEED=${feed}`);
  }
  const oidc = ['OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET'].filter((k) => v(k)).length;
  if (oidc > 0 && oidc < 3) problems.push('OIDC_ISSUER: OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET must be set together');
  for (const email of splitList(v('ADMIN_EMAILS') ?? '')) {
    if (!z.email().safeParse(email).success) problems.push(`ADMIN_EMAILS: ADMIN_EMAILS contains an invalid e-mail: ${email}`);
  }
  return problems;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

export type Config = ReturnType<typeof loadConfig>;

export function loadConfig(env: RawEnv = process.env) {
  const parsed = envSchema.safeParse(env);
  const dataDir = parsed.success ? path.resolve(parsed.data.DATA_DIR) : '';
  const secretsDir = parsed.success ? path.resolve(parsed.data.SECRETS_DIR ?? defaultSecretsDir(parsed.data)) : '';
  const problems = [
    ...(parsed.success ? [] : parsed.error.issues.map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message))),
    ...crossFieldProblems(env),
    ...(parsed.success ? secretsLocationProblems(dataDir, secretsDir) : []),
  ];
  if (!parsed.success || problems.length > 0) throw new ConfigError(problems);
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  return {
    env: e.NODE_ENV,
    production,
    /** Unset: modules/demo/demo-mode.ts decideDemoMode picks (loopback for the embedded default). */
    host: e.HOST,
    port: e.PORT,
    /** SHUTDOWN_TIMEOUT_SECONDS: the whole drain on SIGTERM (lib/graceful-shutdown.ts), server and worker. */
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_SECONDS * 1000,
    publicUrl: e.PUBLIC_URL ?? `http://localhost:${e.PORT}`,
    /**
     * Origins whose browsers may change state (sign-in, forms, uploads). PUBLIC_URL's origin always;
     * outside production also the loopback names a newcomer types (localhost and 127.0.0.1).
     */
    allowedOrigins: allowedOrigins(e.PUBLIC_URL, e.PORT, production),
    /** Addresses (IPs or CIDRs, comma-separated) of the load balancers whose X-Forwarded-For is believed. */
    trustProxy: e.TRUST_PROXY,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    /** Which thread the embedded database runs on (PGLITE_THREAD); unused with DATABASE_URL. */
    pgliteThread: e.PGLITE_THREAD,
    /** Route rate limits count in Redis when set (several instances), in each instance's memory otherwise. */
    redis: { url: e.REDIS_URL, keyPrefix: e.REDIS_KEY_PREFIX },
    /** The instances declared (INSTANCES); production refuses what several cannot share. */
    instances: e.INSTANCES,
    /** False when `npm run worker` processes run the jobs and this server only serves (BACKGROUND_JOBS=worker). */
    jobsInProcess: e.BACKGROUND_JOBS === 'in-process',
    adminEmails: splitList(e.ADMIN_EMAILS),
    /** Where secrets missing from the environment are generated and kept (outside DATA_DIR). */
    secretsDir,
    sessionSecret: e.SESSION_SECRET,
    encryptionKey: e.ENCRYPTION_KEY,
    /** Keys that still decrypt rows written before a rotation; never used to encrypt. */
    previousEncryptionKeys: [...new Set(splitList(e.ENCRYPTION_KEYS_PREVIOUS ?? ''))],
    demoMode: e.DEMO_MODE,
    logLevel: e.LOG_LEVEL,
    webDistDir: path.resolve(e.WEB_DIST_DIR),
    storage: storageSettings(e, dataDir),
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM },
    priceFeed: {
      provider: e.PRICE_FEED,
      url: e.PRICE_FEED_URL,
      apiKey: e.PRICE_FEED_API_KEY,
      refreshSeconds: e.PRICE_REFRESH_SECONDS,
    },
    oidc:
      e.OIDC_ISSUER && e.OIDC_CLIENT_ID && e.OIDC_CLIENT_SECRET
        ? { issuer: e.OIDC_ISSUER, clientId: e.OIDC_CLIENT_ID, clientSecret: e.OIDC_CLIENT_SECRET }
        : undefined,
    /** Days an offer stays valid before it lapses and has to be re-issued at current prices. */
    offerValidDays: e.OFFER_VALID_DAYS,
    lockDays: e.LOCK_DAYS,
    /** DUAL_APPROVAL_ABOVE in cents: a payout whose offer is above it needs a second admin's approval. */
    dualApprovalAboveCents: e.DUAL_APPROVAL_ABOVE,
    /** The check register's first number, when no check is registered at or above it. */
    checkFirstNumber: e.CHECK_FIRST_NUMBER,
    receivingAddress: e.RECEIVING_ADDRESS,
    /**
     * The business's block on every label (the inbound label's recipient, the return label's
     * sender): RECEIVING_ADDRESS as label fields (checked by the schema above), under the
     * business's legal name, so the label names who the seller deals with.
     */
    receivingLabelAddress: {
      ...parseOneLineAddress(e.RECEIVING_ADDRESS)!,
      name: (e.BUSINESS_LEGAL_NAME ?? EXAMPLE_BUSINESS.legalName).trim(),
    },
    /**
     * What the compliance rules need of the business (DECISIONS "Compliance"): its time zone, and
     * the state parcels are received in (the vault), whose rule is weighed with the seller's.
     */
    compliance: {
      timeZone: e.BUSINESS_TIME_ZONE,
      vaultState: parseOneLineAddress(e.RECEIVING_ADDRESS)!.state,
      sanctionsMatchThreshold: e.SANCTIONS_MATCH_THRESHOLD,
      taxReportingThresholdCents: e.TAX_REPORTING_THRESHOLD,
      retention: { defaultYears: e.RECORDS_RETENTION_YEARS, minimumYears: e.RECORDS_RETENTION_MINIMUM_YEARS },
    },
    carrier: carrierSettings(e),
    /** PayPal Payouts, when configured: PayPal payouts then go out by the API, tracked by webhooks. */
    paypal: payPalSettings(e),
    /**
     * INSURED_LIMIT in cents: a parcel is insured for what its contents are worth (the higher of
     * the quote's maximum and the named metal's melt value) up to this; worth above it ships as
     * several parcels.
     */
    insuredLimitCents: e.INSURED_LIMIT * 100,
    /** The guaranteed floor's published terms: GUARANTEE_FLOOR_PERCENT and GUARANTEE_GOODWILL_CENTS. */
    guarantee: { floorPercent: e.GUARANTEE_FLOOR_PERCENT, goodwillCents: e.GUARANTEE_GOODWILL_CENTS },
    support: { email: e.SUPPORT_EMAIL, phone: e.SUPPORT_PHONE },
    passwordHashing: e.PASSWORD_HASHING,
    /**
     * Whether appraisers must enrol an authenticator app (TOTP) before any admin route answers them
     * (STAFF_TWO_FACTOR; required in production, optional elsewhere unless set).
     */
    staffTwoFactor: e.STAFF_TWO_FACTOR ?? (production ? 'required' : 'optional'),
    /** The company's ACH origination settings for Nacha files (modules/payouts). */
    ach: achSettings(e, production),
    /**
     * Who Assay is, as GET /api/business serves it. Outside production an unset value is the
     * example's, and `example` says the legal name is one (production requires the real ones).
     */
    business: buildBusinessIdentity({
      legalName: e.BUSINESS_LEGAL_NAME ?? EXAMPLE_BUSINESS.legalName,
      address: e.BUSINESS_ADDRESS ?? EXAMPLE_BUSINESS.address,
      licences: e.BUSINESS_LICENCES ?? (production ? '' : EXAMPLE_BUSINESS.licences),
      insurer: e.INSURER_NAME ?? EXAMPLE_BUSINESS.insurer,
      appraisers: e.APPRAISERS ?? (production ? '' : EXAMPLE_BUSINESS.appraisers),
      insuredLimitCents: e.INSURED_LIMIT * 100,
      guarantee: { floorPercent: e.GUARANTEE_FLOOR_PERCENT, goodwillCents: e.GUARANTEE_GOODWILL_CENTS },
      example: e.BUSINESS_LEGAL_NAME === undefined,
    }),
  };
}
