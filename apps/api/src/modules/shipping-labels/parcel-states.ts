// The newest tracking state of a submission's inbound parcel, as the mailbox and the seller see it.
import { isTrackingStatus, type TrackingStatus } from '@assay/domain';
import type { DbOrTx } from '../../db/client.ts';
import { type InboundEventJson, inboundEventsOfSubmissions } from './parcel-tracking.repository.ts';

export interface ParcelState {
  status: TrackingStatus;
  message: string | null;
  location: string | null;
  occurredAt: Date;
}

/** The newest tracking state of each submission's inbound parcel (submissions without one are absent). */
export async function inboundParcelStates(db: DbOrTx, submissionIds: string[]): Promise<Map<string, ParcelState>> {
  const states = new Map<string, ParcelState>();
  if (submissionIds.length === 0) return states;
  for (const row of await inboundEventsOfSubmissions(db, submissionIds)) {
    if (states.has(row.submissionId) || !isTrackingStatus(row.status)) continue;
    states.set(row.submissionId, {
      status: row.status,
      message: row.message,
      location: row.location,
      occurredAt: row.occurredAt,
    });
  }
  return states;
}

/** The state `inboundParcelColumn` carried, as inboundParcelStates gives it. */
export function parcelStateOf(event: InboundEventJson | null): ParcelState | undefined {
  if (!event || !isTrackingStatus(event.status)) return undefined;
  return { status: event.status, message: event.message, location: event.location, occurredAt: new Date(event.occurredAt) };
}
