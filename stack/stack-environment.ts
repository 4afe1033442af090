// What every Assay process of the local production stack is started with: production mode behind
// nginx (https PUBLIC_URL, X-Forwarded-For believed from loopback only), three instances declared,
// PostgreSQL, S3, SMTP and Redis, and the jobs in the worker alone. The compose file
// (deploy/compose.yaml) sets the same variables; stack/deploy-recipe.test.ts keeps them in step.
import { randomBytes } from 'node:crypto';

export interface StackServices {
  publicUrl: string;
  databaseUrl: string;
  redisUrl: string;
  redisKeyPrefix: string;
  s3Endpoint: string;
  s3Bucket: string;
  smtpUrl: string;
  instances: number;
  adminEmail: string;
  /** Stable for one stack run: every instance must share them. */
  sessionSecret: string;
  encryptionKey: string;
}

export function newStackSecrets() {
  return { sessionSecret: randomBytes(32).toString('base64url'), encryptionKey: randomBytes(32).toString('hex') };
}

/** The variables shared by the app instances and the worker. */
export function stackEnvironment(s: StackServices): Record<string, string> {
  return {
    NODE_ENV: 'production',
    PUBLIC_URL: s.publicUrl,
    TRUST_PROXY: '127.0.0.1',
    DATABASE_URL: s.databaseUrl,
    REDIS_URL: s.redisUrl,
    REDIS_KEY_PREFIX: s.redisKeyPrefix,
    INSTANCES: String(s.instances),
    BACKGROUND_JOBS: 'worker',
    STORAGE_DRIVER: 's3',
    S3_ENDPOINT: s.s3Endpoint,
    S3_REGION: 'us-east-1',
    S3_BUCKET: s.s3Bucket,
    // s3rver's fixed key pair; a real bucket's keys come from its provider.
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_FORCE_PATH_STYLE: 'true',
    SMTP_URL: s.smtpUrl,
    MAIL_FROM: 'Assay (local stack) <no-reply@stack.assay.test>',
    SESSION_SECRET: s.sessionSecret,
    ENCRYPTION_KEY: s.encryptionKey,
    ADMIN_EMAILS: s.adminEmail,
    // On purpose: the stack reaches no market (the banner warns that prices are simulated).
    PRICE_FEED: 'simulated',
    BUSINESS_LEGAL_NAME: 'Assay Local Stack (not a real business)',
    BUSINESS_ADDRESS: 'Assay Local Stack, 100 Assay Way, Suite 200, Wilmington, DE 19801',
    INSURER_NAME: 'No insurer (local stack)',
    // The company's standing with its bank for Nacha files (production refuses a file without them).
    // The stack's are made up: no bank takes its files.
    ACH_COMPANY_NAME: 'ASSAY STACK',
    ACH_COMPANY_ID: '1999999999',
    ACH_ODFI_ROUTING: '011000015',
    ACH_ORIGIN_NAME: 'ASSAY LOCAL STACK',
    ACH_DESTINATION_NAME: 'STACK TEST BANK',
    LOG_LEVEL: 'warn',
  };
}
