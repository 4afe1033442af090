// What a verified EasyPost tracker event does: the parcel's state is kept with its label and, when
// it is news, written on the submission's timeline (modules/shipping-labels parcel-tracking); a
// return label's parcel delivered to the seller closes the submission returning -> returned, as an
// appraiser's "return delivered" does, with no actor (the carrier said so). Safe to run twice: a
// stored event is not stored again, and a closed submission is not closed again.
//
// An event whose status moves a submission or tells staff a parcel has arrived is not taken from
// its body (decision 023): the job fetches the tracker (GET /v2/trackers/{id}) and applies the
// tracker's current state. Events that only add an in-transit line to the timeline are applied as
// signed, so each scan keeps its own words and time.
import type { TrackingStatus } from '@assay/domain';
import type { CarrierAdapter } from '../../adapters/carriers/carrier.ts';
import type { TrackingEvent } from '../../adapters/carriers/easypost-webhooks.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { JobLogger } from '../../jobs/job-engine.ts';
import { recordReturnDelivered } from '../appraisal/index.ts';
import { applyTrackingEvent } from '../shipping-labels/index.ts';
import { lockSubmissionRow } from '../submissions/index.ts';

/** Statuses confirmed with the carrier before they are applied. */
const CONFIRMED_STATUSES: ReadonlySet<TrackingStatus> = new Set(['delivered', 'returned_to_sender']);

/**
 * The event to apply: as received for a status that moves nothing, else the tracker as the carrier
 * holds it now, under the event's id. Null when it cannot be confirmed (no tracker id, a carrier
 * that cannot be asked, a tracker the carrier does not know): it then changes nothing. Throws the
 * carrier's error when it cannot be asked now: the job is retried.
 */
export async function confirmTrackingEvent(
  carrier: CarrierAdapter,
  event: TrackingEvent,
  logger: JobLogger,
): Promise<TrackingEvent | null> {
  if (!CONFIRMED_STATUSES.has(event.status)) return event;
  if (!event.trackerId || !carrier.fetchTracker) return null;
  const tracker = await carrier.fetchTracker(event.trackerId);
  if (!tracker) return null;
  if (tracker.status !== event.status || tracker.trackingNumber !== event.trackingNumber) {
    logger.warn(
      { eventId: event.eventId, trackerId: event.trackerId, bodyStatus: event.status, trackerStatus: tracker.status },
      "an EasyPost tracker event's body disagrees with the tracker; the tracker's state is applied",
    );
  }
  return { ...tracker, eventId: event.eventId };
}

export type EasyPostEventOutcome = 'applied' | 'no-news' | 'unknown-label' | 'duplicate';

export async function applyEasyPostEvent(
  tx: DbOrTx,
  event: TrackingEvent,
  options: { lockDays: number },
): Promise<EasyPostEventOutcome> {
  const outcome = await applyTrackingEvent(tx, event, options);
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
      await recordReturnDelivered(tx, new Date(event.occurredAt), null, submission);
      return 'applied';
    }
  }
}
