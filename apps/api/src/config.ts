// The only reader of process.env: every setting is validated once at start, and every problem is
// reported together so an operator fixes the whole environment in one go.
import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  ADDRESS_NAME_MAX_LENGTH,
  buildBusinessIdentity,
  EXAMPLE_BUSINESS,
  isValidAbaRoutingNumber,
  parseAppraisers,
  parseLicences,
  parseOneLineAddress,
  CHECK_NUMBER_MAX,
  DEFAULT_FIRST_CHECK_NUMBER,
  DEFAULT_DUAL_APPROVAL_ABOVE_CENTS,
  parseDualApprovalAbove,
} from '@assay/domain';
import { z } from 'zod';
import { DEFAULT_SCREENING_THRESHOLD } from './modules/compliance/sanctions/name-screening.ts';
import { DEFAULT_WEBHOOK_MAX_AGE_SECONDS, PAYPAL_CERT_ORIGINS } from './adapters/payouts/paypal/paypal-webhooks.ts';
import { PAYPAL_LIVE_URL } from './adapters/payouts/paypal/paypal-payouts-client.ts';

/** The workspace root, found by walking up, so the same code works from src/ and from the dist bundle. */
function findRepoRoot(start: string): string {
  let dir = start;
  while (path.dirname(dir) !== dir) {
    const manifest = path.join(dir, 'package.json');
    if (existsSync(manifest) && 'workspaces' in (JSON.parse(readFileSync(manifest, 'utf8')) as object)) return dir;
    dir = path.dirname(dir);
  }
  return process.cwd();
}

const repoRoot = findRepoRoot(path.dirname(fileURLToPath(import.meta.url)));

const emptyToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const optionalString = z.preprocess(emptyToUndefined, z.string().optional());
const optionalUrl = (what: string) => z.preprocess(emptyToUndefined, z.url({ message: `${what} must be a URL` }).optional());
const booleanFlag = z
  .preprocess(emptyToUndefined, z.enum(['true', 'false', '1', '0']).optional())
  .transform((v) => (v === undefined ? undefined : v === 'true' || v === '1'));

const HEX_KEY = /^[0-9a-f]{64}$/i;

/** Nacha alphanumeric fields hold printable ASCII only. */
const NACHA_TEXT = /^[\x20-\x7E]+$/;

/** A Nacha text setting: printable ASCII, at most the field's width. */
function achText(key: string, width: number, what: string) {
  return z.preprocess(
    emptyToUndefined,
    z
      .string()
      .trim()
      .regex(NACHA_TEXT, `${key} must be plain ASCII letters, digits and punctuation (${what})`)
      .max(width, `${key} must be at most ${width} characters (${what}, a Nacha field of ${width})`)
      .optional(),
  );
}

/** modules/users/password-hashing.ts says what each means. */
export const passwordHashingModes = ['standard', 'fast-for-tests-only'] as const;
export type PasswordHashingMode = (typeof passwordHashingModes)[number];
export const staffTwoFactorModes = ['required', 'optional'] as const;
export type StaffTwoFactorMode = (typeof staffTwoFactorModes)[number];

const envSchema = z.object({
  NODE_ENV: z.preprocess(emptyToUndefined, z.enum(['development', 'production', 'test']).default('development')),
  HOST: optionalString,
  PORT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(65535).default(3000)),
  // The most a SIGTERM's drain may take (open requests, running jobs, the database's close); under
  // the orchestrator's own grace period (Docker's 10 s by default, Kubernetes' 30 s), so our log,
  // not its kill, says what was cut off.
  SHUTDOWN_TIMEOUT_SECONDS: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: 'SHUTDOWN_TIMEOUT_SECONDS must be a whole number of seconds, like 25' })
      .int('SHUTDOWN_TIMEOUT_SECONDS must be a whole number of seconds, like 25')
      .min(1, 'SHUTDOWN_TIMEOUT_SECONDS must be at least 1')
      .max(3600, 'SHUTDOWN_TIMEOUT_SECONDS must be at most 3600 (an hour)')
      .default(25),
  ),
  PUBLIC_URL: optionalUrl('PUBLIC_URL'),
  TRUST_PROXY: optionalString,
  DATA_DIR: z.preprocess(emptyToUndefined, z.string().default(path.join(repoRoot, 'data'))),
  SECRETS_DIR: optionalString,
  XDG_CONFIG_HOME: optionalString,
  HOME: optionalString,
  // Shared state of several instances (DECISIONS "Running several instances"): route rate limits.
  REDIS_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^rediss?:\/\//, 'REDIS_URL must be a redis:// or rediss:// URL, like redis://127.0.0.1:6379')
      .optional(),
  ),
  /**
   * How many app instances serve this deployment (behind one load balancer). More than one needs
   * what instances share: PostgreSQL, S3 photo storage and, for rate limits, Redis.
   */
  INSTANCES: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int('INSTANCES must be a whole number').min(1, 'INSTANCES must be at least 1').default(1),
  ),
  /**
   * Where this process's background jobs run: `in-process` (the default: `npm start` runs them too)
   * or `worker` (this server only serves HTTP; `npm run worker` processes run the jobs). Several
   * instances and a worker: every instance says `worker`.
   */
  BACKGROUND_JOBS: z.preprocess(
    emptyToUndefined,
    z.enum(['in-process', 'worker'], { error: 'BACKGROUND_JOBS must be in-process or worker' }).default('in-process'),
  ),
  /**
   * Where the embedded database (no DATABASE_URL) runs: `worker` (the default: a thread of its own,
   * so its queries never stall the requests that need no database) or `main` (on the event loop,
   * the way PGlite runs by itself; for measuring the difference and for the test apps).
   */
  PGLITE_THREAD: z.preprocess(
    emptyToUndefined,
    z.enum(['worker', 'main'], { error: 'PGLITE_THREAD must be worker or main' }).default('worker'),
  ),
  /** Keys in a shared Redis start with this, so two deployments can share one server. */
  REDIS_KEY_PREFIX: z.preprocess(emptyToUndefined, z.string().max(64).default('assay:')),
  DATABASE_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://')
      .optional(),
  ),
  ADMIN_EMAILS: z.preprocess(emptyToUndefined, z.string().default('')),
  SESSION_SECRET: z.preprocess(emptyToUndefined, z.string().min(32, 'SESSION_SECRET must be at least 32 characters').optional()),
  ENCRYPTION_KEY: z.preprocess(
    emptyToUndefined,
    z.string().regex(HEX_KEY, 'ENCRYPTION_KEY must be 64 hex characters (32 bytes)').optional(),
  ),
  ENCRYPTION_KEYS_PREVIOUS: z.preprocess(
    emptyToUndefined,
    z
      .string()
      // The message never repeats the value: it is a key.
      .refine((value) => splitList(value).every((key) => HEX_KEY.test(key)), {
        message: 'ENCRYPTION_KEYS_PREVIOUS must be keys of 64 hex characters, separated by commas',
      })
      .optional(),
  ),
  DEMO_MODE: booleanFlag,
  LOG_LEVEL: z.preprocess(
    emptyToUndefined,
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ),
  WEB_DIST_DIR: z.preprocess(emptyToUndefined, z.string().default(path.join(repoRoot, 'apps/web/dist'))),

  STORAGE_DRIVER: z.preprocess(emptyToUndefined, z.enum(['local', 's3']).default('local')),
  S3_ENDPOINT: optionalUrl('S3_ENDPOINT'),
  S3_REGION: z.preprocess(emptyToUndefined, z.string().default('us-east-1')),
  S3_BUCKET: optionalString,
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_FORCE_PATH_STYLE: booleanFlag,

  SMTP_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^smtps?:\/\//, 'SMTP_URL must start with smtp:// or smtps://')
      .optional(),
  ),
  MAIL_FROM: z.preprocess(emptyToUndefined, z.string().default('Assay <no-reply@assay.example>')),

  PRICE_FEED: z.preprocess(emptyToUndefined, z.enum(['simulated', 'gold-api', 'metals-dev']).default('simulated')),
  PRICE_FEED_URL: optionalUrl('PRICE_FEED_URL'),
  PRICE_FEED_API_KEY: optionalString,
  PRICE_REFRESH_SECONDS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(5).max(86400).default(60)),
  /** How many days an offer stays valid (DECISIONS "The honest offer": default 7). */
  OFFER_VALID_DAYS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(90).default(7)),

  OIDC_ISSUER: optionalUrl('OIDC_ISSUER'),
  OIDC_CLIENT_ID: optionalString,
  OIDC_CLIENT_SECRET: optionalString,

  RECEIVING_ADDRESS: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .default('Assay Receiving, 100 Assay Way, Suite 200, Wilmington, DE 19801')
      // Printed on every label: refuse at start what would print as a broken address.
      .refine((value) => parseOneLineAddress(value) !== null, {
        message: 'RECEIVING_ADDRESS must read "Name, Street, [Suite,] City, ST 12345" (a US address, no other commas)',
      }),
  ),
  CARRIER: z.preprocess(emptyToUndefined, z.enum(['sample', 'easypost']).default('sample')),
  EASYPOST_API_KEY: optionalString,
  EASYPOST_WEBHOOK_SECRET: optionalString,
  // Set only to point the adapter at a stand-in (tests); the key travels with every call.
  EASYPOST_BASE_URL: optionalUrl('EASYPOST_BASE_URL'),
  // Which of the account's carriers and services labels are bought from (EasyPost's names).
  EASYPOST_CARRIER: z.preprocess(emptyToUndefined, z.string().trim().min(1).default('USPS')),
  EASYPOST_SERVICE: optionalString,
  // PayPal Payouts (issue 12): PayPal payouts go out by the Payouts API when the three are set.
  PAYPAL_CLIENT_ID: optionalString,
  PAYPAL_CLIENT_SECRET: optionalString,
  // The id of the webhook subscription (PayPal's dashboard): part of what each delivery signs.
  PAYPAL_WEBHOOK_ID: optionalString,
  // The live API by default; the sandbox's, or a stand-in in tests.
  PAYPAL_API_URL: optionalUrl('PAYPAL_API_URL'),
  // Where a webhook's signing certificate may be fetched from (comma-separated origins).
  PAYPAL_CERT_ORIGINS: optionalString,
  // A PayPal delivery whose PAYPAL-TRANSMISSION-TIME is older than this is refused (decision 023);
  // PayPal's retries are new transmissions, and the rail check settles a payout whose news was lost.
  PAYPAL_WEBHOOK_MAX_AGE_SECONDS: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: 'PAYPAL_WEBHOOK_MAX_AGE_SECONDS must be a whole number of seconds, like 600' })
      .int('PAYPAL_WEBHOOK_MAX_AGE_SECONDS must be a whole number of seconds, like 600')
      .min(60, 'PAYPAL_WEBHOOK_MAX_AGE_SECONDS must be at least 60 (a delivery takes a moment to arrive)')
      .max(3600, 'PAYPAL_WEBHOOK_MAX_AGE_SECONDS must be at most 3600 (a longer window lets a captured delivery be replayed)')
      .default(DEFAULT_WEBHOOK_MAX_AGE_SECONDS),
  ),
  // Whole dollars: the most one parcel is insured for (declared to the carrier, on the packing slip).
  INSURED_LIMIT: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: 'INSURED_LIMIT must be a whole number of dollars, like 25000' })
      .int('INSURED_LIMIT must be a whole number of dollars, like 25000')
      .min(1, 'INSURED_LIMIT must be at least 1 dollar')
      .max(10_000_000, 'INSURED_LIMIT must be at most 10000000 dollars')
      .default(25000),
  ),
  SUPPORT_EMAIL: z.preprocess(emptyToUndefined, z.email().default('support@assay.example')),
  SUPPORT_PHONE: z.preprocess(emptyToUndefined, z.string().default('1-800-555-0199')),
  PASSWORD_HASHING: z.preprocess(emptyToUndefined, z.enum(passwordHashingModes).default('standard')),
  // Unset: required in production, optional elsewhere (see `staffTwoFactor` below).
  STAFF_TWO_FACTOR: z.preprocess(emptyToUndefined, z.enum(staffTwoFactorModes).optional()),

  // The business's own calendar: compliance hold periods end at midnight there, and a report's
  // "day of purchases" is that day (DECISIONS "Compliance").
  BUSINESS_TIME_ZONE: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .refine(isTimeZone, { message: 'BUSINESS_TIME_ZONE must be an IANA time zone such as America/New_York' })
      .default('America/New_York'),
  ),
  // Sanctions screening (DECISIONS "Compliance"): a seller's name at least this similar (Jaro-Winkler,
  // 0..1) to a listed name or alias holds the payout for an appraiser's decision.
  SANCTIONS_MATCH_THRESHOLD: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number()
      .gt(0.5, 'SANCTIONS_MATCH_THRESHOLD must be above 0.5 (lower matches nearly every name)')
      .max(1, 'SANCTIONS_MATCH_THRESHOLD must be at most 1')
      .default(DEFAULT_SCREENING_THRESHOLD),
  ),
  // Four eyes on large payments (DECISIONS "Staff and demo safety"): dollars, exact to the cent; a
  // payout above it waits for a second admin, not the offer's maker, before any rail takes it.
  DUAL_APPROVAL_ABOVE: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .optional()
      .transform((value, issue) => {
        if (value === undefined) return DEFAULT_DUAL_APPROVAL_ABOVE_CENTS;
        const cents = parseDualApprovalAbove(value);
        if (cents === null) {
          issue.addIssue({
            code: 'custom',
            message: 'DUAL_APPROVAL_ABOVE must be an amount in dollars, like 5000 or 7500.50 (no sign, commas or symbol)',
          });
          return z.NEVER;
        }
        return cents;
      }),
  ),
  // Who Assay is (DECISIONS, business identity). Unset outside production: example values, marked.
  BUSINESS_LEGAL_NAME: z.preprocess(
    emptyToUndefined,
    z
      .string()
      // Printed as the business's name on every label.
      .max(
        ADDRESS_NAME_MAX_LENGTH,
        `BUSINESS_LEGAL_NAME must be at most ${ADDRESS_NAME_MAX_LENGTH} characters (it is printed on labels)`,
      )
      .optional(),
  ),
  BUSINESS_ADDRESS: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .refine((value) => parseOneLineAddress(value) !== null, {
        message: 'BUSINESS_ADDRESS must read "Name, Street, [Suite,] City, ST 12345" (a US address, no other commas)',
      })
      .optional(),
  ),
  BUSINESS_LICENCES: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .refine((value) => parseLicences(value) !== null, {
        message: 'BUSINESS_LICENCES must read "Authority: number", several separated by ";"',
      })
      .optional(),
  ),
  INSURER_NAME: optionalString,
  APPRAISERS: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .refine((value) => parseAppraisers(value) !== null, {
        message: 'APPRAISERS must read "Name, credential", several separated by ";"',
      })
      .optional(),
  ),

  // The company's standing with its bank for ACH files (Nacha PPD). Optional even in production, so
  // the app starts without them; making a file then answers 409 naming what is missing.
  ACH_COMPANY_NAME: achText('ACH_COMPANY_NAME', 16, "the company name on sellers' statements"),
  ACH_COMPANY_ID: z.preprocess(
    emptyToUndefined,
    z
      .string()
      // Also the file header's immediate origin, which admits no blanks.
      .regex(/^[0-9A-Za-z]{10}$/, 'ACH_COMPANY_ID must be exactly 10 letters or digits (usually "1" and the EIN)')
      .optional(),
  ),
  ACH_ODFI_ROUTING: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .refine(isValidAbaRoutingNumber, {
        message: "ACH_ODFI_ROUTING must be the company bank's 9-digit routing number, with a valid check digit",
      })
      .optional(),
  ),
  ACH_ORIGIN_NAME: achText('ACH_ORIGIN_NAME', 23, 'the company name as its bank knows it'),
  ACH_DESTINATION_NAME: achText('ACH_DESTINATION_NAME', 23, "the company bank's name"),
  ACH_ENTRY_DESCRIPTION: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(NACHA_TEXT, 'ACH_ENTRY_DESCRIPTION must be plain ASCII letters, digits and punctuation')
      .max(10, "ACH_ENTRY_DESCRIPTION must be at most 10 characters (printed on sellers' statements)")
      .default('PAYOUT'),
  ),
  // The number the check register starts from (the first check of the bank's pre-numbered stock).
  CHECK_FIRST_NUMBER: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: 'CHECK_FIRST_NUMBER must be a whole number from 1 to 99999999' })
      .int('CHECK_FIRST_NUMBER must be a whole number from 1 to 99999999')
      .min(1, 'CHECK_FIRST_NUMBER must be a whole number from 1 to 99999999')
      .max(CHECK_NUMBER_MAX, 'CHECK_FIRST_NUMBER must be a whole number from 1 to 99999999')
      .default(DEFAULT_FIRST_CHECK_NUMBER),
  ),
});

type RawEnv = Record<string, string | undefined>;

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

/** Real labels are bought with real money: CARRIER=easypost starts only with what it needs. */
function easyPostProblems(v: (key: string) => string | undefined, production: boolean): string[] {
  const problems: string[] = [];
  if (!v('EASYPOST_API_KEY')) {
    problems.push(
      'EASYPOST_API_KEY: EASYPOST_API_KEY is required when CARRIER=easypost (the API key from the EasyPost dashboard)',
    );
  }
  if (production && !v('EASYPOST_WEBHOOK_SECRET')) {
    problems.push(
      'EASYPOST_WEBHOOK_SECRET: EASYPOST_WEBHOOK_SECRET is required in production when CARRIER=easypost ' +
        '(the secret of the EasyPost webhook, so that tracking events can be verified)',
    );
  }
  const baseUrl = v('EASYPOST_BASE_URL');
  if (production && baseUrl && !baseUrl.toLowerCase().startsWith('https://')) {
    problems.push('EASYPOST_BASE_URL: EASYPOST_BASE_URL must start with https:// in production, as the API key is sent to it');
  }
  return problems;
}

/** Real money moves: PayPal Payouts start only with their credentials and webhook id together. */
function payPalProblems(v: (key: string) => string | undefined, production: boolean): string[] {
  const keys = ['PAYPAL_CLIENT_ID', 'PAYPAL_CLIENT_SECRET', 'PAYPAL_WEBHOOK_ID'];
  const set = keys.filter((k) => v(k));
  const problems: string[] = [];
  if (set.length > 0 && set.length < keys.length) {
    problems.push('PAYPAL_CLIENT_ID: PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET and PAYPAL_WEBHOOK_ID must be set together');
  }
  const url = v('PAYPAL_API_URL');
  if (production && url && !url.toLowerCase().startsWith('https://')) {
    problems.push('PAYPAL_API_URL: PAYPAL_API_URL must start with https:// in production, as the credentials are sent to it');
  }
  return problems;
}

function splitList(value: string): string[] {
  return value
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
}

/** Where generated secrets live by default: the user's config folder, never the data folder. */
function defaultSecretsDir(e: { XDG_CONFIG_HOME?: string; HOME?: string }): string {
  const configHome =
    e.XDG_CONFIG_HOME && path.isAbsolute(e.XDG_CONFIG_HOME) ? e.XDG_CONFIG_HOME : path.join(e.HOME ?? os.homedir(), '.config');
  return path.join(configHome, 'assay', 'secrets');
}

function isInside(parent: string, child: string): boolean {
  const relative = path.relative(parent, child);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}

/** A copy of the data folder alone must not be able to decrypt it. */
function secretsLocationProblems(dataDir: string, secretsDir: string): string[] {
  if (!isInside(dataDir, secretsDir)) return [];
  return [
    `SECRETS_DIR: generated secrets would be kept in ${secretsDir}, inside DATA_DIR (${dataDir}); ` +
      'a copy of the data folder must not carry its own key: set SECRETS_DIR to a folder outside DATA_DIR',
  ];
}

function allowedOrigins(publicUrl: string | undefined, port: number, production: boolean): string[] {
  const origins = new Set<string>();
  if (publicUrl) origins.add(new URL(publicUrl).origin);
  if (!production || !publicUrl) {
    origins.add(`http://localhost:${port}`);
    origins.add(`http://127.0.0.1:${port}`);
  }
  return [...origins];
}

/** The ACH settings a Nacha file needs; each is required in production before a file is made. */
const ACH_REQUIRED = [
  ['ACH_COMPANY_NAME', 'companyName'],
  ['ACH_COMPANY_ID', 'companyId'],
  ['ACH_ODFI_ROUTING', 'odfiRouting'],
  ['ACH_ORIGIN_NAME', 'originName'],
  ['ACH_DESTINATION_NAME', 'destinationName'],
] as const;

type AchSettingName = (typeof ACH_REQUIRED)[number][1];

/** Outside production an unset ACH setting is one of these: visibly an example, never a real bank's file. */
export const EXAMPLE_ACH: Record<AchSettingName, string> = {
  companyName: 'EXAMPLE ASSAY',
  companyId: 'EXAMPLE000',
  // The Federal Reserve Bank of Boston's number, the one documentation uses: valid, and not ours.
  odfiRouting: '011000015',
  originName: 'EXAMPLE ASSAY LLC',
  destinationName: 'EXAMPLE BANK',
};

export interface AchSettings {
  companyName: string;
  companyId: string;
  odfiRouting: string;
  originName: string;
  destinationName: string;
  entryDescription: string;
}

/**
 * ACH_* as the payouts module reads them. `missing` names the unset ones. In production `settings`
 * is then null (the app still starts; making or downloading a file answers 409 naming them);
 * elsewhere each unset one is its example and `example` says so.
 */
function achSettings(
  e: Partial<Record<(typeof ACH_REQUIRED)[number][0], string>> & { ACH_ENTRY_DESCRIPTION: string },
  production: boolean,
): { settings: AchSettings | null; missing: string[]; example: boolean } {
  const missing = ACH_REQUIRED.filter(([key]) => e[key] === undefined).map(([key]) => key);
  if (production && missing.length > 0) return { settings: null, missing, example: false };
  const value = (key: (typeof ACH_REQUIRED)[number][0], name: AchSettingName) => e[key] ?? EXAMPLE_ACH[name];
  const settings = Object.fromEntries(ACH_REQUIRED.map(([key, name]) => [name, value(key, name)])) as Record<
    AchSettingName,
    string
  >;
  return {
    settings: { ...settings, entryDescription: e.ACH_ENTRY_DESCRIPTION },
    missing,
    example: missing.length > 0,
  };
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
    storage: {
      driver: e.STORAGE_DRIVER,
      localDir: path.join(dataDir, 'photos'),
      s3: {
        endpoint: e.S3_ENDPOINT,
        region: e.S3_REGION,
        bucket: e.S3_BUCKET,
        accessKeyId: e.S3_ACCESS_KEY_ID,
        secretAccessKey: e.S3_SECRET_ACCESS_KEY,
        forcePathStyle: e.S3_FORCE_PATH_STYLE ?? true,
      },
    },
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
    },
    carrier: {
      provider: e.CARRIER,
      /** Set when CARRIER=easypost (the key is then required); the webhook route checks with webhookSecret. */
      easypost:
        e.CARRIER === 'easypost' && e.EASYPOST_API_KEY
          ? {
              apiKey: e.EASYPOST_API_KEY,
              webhookSecret: e.EASYPOST_WEBHOOK_SECRET,
              baseUrl: e.EASYPOST_BASE_URL,
              carrier: e.EASYPOST_CARRIER,
              service: e.EASYPOST_SERVICE,
            }
          : undefined,
    },
    /** PayPal Payouts, when configured: PayPal payouts then go out by the API, tracked by webhooks. */
    paypal:
      e.PAYPAL_CLIENT_ID && e.PAYPAL_CLIENT_SECRET && e.PAYPAL_WEBHOOK_ID
        ? {
            apiUrl: e.PAYPAL_API_URL ?? PAYPAL_LIVE_URL,
            clientId: e.PAYPAL_CLIENT_ID,
            clientSecret: e.PAYPAL_CLIENT_SECRET,
            webhookId: e.PAYPAL_WEBHOOK_ID,
            certOrigins: e.PAYPAL_CERT_ORIGINS
              ? e.PAYPAL_CERT_ORIGINS.split(',')
                  .map((o) => o.trim())
                  .filter(Boolean)
              : [...PAYPAL_CERT_ORIGINS],
            webhookMaxAgeSeconds: e.PAYPAL_WEBHOOK_MAX_AGE_SECONDS,
          }
        : null,
    /** INSURED_LIMIT in cents: a parcel's insured value is its quote's maximum, capped by this. */
    insuredLimitCents: e.INSURED_LIMIT * 100,
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
      example: e.BUSINESS_LEGAL_NAME === undefined,
    }),
  };
}

/** Whether Intl knows the zone (every IANA name Node's ICU carries). */
function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

export interface Secrets {
  sessionSecret: string;
  /** Encrypts every new value. */
  encryptionKey: string;
  /** Still decrypt older values, until `npm run keys -- rotate` has re-encrypted them. */
  previousEncryptionKeys: string[];
}

/** The keys an encrypted value may be read with: the current key first. */
export function decryptionKeys(secrets: Secrets): string[] {
  return [secrets.encryptionKey, ...secrets.previousEncryptionKeys];
}
