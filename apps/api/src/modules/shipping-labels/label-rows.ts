// What other modules may read or change of the labels: a submission's labels for its answer, and
// the sender of sample labels when the client corrects the address. Its own file (not the service)
// so the modules the service reads from can use it too.
import { isTrackingStatus, type ShippingAddress, type TrackingStatus } from '@assay/domain';
import type { DbOrTx } from '../../db/client.ts';
import type { DecryptionKeys } from '../../lib/crypto.ts';
import { openAddress, type PostalArea, personalDataContext, readAddressForReport, sealAddress } from '../../lib/personal-data.ts';
import { type InboundEventJson, inboundEventsOfSubmissions, newestInboundEventOfRow } from './parcel-tracking.repository.ts';
import { listLabelsOfSubmission, updateSenderOfUnshippedSampleLabels } from './shipping-labels.repository.ts';

/** The submission's labels (inbound, return), oldest first, as a summary. */
export function labelsOfSubmission(db: DbOrTx, submissionId: string) {
  return listLabelsOfSubmission(db, submissionId);
}

/** A label's two addresses, sealed for its row (lib/personal-data.ts): what an insert writes. */
export function sealLabelAddresses(encryptionKey: string, labelId: string, sender: ShippingAddress, receiver: ShippingAddress) {
  const sealedSender = sealAddress(encryptionKey, sender, personalDataContext.labelSenderStreet(labelId));
  const sealedReceiver = sealAddress(encryptionKey, receiver, personalDataContext.labelReceiverStreet(labelId));
  return {
    sender: sealedSender.address,
    encryptedSenderStreet: sealedSender.encryptedStreet,
    receiver: sealedReceiver.address,
    encryptedReceiverStreet: sealedReceiver.encryptedStreet,
  };
}

interface StoredLabelAddresses {
  id: string;
  sender: PostalArea;
  encryptedSenderStreet: string | null;
  receiver: PostalArea;
  encryptedReceiverStreet: string | null;
}

/** A label's two addresses whole, to print or to hand to the carrier; throws if no key opens them. */
export function openLabelAddresses(keys: DecryptionKeys, row: StoredLabelAddresses) {
  return {
    sender: openAddress(keys, row.sender, row.encryptedSenderStreet, personalDataContext.labelSenderStreet(row.id))!,
    receiver: openAddress(keys, row.receiver, row.encryptedReceiverStreet, personalDataContext.labelReceiverStreet(row.id))!,
  };
}

/** The same for an export: a street no key opens reads UNREADABLE instead of failing the file. */
export function readLabelAddressesForReport(keys: DecryptionKeys, row: StoredLabelAddresses) {
  return {
    sender: readAddressForReport(keys, row.sender, row.encryptedSenderStreet, personalDataContext.labelSenderStreet(row.id))!,
    receiver: readAddressForReport(
      keys,
      row.receiver,
      row.encryptedReceiverStreet,
      personalDataContext.labelReceiverStreet(row.id),
    )!,
  };
}

/** The client's sample labels of parcels not yet received take the corrected sender. */
export function followCorrectedSender(tx: DbOrTx, encryptionKey: string, userId: string, sender: ShippingAddress) {
  return updateSenderOfUnshippedSampleLabels(tx, encryptionKey, userId, sender);
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
