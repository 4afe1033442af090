// What a verified EasyPost tracker event does: the parcel's state is kept with its label and, when
// it is news, written on the submission's timeline (modules/shipping-labels parcel-tracking); a
// return label's parcel delivered to the seller closes the submission returning -> returned, as an
// appraiser's "return delivered" does, with no actor (the carrier said so). Safe to run twice: a
// stored event is not stored again, and a closed submission is not closed again.
import { readTrackerEvent } from '../../adapters/carriers/easypost-webhooks.ts';
import type { DbOrTx } from '../../db/client.ts';
import { recordReturnDelivered } from '../appraisal/appraisal.service.ts';
import { applyTrackingEvent } from '../shipping-labels/parcel-tracking.service.ts';
import { lockSubmissionRow } from '../submissions/submission-rows.ts';

export type EasyPostEventOutcome = 'applied' | 'no-news' | 'unknown-label' | 'duplicate' | 'not-a-tracking-event';

export async function applyEasyPostEvent(tx: DbOrTx, payload: unknown): Promise<EasyPostEventOutcome> {
  const reading = readTrackerEvent(payload);
  if (reading.kind !== 'tracking') return 'not-a-tracking-event';
  const outcome = await applyTrackingEvent(tx, reading.event);
  switch (outcome.kind) {
    case 'unknown-label':
    case 'duplicate':
      return outcome.kind;
    case 'recorded':
      return 'no-news';
    case 'news':
      return 'applied';
    case 'return-delivered': {
      const submission = await lockSubmissionRow(tx, outcome.submissionId);
      // Only the parcel the submission is waiting for closes it, and only while it is on its way.
      if (!submission || submission.status !== 'returning' || submission.returnTrackingNumber !== outcome.trackingNumber) {
        return 'no-news';
      }
      await recordReturnDelivered(tx, new Date(reading.event.occurredAt), null, submission);
      return 'applied';
    }
  }
}
