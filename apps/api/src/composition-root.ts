// The one place adapters are built from configuration. Everything else receives them in the
// AppContext; tests swap one by passing it in `overrides` (a stand-in of a provider's API, a
// storage that fails), never by reaching into a module.
import { createCarrier } from './adapters/carriers/index.ts';
import { smtpTransport } from './adapters/mail/mail-transport.ts';
import { createPayoutAdapter } from './adapters/payouts/index.ts';
import { createPriceFeed } from './adapters/price-feeds/index.ts';
import { createStorage } from './adapters/storage/create-storage.ts';
import { type Config, decryptionKeys, type Secrets } from './config.ts';
import { configureSanctionsScreening } from './modules/compliance/index.ts';
import { type Adapters, type AppContext, type Clock, systemClock } from './context.ts';
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

export function createAppContext(input: {
  config: Config;
  secrets: Secrets;
  db: Db;
  log: FastifyBaseLogger;
  clock?: Clock;
  overrides?: Partial<Adapters>;
  /** E-mails that need no second factor (the demo admin in demo mode). */
  secondFactorExemptEmails?: readonly string[];
}): AppContext {
  const adapters = createAdapters(input.config, input.overrides);
  const clock = input.clock ?? systemClock;
  configureSanctionsScreening({ threshold: input.config.compliance.sanctionsMatchThreshold });
  return {
    db: input.db,
    config: input.config,
    clock,
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
    identity: createIdentity({
      db: input.db,
      config: input.config,
      secrets: input.secrets,
      log: input.log,
      now: () => clock.now(),
      secondFactorExemptEmails: input.secondFactorExemptEmails ?? [],
    }),
  };
}
