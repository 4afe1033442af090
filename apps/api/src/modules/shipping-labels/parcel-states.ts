// The tracking state of a submission's inbound parcels, as the mailbox and the seller see it: each
// parcel's newest state, and of several parcels the one submissionParcelState lets speak (the
// parcel furthest behind, a problem first).
import { isTrackingStatus, submissionParcelState, type TrackingStatus } from '@assay/domain';
import type { DbOrTx } from '../../db/client.ts';
import { type InboundEventJson, inboundEventsOfSubmissions } from './parcel-tracking.repository.ts';

export interface ParcelState {
  status: TrackingStatus;
  message: string | null;
  location: string | null;
  occurredAt: Date;
}

/**
 * The state of each submission's inbound parcels (submissions without an event are absent): with
 * one parcel its newest state, with several the one that speaks for them all.
 */
export async function inboundParcelStates(db: DbOrTx, submissionIds: string[]): Promise<Map<string, ParcelState>> {
  const states = new Map<string, ParcelState>();
  if (submissionIds.length === 0) return states;
  // Newest first, so each label's first row is its parcel's newest state.
  const newestOfEachParcel = new Map<string, Map<string, ParcelState & { recordedAt: Date }>>();
  for (const row of await inboundEventsOfSubmissions(db, submissionIds)) {
    if (!isTrackingStatus(row.status)) continue;
    const parcels = newestOfEachParcel.get(row.submissionId) ?? new Map();
    newestOfEachParcel.set(row.submissionId, parcels);
    if (parcels.has(row.labelId)) continue;
    parcels.set(row.labelId, {
      status: row.status,
      message: row.message,
      location: row.location,
      occurredAt: row.occurredAt,
      recordedAt: row.createdAt,
    });
  }
  for (const [submissionId, parcels] of newestOfEachParcel) {
    const speaking = submissionParcelState([...parcels.values()]);
    if (speaking) {
      const { recordedAt: _recordedAt, ...state } = speaking;
      states.set(submissionId, state);
    }
  }
  return states;
}

/** The state `inboundParcelColumn` carried, as inboundParcelStates gives it. */
export function parcelStateOf(event: InboundEventJson | null): ParcelState | undefined {
  if (!event || !isTrackingStatus(event.status)) return undefined;
  return { status: event.status, message: event.message, location: event.location, occurredAt: new Date(event.occurredAt) };
}
