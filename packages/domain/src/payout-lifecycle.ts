// A payout's life (DECISIONS "Money and parcels on real rails"): recorded `pending`, handed to a
// rail (`processing`), then `paid`, or `failed` / `returned` / `unclaimed` with the rail's reason;
// a failed, returned or unclaimed payout goes back to `pending` with new details and is tried
// again. The server writes a payout's status only by firing one of these named transitions (the
// status gate, apps/api modules/transactions/payout-status.repository.ts), so the allowed moves
// exist once, and the words the seller reads for each state are beside them.
import { utcShortDate } from './day-formats.ts';
import {
  isPayoutMethod,
  isPayoutRail,
  payoutMethodInfo,
  payoutTiming,
  type PayoutMethod,
  type PayoutRail,
} from './payout-method.ts';

export const payoutStatuses = ['pending', 'processing', 'paid', 'failed', 'returned', 'unclaimed'] as const;
export type PayoutStatus = (typeof payoutStatuses)[number];

export function isPayoutStatus(value: string): value is PayoutStatus {
  return (payoutStatuses as readonly string[]).includes(value);
}

export interface PayoutTransition {
  readonly from: readonly PayoutStatus[];
  readonly to: PayoutStatus;
}

/**
 * Every status change a payout can make, by name. Nothing leaves `paid` except a return (an ACH
 * entry can come back after it settled); a payout never "moves" to the status it has.
 */
export const payoutTransitions = {
  /** Handed to a rail: in an ACH batch file, a PayPal batch, a check printed. */
  handToRail: { from: ['pending'], to: 'processing' },
  /** The money reached the seller: a manual payment recorded, a PayPal success, an ACH entry settled, a check mailed. */
  confirmPaid: { from: ['pending', 'processing'], to: 'paid' },
  /** The rail refused it (a PayPal failure or block, a voided check). */
  fail: { from: ['pending', 'processing'], to: 'failed' },
  /** It came back: an ACH return (R-code) or a PayPal return. */
  markReturned: { from: ['processing', 'paid'], to: 'returned' },
  /** The PayPal receiver never claimed it. */
  markUnclaimed: { from: ['processing'], to: 'unclaimed' },
  /** New details from the seller: the same payout is tried again (never a second one). */
  retry: { from: ['failed', 'returned', 'unclaimed'], to: 'pending' },
} as const satisfies Record<string, PayoutTransition>;

export type PayoutTransitionName = keyof typeof payoutTransitions;

/** The statuses in which the seller must give new details before anything else happens. */
export const payoutNeedsNewDetails = ['failed', 'returned', 'unclaimed'] as const satisfies readonly PayoutStatus[];

export function needsNewPayoutDetails(status: string): boolean {
  return (payoutNeedsNewDetails as readonly string[]).includes(status);
}

/** Where a status may go, derived from payoutTransitions. */
export function payoutTargetsFrom(from: PayoutStatus): PayoutStatus[] {
  return payoutStatuses.filter((to) =>
    Object.values(payoutTransitions).some((t) => t.to === to && (t.from as readonly string[]).includes(from)),
  );
}

export function canFirePayoutTransition(status: string, transition: PayoutTransitionName): boolean {
  return (payoutTransitions[transition].from as readonly string[]).includes(status);
}

export const payoutStatusLabels: Record<PayoutStatus, string> = {
  pending: 'Waiting to be sent',
  processing: 'On its way',
  paid: 'Paid',
  failed: 'Failed',
  returned: 'Returned',
  unclaimed: 'Unclaimed',
};

/** Why a move is refused, as the appraiser reads it. */
export function payoutTransitionRefusal(current: string, transition: PayoutTransitionName): string {
  const label = isPayoutStatus(current) ? payoutStatusLabels[current] : current;
  const to = payoutStatusLabels[payoutTransitions[transition].to];
  return `This payout is "${label}", so it cannot become "${to}".`;
}

const railNames: Record<PayoutRail, (method: PayoutMethod) => string> = {
  manual: (method) => payoutMethodInfo[method].label.replace(/ Bank Transfer$/, ''),
  'ach-file': () => 'ACH',
  paypal: () => 'PayPal',
  check: () => 'check',
};

/**
 * A check on its way is printed, not yet sent; once paid it is in the mail (the check register,
 * check-register.ts: its reference is the check number, then "Check 1234").
 */
function checkStateText(status: 'processing' | 'paid', day: string, reference: string | null | undefined): string {
  const number = reference ? reference.replace(/^Check /, '') : null;
  return status === 'processing'
    ? `${number ? `Check ${number}` : 'Your check'} printed ${day}; we mail it within 1 business day.`
    : `Paid by check${number ? ` ${number}` : ''}, mailed ${day}; it usually arrives in ${payoutTiming('check', 'check')}.`;
}

/**
 * What the rail's reference is, said as the seller would look it up with their bank or PayPal: the
 * ACH file's trace number; PayPal's payout item id while it is on its way, its transaction id once
 * PayPal says it succeeded (payout-adapter.ts). A reference typed by a person (the manual rail) is
 * whatever the bank or PayPal showed them, so it stays "reference".
 */
function referenceText(rail: PayoutRail, status: PayoutStatus, reference: string | null | undefined): string {
  if (!reference) return '';
  if (rail === 'ach-file') return `, trace number ${reference}`;
  if (rail === 'paypal') return status === 'paid' ? `, transaction ID ${reference}` : `, payout item ${reference}`;
  return `, reference ${reference}`;
}

/**
 * One line on the seller's submission and timeline for the payout's state: "Sent Nov 23 by ACH,
 * trace number 091000010000412", "Returned Nov 25 by the bank: account closed (R02). Please give
 * new details."
 */
export function payoutStateText(p: {
  status: PayoutStatus;
  rail: PayoutRail;
  method: PayoutMethod;
  at: Date;
  reference?: string | null;
  reason?: string | null;
}): string {
  const by = railNames[p.rail](p.method);
  const day = utcShortDate(p.at);
  const ref = referenceText(p.rail, p.status, p.reference);
  const why = p.reason ? `: ${p.reason}` : '';
  if (p.rail === 'check' && (p.status === 'processing' || p.status === 'paid')) return checkStateText(p.status, day, p.reference);
  switch (p.status) {
    case 'pending':
      return `Waiting to be sent by ${by} (since ${day}).`;
    case 'processing':
      // Sent by a person: it is paid once the provider's confirmation is recorded (decision 034).
      return p.rail === 'manual'
        ? `Sent ${day} by ${by}${ref}; marked paid once ${p.method === 'paypal' ? 'PayPal' : 'the bank'} confirms it.`
        : `Sent ${day} by ${by}${ref}.`;
    case 'paid':
      return `Paid ${day} by ${by}${ref}.`;
    case 'failed':
      return `Could not be paid ${day}${why}. Please give new payout details.`;
    case 'returned':
      // A check "comes back" when we stop it (lost in the mail, never cashed), not by a bank's return.
      return p.method === 'check'
        ? `Check stopped ${day}${why}. Please give new payout details.`
        : `Returned ${day} by ${p.method === 'paypal' ? 'PayPal' : 'your bank'}${why}. Please give new payout details.`;
    case 'unclaimed':
      return `Not claimed on PayPal by ${day}. Please give new payout details.`;
  }
}

/**
 * Why the seller is asked for new details, said plainly at the top of the form: "Your bank returned
 * the payment: account closed (R02)." Null while the payout needs nothing from them.
 */
export function payoutRetryNotice(p: { status: string; method: string; reason?: string | null }): string | null {
  const why = p.reason ? `: ${p.reason}` : '';
  switch (p.status) {
    case 'failed':
      return `We could not send your payment${why}.`;
    case 'returned':
      return p.method === 'check'
        ? `We stopped the check${why}.`
        : `${p.method === 'paypal' ? 'PayPal' : 'Your bank'} returned the payment${why}.`;
    case 'unclaimed':
      return `The PayPal payment was not claimed${why}.`;
    default:
      return null;
  }
}

/**
 * payoutStateText for values read back as plain strings (a payout's row or DTO, an audit entry's
 * changes): null when the status, rail or method is not one the lifecycle knows, rather than a
 * wrong sentence.
 */
export function readPayoutStateText(p: {
  status: string | null | undefined;
  rail: string | null | undefined;
  method: string | null | undefined;
  at: Date;
  reference?: string | null;
  reason?: string | null;
}): string | null {
  const method = p.method;
  if (!p.status || !isPayoutStatus(p.status) || !isPayoutRail(p.rail) || !isPayoutMethod(method)) return null;
  return payoutStateText({
    status: p.status,
    rail: p.rail,
    method,
    at: p.at,
    reference: p.reference,
    reason: p.reason,
  });
}
