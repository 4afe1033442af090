// Upload clean-up as scheduled singleton jobs: the cheap pass every 10 minutes, and the sweep of
// stored files no row claims (it lists every photo) every 6 hours.
import type { ObjectStorage } from '../../adapters/storage/object-storage.ts';
import type { Db } from '../../db/client.ts';
import type { JobPayloads } from '../../jobs/job-definitions.ts';
import { type AnyJobSpec, defineJob, type JobLogger } from '../../jobs/job-engine.ts';
import { cleanupUploads } from './uploads.service.ts';

export interface UploadsJobDeps {
  db: Db;
  storage: ObjectStorage;
  logger: JobLogger;
}

export function uploadsJobs({ db, storage, logger }: UploadsJobDeps): AnyJobSpec<JobPayloads>[] {
  const pass = async (sweepOrphans: boolean) => {
    const result = await cleanupUploads(db, storage, new Date(), { sweepOrphans });
    if (result.expiredUploads || result.unattachedImages || result.incompleteWrites || result.orphanObjects) {
      logger.info(result, 'upload cleanup');
    }
    if (result.failedDeletes) logger.warn(result, 'some photo files could not be deleted');
  };
  return [
    defineJob<JobPayloads, 'uploads-cleanup'>({
      name: 'uploads-cleanup',
      queue: { policy: 'singleton', retryLimit: 1, expireInSeconds: 900 },
      schedule: { cron: '*/10 * * * *' },
      handle: () => pass(false),
    }),
    defineJob<JobPayloads, 'uploads-orphan-sweep'>({
      name: 'uploads-orphan-sweep',
      queue: { policy: 'singleton', retryLimit: 1, expireInSeconds: 3600 },
      schedule: { cron: '30 */6 * * *' },
      handle: () => pass(true),
    }),
  ];
}
