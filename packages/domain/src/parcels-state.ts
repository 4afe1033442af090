// One submission's inbound parcels said as one state (issue 27 item 1): worth above the insurance
// limit ships as several parcels, each tracked on its own label. The parcel furthest behind speaks
// for the submission, so "Delivered" (the seller's "Your parcel has reached us", the mailbox's
// "Delivered, awaiting intake") waits until every parcel the carrier has reported on is delivered.
// A problem (a delivery failure, a parcel going back to the sender) speaks first: someone must act
// on it. Among parcels at the same stage, the most recent word wins. A parcel the carrier has said
// nothing about yet (a sample label, or not yet handed over) is not counted.
import type { TrackingStatus } from './parcel-tracking.ts';

/** Lower speaks first. The API's SQL column orders by the same ranks (parcelStageRankSql). */
export const parcelStageRank: Readonly<Record<TrackingStatus, number>> = {
  failure: 0,
  returned_to_sender: 0,
  label_created: 1,
  in_transit: 2,
  out_for_delivery: 3,
  delivered: 4,
};

/**
 * The state that speaks for the submission, from each parcel's newest state; undefined for none.
 * Ties on stage go to the later `occurredAt`, then to the later `recordedAt` when given.
 */
export function submissionParcelState<T extends { status: TrackingStatus; occurredAt: Date; recordedAt?: Date }>(
  newestOfEachParcel: readonly T[],
): T | undefined {
  let speaking: T | undefined;
  for (const parcel of newestOfEachParcel) {
    if (!speaking || speaksBefore(parcel, speaking)) speaking = parcel;
  }
  return speaking;
}

function speaksBefore(
  a: { status: TrackingStatus; occurredAt: Date; recordedAt?: Date },
  b: { status: TrackingStatus; occurredAt: Date; recordedAt?: Date },
): boolean {
  const byStage = parcelStageRank[a.status] - parcelStageRank[b.status];
  if (byStage !== 0) return byStage < 0;
  const byTime = a.occurredAt.getTime() - b.occurredAt.getTime();
  if (byTime !== 0) return byTime > 0;
  return (a.recordedAt?.getTime() ?? 0) > (b.recordedAt?.getTime() ?? 0);
}
