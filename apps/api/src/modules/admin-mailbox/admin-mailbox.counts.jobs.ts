// Every write to submissions appends a counter row (decision 009's trigger); this job folds them
// back to one row per bucket every few minutes, so the mailbox's counts stay a tiny read.
import type { Db } from '../../db/client.ts';
import type { JobPayloads } from '../../jobs/job-definitions.ts';
import { type AnyJobSpec, defineJob } from '../../jobs/job-engine.ts';
import { compactCountRows } from './admin-mailbox.repository.ts';

export function mailboxCountsJobs({ db }: { db: Db }): AnyJobSpec<JobPayloads>[] {
  return [
    defineJob<JobPayloads, 'mailbox-counts-compaction'>({
      name: 'mailbox-counts-compaction',
      queue: { policy: 'singleton', retryLimit: 1 },
      schedule: { cron: '*/5 * * * *' },
      handle: () => compactCountRows(db),
    }),
  ];
}
