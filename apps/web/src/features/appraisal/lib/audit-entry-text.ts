// How an audit log entry reads to an appraiser: a sentence for the action and one line per
// changed field. Unknown actions and fields still show, in their raw form, so nothing is hidden.
import {
  appraiserHistoryLabel,
  imageThumbnailUrl,
  imageUrl,
  isTrackingStatus,
  priceLockFromChanges,
  priceLockSentence,
  statusBadgeLabel,
  trackingEventText,
} from '@assay/domain';
import { formatDateTime, formatDollars } from '@/lib/format';

/** The label from the one action list the client's timeline also reads (packages/domain). */
export const auditActionLabel = appraiserHistoryLabel;

const fieldLabels: Record<string, string> = {
  finalOffer: 'Final offer',
  actualWeight: 'Actual weight',
  requiresKyc: 'ID check required',
  guaranteeDeadline: 'Guarantee deadline',
  message: 'Message',
  reason: 'Reason',
  reference: 'Reference',
  trackingNumber: 'Tracking number',
  payoutMethod: 'Payout method',
  amount: 'Amount',
  images: 'Photos',
  carrier: 'Carrier',
  freeReturn: 'Free return shipping',
  insuredValue: 'Insured for',
  intakePhotoIds: 'Intake photos',
  checkNumber: 'Check number',
  mailedOn: 'Mailed on',
  // Compliance (issue 13): the rule stored at receipt, the hold, a statement, a disposition.
  rulesVersion: 'Rule table version',
  ruleCodes: 'Rules (seller, vault)',
  holdUntil: 'Hold until',
  statementVersion: 'Statement version',
  disposition: 'Disposition',
  note: 'Note',
  // The bench (issue 28): a test's method, instrument and result.
  testMethod: 'Method',
  instrumentName: 'Instrument',
  summary: 'Result',
};

/** Ids that mean nothing to a person; the history shows what they point to instead. */
const hiddenFields = new Set(['returnLabelId', 'checkId', 'statementId', 'testId', 'lineId', 'instrumentId']);
const moneyFields = new Set(['finalOffer', 'amount', 'insuredValue']);
const dateFields = new Set(['guaranteeDeadline', 'holdUntil']);

function valueText(field: string, value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (moneyFields.has(field) && (typeof value === 'string' || typeof value === 'number')) {
    return formatDollars(String(value)) ?? String(value);
  }
  if (dateFields.has(field) && typeof value === 'string') return formatDateTime(value) || value;
  if (field === 'ruleCodes' && Array.isArray(value)) return value.join(', ');
  if (Array.isArray(value)) return `${value.length}`;
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** 'Final offer: $1,250.00' lines for the fields an entry changed. */
export function auditChangeLines(changes: Record<string, unknown> | null | undefined): string[] {
  if (!changes) return [];
  const lock = priceLockFromChanges(changes);
  if (lock) return [priceLockSentence(lock)];
  const tracking = trackingLine(changes);
  if (tracking) {
    return [tracking, ...(typeof changes.trackingNumber === 'string' ? [`Tracking number: ${changes.trackingNumber}`] : [])];
  }
  return Object.entries(changes)
    .filter(([field]) => !hiddenFields.has(field))
    .map(([field, value]) => `${fieldLabels[field] ?? field}: ${valueText(field, value)}`);
}

/** A carrier's tracking entry (parcel_*) as its one sentence: "In transit: Arrived at USPS facility, Memphis TN, Nov 23". */
function trackingLine(changes: Record<string, unknown>): string | null {
  const { trackingStatus, trackingMessage, trackingLocation, occurredAt } = changes;
  if (typeof trackingStatus !== 'string' || !isTrackingStatus(trackingStatus) || typeof occurredAt !== 'string') return null;
  const at = new Date(occurredAt);
  if (Number.isNaN(at.getTime())) return null;
  return trackingEventText({
    status: trackingStatus,
    message: typeof trackingMessage === 'string' ? trackingMessage : null,
    location: typeof trackingLocation === 'string' ? trackingLocation : null,
    at,
  });
}

/** The PDF of the return label an entry made (an admin return or a declined offer), if any. */
export function auditReturnLabelUrl(changes: Record<string, unknown> | null | undefined): string | null {
  const id = changes?.returnLabelId;
  return typeof id === 'string' && id ? `/api/shipping/labels/${encodeURIComponent(id)}/pdf` : null;
}

/** The intake photos a "received" entry names (DECISIONS "Intake evidence"), as image addresses. */
export function auditIntakePhotos(changes: Record<string, unknown> | null | undefined): { url: string; thumbnailUrl: string }[] {
  const ids = changes?.intakePhotoIds;
  if (!Array.isArray(ids)) return [];
  return ids
    .filter((id): id is string => typeof id === 'string' && id.length > 0)
    .map((id) => ({ url: imageUrl(id), thumbnailUrl: imageThumbnailUrl(id) }));
}

/** 'New → Appraising', or null when the status did not change. */
export function auditStatusChange(from: string | null, to: string | null): string | null {
  if (!to || from === to) return null;
  return from ? `${statusBadgeLabel(from)} → ${statusBadgeLabel(to)}` : statusBadgeLabel(to);
}
