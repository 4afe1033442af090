// The two readings of the audit log: the client's timeline of their submission and the appraiser's
// full history. Both take their labels from the one action list in packages/domain.
import {
  type AuditChanges,
  type AuditEntry,
  readPayoutStateText,
  clientTimelineLabel,
  dollarsToCents,
  formatCents,
  imageThumbnailUrl,
  imageUrl,
  type IntakePhoto,
  isTrackingStatus,
  priceLockFromChanges,
  priceLockSentence,
  trackingEventText,
  statusBadgeLabel,
  type TimelineEntry,
} from '@assay/domain';
import type { DbOrTx } from '../../db/client.ts';
import type { Actor } from '../../access/actor.ts';
import { type AuditListRow, type AuditRef, listAuditEntries } from './audit.repository.ts';

const rawLabel = (action: string) => action.replaceAll('_', ' ').replace(/^./, (c) => c.toUpperCase());

/** The intake photos named on an entry (the "received" one), as addresses the viewer can open. */
function intakePhotosOf(changes: unknown): IntakePhoto[] | undefined {
  const ids = (changes as { intakePhotoIds?: unknown } | null)?.intakePhotoIds;
  if (!Array.isArray(ids) || ids.length === 0) return undefined;
  return ids
    .filter((id): id is string => typeof id === 'string')
    .map((id) => ({ id, url: imageUrl(id), thumbnailUrl: imageThumbnailUrl(id) }));
}

/** On a payout's entries: its state in the seller's words, from what the entry recorded. */
function payoutDetailOf(changes: unknown, at: Date): string | undefined {
  const c = (changes ?? {}) as AuditChanges;
  return (
    readPayoutStateText({
      status: c.payoutStatus,
      rail: c.payoutRail,
      method: c.payoutMethod,
      at,
      reference: c.reference,
      reason: c.reason,
    }) ?? undefined
  );
}

/** On a parcel's tracking entries: "In transit: Arrived at USPS facility, Memphis TN, Nov 23". */
function trackingDetailOf(changes: unknown): string | undefined {
  const c = (changes ?? {}) as AuditChanges;
  if (!c.trackingStatus || !isTrackingStatus(c.trackingStatus) || !c.occurredAt) return undefined;
  const at = new Date(c.occurredAt);
  if (Number.isNaN(at.getTime())) return undefined;
  return trackingEventText({ status: c.trackingStatus, message: c.trackingMessage, location: c.trackingLocation, at });
}

/** On a price lock's entry: "Prices locked on Nov 20 until Nov 27: Gold $2,600.00/oz, ...". */
function priceLockDetailOf(changes: unknown): string | undefined {
  const lock = priceLockFromChanges(changes);
  return lock ? priceLockSentence(lock) : undefined;
}

/**
 * A label among several parcels' (issue 27 item 1) says which: "Parcel 2 of 3, insured for $25,000.00",
 * so three "Shipping label created" entries in a row read as three parcels, not a repeat.
 */
function parcelLabelDetailOf(action: string, changes: AuditListRow['changes']): string | undefined {
  if (action !== 'label_created') return undefined;
  const { parcelNumber, parcelCount, insuredValue } = (changes ?? {}) as Record<string, unknown>;
  if (typeof parcelNumber !== 'number' || typeof parcelCount !== 'number' || parcelCount < 2) return undefined;
  const cents = typeof insuredValue === 'string' ? dollarsToCents(insuredValue) : null;
  return `Parcel ${parcelNumber} of ${parcelCount}${cents === null ? '' : `, insured for ${formatCents(cents)}`}`;
}

/** A reserve's entries (decision 040) carry the seller's sentence: why it was accepted or returned. */
function reserveDetailOf(action: string, changes: AuditListRow['changes']): string | undefined {
  return action.startsWith('reserve_') && typeof changes?.message === 'string' ? changes.message : undefined;
}

/** The seller's choices item by item (decision 042): what they kept, and what comes back. */
function itemsChosenDetailOf(action: string, changes: AuditListRow['changes']): string | undefined {
  if (action !== 'items_chosen' || typeof changes?.finalOffer !== 'string' || typeof changes.declinedItems !== 'number') {
    return undefined;
  }
  const kept = dollarsToCents(changes.finalOffer);
  if (kept === null) return undefined;
  const declined = changes.declinedItems === 1 ? '1 declined item comes' : `${changes.declinedItems} declined items come`;
  return `The items you accepted make a new offer of ${formatCents(kept)}; ${declined} back in one insured parcel once it is paid.`;
}

/**
 * The timeline a viewer sees. Clients see the entries meant for them and any status change; the
 * rest (internal notes, another record's bookkeeping) stays with the appraisers.
 */
export function timelineOf(entries: readonly AuditListRow[], viewer: Actor): TimelineEntry[] {
  return entries
    .filter((e) => viewer.isAdmin || clientTimelineLabel(e.action) !== null || e.toStatus !== null)
    .map((e) => {
      const photos = intakePhotosOf(e.changes);
      const detail =
        payoutDetailOf(e.changes, e.createdAt) ??
        trackingDetailOf(e.changes) ??
        priceLockDetailOf(e.changes) ??
        reserveDetailOf(e.action, e.changes) ??
        itemsChosenDetailOf(e.action, e.changes) ??
        parcelLabelDetailOf(e.action, e.changes);
      return {
        at: e.createdAt.toISOString(),
        action: e.action,
        fromStatus: e.fromStatus,
        toStatus: e.toStatus,
        label: clientTimelineLabel(e.action) ?? (e.toStatus ? `Status: ${statusBadgeLabel(e.toStatus)}` : rawLabel(e.action)),
        ...(photos ? { photos } : {}),
        ...(detail ? { detail } : {}),
      };
    });
}

/** A submission's timeline for the viewer (its own entries only: a payout's stay with appraisers). */
export async function submissionTimeline(db: DbOrTx, viewer: Actor, submissionId: string): Promise<TimelineEntry[]> {
  return timelineOf(await listAuditEntries(db, [{ entityType: 'submission', entityId: submissionId }]), viewer);
}

/** The appraiser's history of several records, oldest first, with who acted. */
export async function appraiserHistory(db: DbOrTx, refs: readonly AuditRef[]): Promise<AuditEntry[]> {
  const entries = await listAuditEntries(db, refs);
  return entries.map((e) => ({
    id: e.id,
    at: e.createdAt.toISOString(),
    action: e.action,
    fromStatus: e.fromStatus,
    toStatus: e.toStatus,
    changes: (e.changes as Record<string, unknown> | null) ?? null,
    actor: e.actorId ? { id: e.actorId, name: e.actorName ?? '', email: e.actorEmail ?? '' } : null,
  }));
}
