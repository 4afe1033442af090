// The offer reminders (DECISIONS "The honest offer": 48 h and 8 h before an offer lapses). Queued
// with each version (offers.service.ts); the handler tells the seller only while that version is
// still the open, current one and not lapsed, and at most once per version and hour mark (the
// offer row is locked and the audit log remembers the reminder), so a retried run sends nothing.
import { formatOfferDeadline, isOfferLapsed } from '@assay/domain';
import type { Db } from '../../db/client.ts';
import type { JobPayloads } from '../../jobs/job-definitions.ts';
import { type AnyJobSpec, defineJob } from '../../jobs/job-engine.ts';
import { listAuditEntries, writeAuditEntry } from '../audit/index.ts';
import { notify, offerNotificationContent } from '../notifications/index.ts';
import { lockSubmissionRow } from '../submissions/index.ts';
import { findCurrentOffer, findOfferById } from './offers.repository.ts';

export type OfferReminderOutcome = 'sent' | 'already-sent' | 'not-current' | 'lapsed' | 'gone';

/** Runs one reminder at `now`; answers what it did (tests read it, the job ignores it). */
export async function sendOfferReminder(
  db: Db,
  { offerId, hoursBefore }: JobPayloads['offer-reminder'],
  now: Date,
): Promise<OfferReminderOutcome> {
  return db.transaction(async (tx) => {
    const offer = await findOfferById(tx, offerId);
    if (!offer) return 'gone';
    // The submission first, as every transaction that changes its rows does (decision 024); two
    // runs of the same reminder queue up here.
    const submission = await lockSubmissionRow(tx, offer.submissionId);
    const current = await findCurrentOffer(tx, offer.submissionId, true);
    if (!current || current.id !== offer.id || current.status !== 'open') return 'not-current';
    if (isOfferLapsed(current.validUntil, now)) return 'lapsed';
    const entries = await listAuditEntries(tx, [{ entityType: 'submission', entityId: offer.submissionId }]);
    const sent = entries.some((e) => {
      const changes = e.changes as { offerId?: string; hoursBefore?: number } | null;
      return e.action === 'offer_reminder_sent' && changes?.offerId === offerId && changes.hoursBefore === hoursBefore;
    });
    if (sent) return 'already-sent';
    if (!submission || submission.status !== 'offered') return 'not-current';
    await writeAuditEntry(tx, {
      actorId: null,
      entityType: 'submission',
      entityId: offer.submissionId,
      action: 'offer_reminder_sent',
      changes: { offerId, offerVersion: offer.version, hoursBefore },
    });
    await notify(tx, {
      userId: submission.userId,
      submissionId: submission.id,
      email: true,
      ...offerNotificationContent.offerReminder({
        submissionId: submission.id,
        offerCents: offer.total,
        hoursBefore,
        validUntilText: formatOfferDeadline(offer.validUntil),
      }),
    });
    return 'sent';
  });
}

export function offersJobs({ db, now = () => new Date() }: { db: Db; now?: () => Date }): AnyJobSpec<JobPayloads>[] {
  return [
    defineJob<JobPayloads, 'offer-reminder'>({
      name: 'offer-reminder',
      queue: { retryLimit: 3, retryDelaySeconds: 60, retryBackoff: true },
      async handle(payload) {
        await sendOfferReminder(db, payload, now());
      },
    }),
  ];
}
