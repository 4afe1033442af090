// How an audit log entry reads to an appraiser: a sentence for the action and one line per
// changed field. Unknown actions and fields still show, in their raw form, so nothing is hidden.
import { statusBadgeLabel } from '@assay/domain';
import { formatDateTime, formatDollars } from '@/lib/format';

const actionLabels: Record<string, string> = {
  created: 'Submission created',
  photos_added: 'Client added photos',
  photos_requested: 'More photos requested',
  label_created: 'Shipping label created',
  received: 'Parcel received',
  offer_submitted: 'Offer submitted',
  notes_updated: 'Internal notes updated',
  id_verification_requested: 'ID verification requested',
  kyc_submitted: 'Client sent ID verification',
  offer_declined: 'Client declined the offer',
  returned: 'Item returned',
  consignment_requested: 'Client asked about consignment',
  payout_requested: 'Client accepted and chose a payout',
  payout_sent: 'Payout sent',
  bank_details_viewed: 'Bank details viewed',
};

export function auditActionLabel(action: string): string {
  return actionLabels[action] ?? action.replaceAll('_', ' ');
}

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
};

/** Ids that mean nothing to a person; the history shows what they point to instead. */
const hiddenFields = new Set(['returnLabelId']);
const moneyFields = new Set(['finalOffer', 'amount', 'insuredValue']);
const dateFields = new Set(['guaranteeDeadline']);

function valueText(field: string, value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (moneyFields.has(field) && (typeof value === 'string' || typeof value === 'number')) {
    return formatDollars(String(value)) ?? String(value);
  }
  if (dateFields.has(field) && typeof value === 'string') return formatDateTime(value) || value;
  if (Array.isArray(value)) return `${value.length}`;
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** 'Final offer: $1,250.00' lines for the fields an entry changed. */
export function auditChangeLines(changes: Record<string, unknown> | null | undefined): string[] {
  if (!changes) return [];
  return Object.entries(changes)
    .filter(([field]) => !hiddenFields.has(field))
    .map(([field, value]) => `${fieldLabels[field] ?? field}: ${valueText(field, value)}`);
}

/** The PDF of the return label an entry made (an admin return or a declined offer), if any. */
export function auditReturnLabelUrl(changes: Record<string, unknown> | null | undefined): string | null {
  const id = changes?.returnLabelId;
  return typeof id === 'string' && id ? `/api/shipping/labels/${encodeURIComponent(id)}/pdf` : null;
}

/** 'New → Appraising', or null when the status did not change. */
export function auditStatusChange(from: string | null, to: string | null): string | null {
  if (!to || from === to) return null;
  return from ? `${statusBadgeLabel(from)} → ${statusBadgeLabel(to)}` : statusBadgeLabel(to);
}
