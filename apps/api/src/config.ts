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
  parseAppraisers,
  parseLicences,
  parseOneLineAddress,
} from '@assay/domain';
import { z } from 'zod';

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

/** modules/users/password-hashing.ts says what each means. */
export const passwordHashingModes = ['standard', 'fast-for-tests-only'] as const;
export type PasswordHashingMode = (typeof passwordHashingModes)[number];

const envSchema = z.object({
  NODE_ENV: z.preprocess(emptyToUndefined, z.enum(['development', 'production', 'test']).default('development')),
  HOST: optionalString,
  PORT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(65535).default(3000)),
  PUBLIC_URL: optionalUrl('PUBLIC_URL'),
  TRUST_PROXY: optionalString,
  DATA_DIR: z.preprocess(emptyToUndefined, z.string().default(path.join(repoRoot, 'data'))),
  SECRETS_DIR: optionalString,
  XDG_CONFIG_HOME: optionalString,
  HOME: optionalString,
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
  CARRIER: z.preprocess(emptyToUndefined, z.enum(['sample']).default('sample')),
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
});

type RawEnv = Record<string, string | undefined>;

/**
 * Rules across several variables. They read the raw strings, so they are reported together with
 * any malformed single variable instead of only after those are fixed.
 */
function crossFieldProblems(raw: RawEnv): string[] {
  const v = (key: string) => (raw[key]?.trim() ? raw[key]!.trim() : undefined);
  const problems: string[] = [];
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
    /** Unset: boot.ts's listenHost picks (loopback only in demo mode). */
    host: e.HOST,
    port: e.PORT,
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
    carrier: { provider: e.CARRIER },
    /** INSURED_LIMIT in cents: a parcel's insured value is its quote's maximum, capped by this. */
    insuredLimitCents: e.INSURED_LIMIT * 100,
    support: { email: e.SUPPORT_EMAIL, phone: e.SUPPORT_PHONE },
    passwordHashing: e.PASSWORD_HASHING,
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
