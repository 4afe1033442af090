// What every service is handed: the database, the configuration, the clock, the logger, every
// adapter to the outside world and the long-lived services (pricing, identity), built once by the
// composition root (composition-root.ts). Services take (ctx, actor, input); none builds an adapter
// or reads process.env.
import type { FastifyBaseLogger } from 'fastify';
import type { CarrierAdapter } from './adapters/carriers/carrier.ts';
import type { MailTransport } from './adapters/mail/mail-transport.ts';
import type { PayoutAdapter } from './adapters/payouts/payout-adapter.ts';
import type { PriceFeed } from './adapters/price-feeds/index.ts';
import type { ObjectStorage } from './adapters/storage/object-storage.ts';
import type { Config } from './config/index.ts';
import type { Db } from './db/client.ts';
import type { PricingService } from './modules/pricing/index.ts';
import type { Identity } from './modules/users/index.ts';

export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** The keys services encrypt, decrypt and sign with (generated-secrets.ts / config.ts). */
export interface Keys {
  /** Encrypts every new value. */
  encryptionKey: string;
  /** Decrypt with these, the current key first. */
  decryptionKeys: string[];
  /** Signs upload URLs. */
  uploadSigningKey: Buffer;
}

/** Every way out of the process, one adapter each, chosen by configuration. */
export interface Adapters {
  storage: ObjectStorage;
  priceFeed: PriceFeed;
  carrier: CarrierAdapter;
  payouts: PayoutAdapter;
  /** Null without SMTP: e-mail then stays in the outbox table. */
  mail: MailTransport | null;
}

/** What every process of Assay builds the same way: the server and the job worker alike. */
export interface ProcessContext extends Adapters {
  readonly db: Db;
  readonly config: Config;
  readonly clock: Clock;
  readonly log: FastifyBaseLogger;
  readonly keys: Keys;
  /** Live prices: the cache every quote and the landing page read, over the configured feed. */
  readonly pricing: PricingService;
}

/** The server's context: the process's, and the accounts and sessions it serves. */
export interface AppContext extends ProcessContext {
  /** Accounts and sessions (better-auth) and the count of password guesses per account. */
  readonly identity: Identity;
}
