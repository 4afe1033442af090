// The one list of Assay's background jobs, and the engine that runs them. Each module keeps its
// handlers beside its rules (*.jobs.ts); this file only wires them to what they need.
import type { CarrierAdapter } from '../adapters/carriers/carrier.ts';
import type { MailTransport } from '../adapters/mail/mail-transport.ts';
import type { PayoutAdapter } from '../adapters/payouts/payout-adapter.ts';
import type { ObjectStorage } from '../adapters/storage/object-storage.ts';
import { type Keys, systemClock } from '../context.ts';
import type { Db } from '../db/client.ts';
import { mailboxCountsJobs } from '../modules/admin-mailbox/index.ts';
import { type MailSender, outboxJobs } from '../modules/notifications/index.ts';
import { offersJobs } from '../modules/offers/index.ts';
import { pricingJobs, type PricingService } from '../modules/pricing/index.ts';
import { payoutsJobs } from '../modules/payout-rails/index.ts';
import { uploadsJobs } from '../modules/uploads/index.ts';
import { signInThrottleJobs } from '../modules/users/index.ts';
import { webhooksJobs } from '../modules/webhooks/index.ts';
import type { JobPayloads } from './job-definitions.ts';
import type { AnyJobSpec, JobEngine, JobLogger } from './job-engine.ts';
import { createPgBossEngine, type PgBossEngineOptions } from './pg-boss-engine.ts';

export interface JobResources {
  db: Db;
  logger: JobLogger;
  pricing: PricingService;
  refreshSeconds: number;
  storage: ObjectStorage;
  mail: { transport: MailTransport | null; from: string; sender?: MailSender };
  /** The payout provider the app was built with, and the keys that open a payout's bank details. */
  payouts: PayoutAdapter;
  keys: Pick<Keys, 'decryptionKeys'>;
  /** The carrier the app was built with: the webhook job asks it for a parcel's tracker. */
  carrier: CarrierAdapter;
}

export function assayJobs(r: JobResources): AnyJobSpec<JobPayloads>[] {
  return [
    ...outboxJobs({ db: r.db, transport: r.mail.transport, from: r.mail.sender ?? r.mail.from, logger: r.logger }),
    ...pricingJobs({ pricing: r.pricing, refreshSeconds: r.refreshSeconds, logger: r.logger }),
    ...uploadsJobs({ db: r.db, storage: r.storage, logger: r.logger }),
    ...mailboxCountsJobs({ db: r.db }),
    ...offersJobs({ db: r.db }),
    ...webhooksJobs({ db: r.db, payouts: r.payouts, carrier: r.carrier, logger: r.logger }),
    ...signInThrottleJobs({ db: r.db }),
    ...payoutsJobs({ db: r.db, payouts: r.payouts, keys: r.keys, clock: systemClock, logger: r.logger }),
  ];
}

export function createJobEngine(
  resources: JobResources,
  options: Pick<PgBossEngineOptions<JobPayloads>, 'pollingIntervalSeconds' | 'cronWorkerIntervalSeconds'> = {},
): JobEngine {
  return createPgBossEngine<JobPayloads>({ db: resources.db, logger: resources.logger, jobs: assayJobs(resources), ...options });
}
