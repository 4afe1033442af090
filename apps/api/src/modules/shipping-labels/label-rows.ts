// What other modules may read or change of the labels: a submission's labels for its answer, and
// the sender of sample labels when the client corrects the address. Its own file (not the service)
// so the modules the service reads from can use it too.
import { isTrackingStatus, type ShippingAddress, type TrackingStatus } from '@assay/domain';
import type { DbOrTx } from '../../db/client.ts';
import { type InboundEventJson, inboundEventsOfSubmissions, newestInboundEventOfRow } from './parcel-tracking.repository.ts';
import { listLabelsOfSubmission, updateSenderOfUnshippedSampleLabels } from './shipping-labels.repository.ts';

/** The submission's labels (inbound, return), oldest first, as a summary. */
export function labelsOfSubmission(db: DbOrTx, submissionId: string) {
  return listLabelsOfSubmission(db, submissionId);
}

/** The client's sample labels of parcels not yet received take the corrected sender. */
export function followCorrectedSender(tx: DbOrTx, userId: string, sender: ShippingAddress) {
  return updateSenderOfUnshippedSampleLabels(tx, userId, sender);
}

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

/** A column for a select from submissions: the inbound parcel's newest state; read it with parcelStateOf. */
export const inboundParcelColumn = newestInboundEventOfRow;

/** The state `inboundParcelColumn` carried, as inboundParcelStates gives it. */
export function parcelStateOf(event: InboundEventJson | null): ParcelState | undefined {
  if (!event || !isTrackingStatus(event.status)) return undefined;
  return { status: event.status, message: event.message, location: event.location, occurredAt: new Date(event.occurredAt) };
}
