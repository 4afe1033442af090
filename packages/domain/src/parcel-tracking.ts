// What a parcel is doing, in our words, from the carrier's tracking events (DECISIONS "Money and
// parcels on real rails"): the states, which of them reach the seller's timeline, the sentence
// each entry carries, and what the appraisers' mailbox says about an inbound parcel.
import type { AuditAction } from './audit-actions.ts';
import { utcShortDate } from './day-formats.ts';

export const trackingStatuses = [
  'label_created',
  'in_transit',
  'out_for_delivery',
  'delivered',
  'returned_to_sender',
  'failure',
] as const;
export type TrackingStatus = (typeof trackingStatuses)[number];

export function isTrackingStatus(value: string): value is TrackingStatus {
  return (trackingStatuses as readonly string[]).includes(value);
}

const statusWords: Record<TrackingStatus, string> = {
  label_created: 'Label created',
  in_transit: 'In transit',
  out_for_delivery: 'Out for delivery',
  delivered: 'Delivered',
  returned_to_sender: 'Returned to sender',
  failure: 'Delivery problem',
};

export function trackingStatusLabel(status: TrackingStatus): string {
  return statusWords[status];
}

/**
 * The audit entry a parcel's new state writes on its submission. 'label_created' writes none: the
 * purchase of the label already wrote one (`label_created`), and the timeline must not say it twice.
 */
const auditActionOf: Record<TrackingStatus, AuditAction | null> = {
  label_created: null,
  in_transit: 'parcel_in_transit',
  out_for_delivery: 'parcel_out_for_delivery',
  delivered: 'parcel_delivered',
  returned_to_sender: 'parcel_returned_to_sender',
  failure: 'parcel_problem',
};

export function trackingAuditAction(status: TrackingStatus): AuditAction | null {
  return auditActionOf[status];
}

/**
 * Whether an event is news for the timeline: it is the parcel's newest and its state differs from
 * the newest one before it. A carrier scans a parcel many times "in transit"; the seller reads it
 * once. An older scan arriving late is stored but says nothing new.
 */
export function isTrackingNews(
  event: { status: TrackingStatus; occurredAt: Date },
  previousNewest: { status: TrackingStatus; occurredAt: Date } | null,
): boolean {
  if (trackingAuditAction(event.status) === null) return false;
  if (!previousNewest) return true;
  if (event.occurredAt.getTime() < previousNewest.occurredAt.getTime()) return false;
  return event.status !== previousNewest.status;
}

/**
 * The sentence on a tracking entry: "In transit: Arrived at USPS facility, Memphis TN, Nov 23".
 * The carrier's message is shown as the carrier wrote it (sentence case when it shouts).
 */
export function trackingEventText(e: {
  status: TrackingStatus;
  message?: string | null;
  location?: string | null;
  at: Date;
}): string {
  const message = e.message?.trim() ? readable(e.message.trim()) : null;
  const parts = [message, e.location?.trim() || null, utcShortDate(e.at)].filter(Boolean);
  return `${statusWords[e.status]}: ${parts.join(', ')}`;
}

/** "ARRIVED AT USPS FACILITY" -> "Arrived at USPS facility"; mixed case is left alone. */
function readable(message: string): string {
  if (message !== message.toUpperCase()) return message;
  const words = message.toLowerCase().split(/\s+/);
  const keepUpper = new Set(['usps', 'ups', 'fedex', 'dhl', 'po']);
  return words
    .map((w, i) => (keepUpper.has(w) ? w.toUpperCase() : i === 0 ? w.charAt(0).toUpperCase() + w.slice(1) : w))
    .join(' ');
}

/** "Memphis, TN" from the carrier's location parts; null when it named none. */
export function trackingLocation(city?: string | null, state?: string | null): string | null {
  const place = [city?.trim(), state?.trim()].filter(Boolean).join(' ');
  return place || null;
}

/**
 * What the mailbox says about an inbound parcel. Delivered to us while the submission is still
 * "new" means it sits in the mail room: the appraiser has an intake to do.
 */
export function parcelStateText(status: TrackingStatus, submissionStatus: string): string {
  if (status === 'delivered' && submissionStatus === 'new') return 'Delivered, awaiting intake';
  return statusWords[status];
}

export function awaitsIntake(status: TrackingStatus, submissionStatus: string): boolean {
  return status === 'delivered' && submissionStatus === 'new';
}
