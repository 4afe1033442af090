// What the server prints once it listens: where to open it, what it listens on, and every outside
// service it talks to, so an operator sees at a glance what this instance really runs on. Built
// from configuration only and never shows a secret: URLs lose their user, password and query.
import { GOLD_API_DEFAULT_URL } from './adapters/price-feeds/gold-api.ts';
import { METALS_DEV_DEFAULT_URL } from './adapters/price-feeds/metals-dev.ts';
import type { Config } from './config/index.ts';
import { type DemoModeDecision, LOOPBACK_HOST } from './modules/demo/index.ts';

export interface BannerFacts {
  config: Config;
  /** The address and port the server listens on. */
  host: string;
  port: number;
  /** Whether this start is a demo, and why (modules/demo/demo-mode.ts). */
  demoMode: DemoModeDecision;
  /** Where generated secrets are kept; undefined when the environment gives them all. */
  secretsFile: string | undefined;
}

export function startupBanner({ config, host, port, demoMode, secretsFile }: BannerFacts): string[] {
  const lines = [
    `Assay is running at ${withoutCredentials(config.publicUrl)}`,
    `  listening:  ${describeListening(config, host, port, demoMode.demo)}`,
    `  database:   ${describeDatabase(config)}`,
    `  photos:     ${describePhotos(config.storage)}`,
    `  e-mail:     ${describeMail(config.mail)}`,
    `  prices:     ${describePrices(config)}`,
    `  sign-in:    ${config.oidc ? `e-mail and password, and OpenID Connect at ${withoutCredentials(config.oidc.issuer)}` : 'e-mail and password'}`,
    `  carrier:    ${config.carrier.provider === 'sample' ? 'sample (labels marked NOT VALID FOR POSTAGE)' : config.carrier.provider}`,
    `  redis:      ${describeRedis(config)}`,
    `  secrets:    ${secretsFile ? `generated, kept in ${secretsFile} (outside DATA_DIR)` : 'from the environment'}`,
    `  demo mode:  ${demoMode.banner}`,
  ];
  if (!config.jobsInProcess)
    lines.push('  jobs:       run by `npm run worker` (BACKGROUND_JOBS=worker); this server only enqueues them');
  if (config.trustProxy) lines.push(`  proxies:    X-Forwarded-For believed from ${config.trustProxy}`);
  if (config.production && config.priceFeed.provider === 'simulated') {
    lines.push('  WARNING: prices are simulated (PRICE_FEED=simulated): quotes and offers do not follow the market.');
  }
  return lines;
}

function describeListening(config: Config, host: string, port: number, demo: boolean): string {
  if (host === LOOPBACK_HOST && config.host === undefined) {
    // Opened to the network, a fresh folder no longer seeds the sample accounts (demo-mode.ts).
    const then = demo ? ' (the demo then needs DEMO_MODE=true)' : '';
    return `${host}:${port} only: set HOST=0.0.0.0 to open it to your network${then}`;
  }
  if (host === '0.0.0.0' || host === '::') return `every network interface, port ${port}`;
  return `${host}:${port}`;
}

function describeDatabase(config: Config): string {
  if (!config.databaseUrl) return `embedded PGlite in ${config.dataDir}`;
  const url = parseUrl(config.databaseUrl);
  if (!url) return 'PostgreSQL (DATABASE_URL)';
  // A Unix socket is given as ?host=/path; the query may also hold a password, so only host is read.
  const server = url.host || url.searchParams.get('host') || 'localhost';
  const database = decodeURIComponent(url.pathname.replace(/^\//, ''));
  return `PostgreSQL${database ? ` database "${database}"` : ''} on ${server}`;
}

function describePhotos(storage: Config['storage']): string {
  if (storage.driver === 'local') return `local folder ${storage.localDir}`;
  const where = storage.s3.endpoint ? `at ${withoutCredentials(storage.s3.endpoint)}` : 'on AWS';
  return `S3 bucket "${storage.s3.bucket}" ${where} (region ${storage.s3.region})`;
}

function describeRedis(config: Config): string {
  if (!config.redis.url) return 'none: route rate limits are counted per instance (set REDIS_URL to share them)';
  return `route rate limits shared at ${withoutCredentials(config.redis.url)} (keys ${config.redis.keyPrefix}*)`;
}

function describeMail(mail: Config['mail']): string {
  if (!mail.smtpUrl) return 'kept in the outbox table (set SMTP_URL to send)';
  return `sent over SMTP via ${withoutCredentials(mail.smtpUrl)}, from ${mail.from}`;
}

function describePrices(config: Config): string {
  const feed = config.priceFeed;
  if (feed.provider === 'simulated') {
    return config.production
      ? 'SIMULATED (PRICE_FEED=simulated)'
      : 'simulated demo prices (set PRICE_FEED=gold-api for market prices)';
  }
  const url = feed.url ?? (feed.provider === 'gold-api' ? GOLD_API_DEFAULT_URL : METALS_DEV_DEFAULT_URL);
  return `${feed.provider} at ${withoutCredentials(url)}, refreshed every ${feed.refreshSeconds} s`;
}

function parseUrl(text: string): URL | null {
  try {
    return new URL(text);
  } catch {
    return null;
  }
}

/** scheme://host[:port][/path] of a URL: no user, password, query or fragment, where keys hide. */
export function withoutCredentials(text: string): string {
  const url = parseUrl(text);
  if (!url) return '(not a URL)';
  const path = url.pathname === '/' ? '' : url.pathname;
  return `${url.protocol}//${url.host}${path}`;
}
