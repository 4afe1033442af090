// What the jobs need when no HTTP app builds it (the `worker` process): the same feed, pricing
// service, photo storage, SMTP transport, payout provider and carrier the app's plugins make from the same configuration.
import { createCarrier } from '../adapters/carriers/index.ts';
import { smtpTransport } from '../adapters/mail/mail-transport.ts';
import { createPayoutAdapter } from '../adapters/payouts/index.ts';
import { createPriceFeed } from '../adapters/price-feeds/index.ts';
import { createStorage } from '../adapters/storage/create-storage.ts';
import { type Config, decryptionKeys, type Secrets } from '../config.ts';
import type { Db } from '../db/client.ts';
import { mailSenderOf } from '../modules/notifications/index.ts';
import { PricingService } from '../modules/pricing/index.ts';
import type { JobLogger } from './job-engine.ts';
import type { JobResources } from './registry.ts';

export async function openJobResources(
  config: Config,
  secrets: Secrets,
  db: Db,
  logger: JobLogger & { debug(obj: object, msg?: string): void },
) {
  const pricing = new PricingService({
    db,
    feed: createPriceFeed(config.priceFeed),
    refreshIntervalMs: config.priceFeed.refreshSeconds * 1000,
    logger,
  });
  // The refresh compares with the prices in memory, as in the app.
  await pricing.start();
  const storage = createStorage(config.storage);
  const transport = config.mail.smtpUrl ? smtpTransport(config.mail.smtpUrl) : null;
  const resources: JobResources = {
    db,
    logger,
    pricing,
    refreshSeconds: config.priceFeed.refreshSeconds,
    storage,
    mail: { transport, from: config.mail.from, sender: mailSenderOf(config) },
    payouts: createPayoutAdapter(config.paypal),
    keys: { decryptionKeys: decryptionKeys(secrets) },
    carrier: createCarrier(config.carrier),
  };
  return {
    resources,
    async close() {
      await pricing.idle();
      transport?.close();
      storage.close?.();
    },
  };
}
