// What a carrier's tracking event does (DECISIONS "Money and parcels on real rails"): it is kept
// with its label once, and a parcel's new state becomes an entry on the submission's timeline
// ("Parcel in transit", "Parcel delivered", with the carrier's words). The label was bought with
// its own entry (label_created), so the carrier's "pre_transit" adds nothing. A return label's
// parcel delivered to the seller is reported to the caller, which closes the submission.
import { isCarrierScan, isTrackingNews, isTrackingStatus, priceLockChanges, trackingAuditAction } from '@assay/domain';
import type { TrackingEvent } from '../../adapters/carriers/easypost-webhooks.ts';
import type { DbOrTx } from '../../db/client.ts';
import { writeAuditEntry } from '../audit/index.ts';
import { lockPricesAt } from '../pricing/index.ts';
import { insertTrackingEvent, newestEventOfLabel } from './parcel-tracking.repository.ts';
import { lockLabelByTrackingNumber } from './shipping-labels.repository.ts';

export type TrackingOutcome =
  /** No label of ours has this tracking number (another account's parcel, a deleted label). */
  | { kind: 'unknown-label' }
  /** Already stored (a replay, or the tracker resent whole with a later update). */
  | { kind: 'duplicate' }
  /** Stored; no new state for the timeline (a repeated in-transit scan, an older one arriving late). */
  | { kind: 'recorded' }
  /** Stored, and the timeline says it. */
  | { kind: 'news' }
  /** The return label's parcel reached the seller: the caller closes returning -> returned. */
  | { kind: 'return-delivered'; submissionId: string; trackingNumber: string };

/**
 * The first scan of the seller's parcel (the carrier's, else our own at receipt when no carrier
 * event reached us) locks the spot prices of that moment for `lockDays` (issue 27, price-lock.ts),
 * with an entry on the timeline. A later scan (late, or replayed) finds the lock there and changes nothing.
 */
export async function lockParcelPrices(tx: DbOrTx, submissionId: string, scannedAt: Date, lockDays: number) {
  const lock = await lockPricesAt(tx, submissionId, scannedAt, lockDays);
  if (!lock) return;
  await writeAuditEntry(tx, {
    actorId: null,
    entityType: 'submission',
    entityId: submissionId,
    action: 'prices_locked',
    changes: priceLockChanges(lock),
  });
}

export async function applyTrackingEvent(
  tx: DbOrTx,
  event: TrackingEvent,
  options: { lockDays: number },
): Promise<TrackingOutcome> {
  // Locked: two events of one parcel applied at once would each see the other's state as not yet there.
  const label = await lockLabelByTrackingNumber(tx, event.trackingNumber);
  if (!label) return { kind: 'unknown-label' };
  const previous = await newestEventOfLabel(tx, label.id);
  const occurredAt = new Date(event.occurredAt);
  const stored = await insertTrackingEvent(tx, {
    id: crypto.randomUUID(),
    labelId: label.id,
    submissionId: label.submissionId,
    status: event.status,
    carrierStatus: event.carrierStatus,
    message: event.message,
    location: event.location,
    occurredAt,
    eventId: event.eventId,
  });
  if (!stored) return { kind: 'duplicate' };
  if (label.direction === 'inbound' && isCarrierScan(event.status)) {
    await lockParcelPrices(tx, label.submissionId, occurredAt, options.lockDays);
  }
  const before =
    previous && isTrackingStatus(previous.status) ? { status: previous.status, occurredAt: previous.occurredAt } : null;
  if (!isTrackingNews({ status: event.status, occurredAt }, before)) return { kind: 'recorded' };
  if (label.direction === 'return' && event.status === 'delivered') {
    return { kind: 'return-delivered', submissionId: label.submissionId, trackingNumber: label.trackingNumber };
  }
  const action = trackingAuditAction(event.status);
  if (!action) return { kind: 'recorded' };
  await writeAuditEntry(tx, {
    actorId: null,
    entityType: 'submission',
    entityId: label.submissionId,
    action,
    changes: {
      labelId: label.id,
      direction: label.direction,
      trackingNumber: label.trackingNumber,
      carrier: label.carrier,
      trackingStatus: event.status,
      trackingMessage: event.message,
      trackingLocation: event.location,
      occurredAt: occurredAt.toISOString(),
    },
  });
  return { kind: 'news' };
}
