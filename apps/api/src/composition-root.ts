// The one place adapters are built from configuration, for both processes: the server (app.ts) and
// the job worker (worker.ts) build their context here. Everything else receives them in the
// context; tests swap one by passing it in `overrides` (a stand-in of a provider's API, a
// storage that fails), never by reaching into a module.
import { createCarrier } from './adapters/carriers/index.ts';
import { smtpTransport } from './adapters/mail/mail-transport.ts';
import { createPayoutAdapter } from './adapters/payouts/index.ts';
import { createPriceFeed } from './adapters/price-feeds/index.ts';
import { createStorage } from './adapters/storage/create-storage.ts';
import { type Config, decryptionKeys, type Secrets } from './config/index.ts';
import { type Adapters, type AppContext, type Clock, type ProcessContext, systemClock } from './context.ts';
import { createJobEngine } from './job-registry.ts';
import type { Db } from './db/client.ts';
import type { FastifyBaseLogger } from 'fastify';
import { PricingService } from './modules/pricing/index.ts';
import { createIdentity } from './modules/users/index.ts';
import { uploadSigningKey } from './modules/uploads/index.ts';

export function createAdapters(config: Config, overrides: Partial<Adapters> = {}): Adapters {
  return {
    storage: overrides.storage ?? createStorage(config.storage),
    priceFeed: overrides.priceFeed ?? createPriceFeed(config.priceFeed),
    carrier: overrides.carrier ?? createCarrier(config.carrier),
    payouts: overrides.payouts ?? createPayoutAdapter(config.paypal),
    mail: overrides.mail !== undefined ? overrides.mail : config.mail.smtpUrl ? smtpTransport(config.mail.smtpUrl) : null,
  };
}

export interface ContextInput {
  config: Config;
  secrets: Secrets;
  db: Db;
  log: FastifyBaseLogger;
  clock?: Clock;
  overrides?: Partial<Adapters>;
}

/**
 * What the server and the job worker both run on, built by this one function in both: the adapters,
 * the keys and the price cache. The worker's jobs therefore use the very adapters the server's do.
 */
export function createProcessContext(input: ContextInput): ProcessContext {
  const adapters = createAdapters(input.config, input.overrides);
  return {
    db: input.db,
    config: input.config,
    clock: input.clock ?? systemClock,
    log: input.log,
    keys: {
      encryptionKey: input.secrets.encryptionKey,
      decryptionKeys: decryptionKeys(input.secrets),
      uploadSigningKey: uploadSigningKey(input.secrets.sessionSecret),
    },
    ...adapters,
    pricing: new PricingService({
      db: input.db,
      feed: adapters.priceFeed,
      refreshIntervalMs: input.config.priceFeed.refreshSeconds * 1000,
      logger: input.log.child({ module: 'pricing' }),
    }),
  };
}

/** The server's context: the process's, and the accounts and sessions only the server serves. */
export function createAppContext(
  input: ContextInput & {
    /** E-mails that need no second factor (the demo admin in demo mode). */
    secondFactorExemptEmails?: readonly string[];
  },
): AppContext {
  const shared = createProcessContext(input);
  return {
    ...shared,
    identity: createIdentity({
      db: input.db,
      config: input.config,
      secrets: input.secrets,
      log: input.log,
      now: () => shared.clock.now(),
      secondFactorExemptEmails: input.secondFactorExemptEmails ?? [],
    }),
  };
}

/**
 * The worker process (`npm run worker`): the same context as the server's, without HTTP, and the
 * job engine over it. `close` releases what the context opened, the database aside.
 */
export function createWorker(input: ContextInput) {
  const ctx = createProcessContext(input);
  const engine = createJobEngine(ctx);
  return {
    ctx,
    engine,
    async start() {
      // The refresh compares with the prices in memory, as in the server.
      await ctx.pricing.start();
      await engine.start();
    },
    async close() {
      await ctx.pricing.idle();
      ctx.mail?.close();
      ctx.storage.close?.();
    },
  };
}
