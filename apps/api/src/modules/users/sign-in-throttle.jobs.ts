// The sign-in throttle keeps a row per account and client address that tried a password; once a
// row counts for nothing (a day quiet, an hour's window over) this hourly job removes it, so a
// guesser rotating through addresses does not grow the table for ever.
import type { Db } from '../../db/client.ts';
import type { JobPayloads } from '../../jobs/job-definitions.ts';
import { type AnyJobSpec, defineJob } from '../../jobs/job-engine.ts';
import { pruneSignInThrottle } from './sign-in-throttle.repository.ts';

export function signInThrottleJobs({ db }: { db: Db }): AnyJobSpec<JobPayloads>[] {
  return [
    defineJob<JobPayloads, 'sign-in-throttle-prune'>({
      name: 'sign-in-throttle-prune',
      queue: { policy: 'singleton', retryLimit: 1 },
      schedule: { cron: '17 * * * *' },
      handle: () => pruneSignInThrottle(db, new Date()),
    }),
  ];
}
