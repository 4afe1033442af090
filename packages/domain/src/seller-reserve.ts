// The seller's reserve (issue 27 item 6, decision 040): a dollar amount set at submission. An offer
// at or above it is accepted for the seller automatically, with a window to change their mind
// before anything is paid; an offer below it sends the parcel back free.
import { dollarsToCents, formatCents } from './money.ts';

/** How long the seller may still decline an offer their reserve accepted; no rail is paid before. */
export const RESERVE_DECLINE_HOURS = 24;

/**
 * A reserve this many times the quote's maximum cannot be met by any honest offer; refusing it
 * keeps a typo (an extra zero) from turning into a parcel that surely comes back.
 */
export const RESERVE_MAX_QUOTE_MULTIPLE = 10;

export const reserveMessages = {
  notAmount: 'Please enter the reserve as a dollar amount, like 1500 or 1500.50.',
  notPositive: 'The reserve must be more than $0.',
  payoutNeeded:
    'With a reserve, please choose how you want to be paid (PayPal or paper check), so we can pay you once it is met.',
  onlyBeforeOffer: 'The reserve can only be set or changed before we make our offer.',
  counterWhileAccepted: (untilText: string) =>
    `Your reserve accepted this offer for you; you can decline it until ${untilText}, but not counter it.`,
  itemsWhileAccepted: (untilText: string) =>
    `Your reserve accepted this offer for you; you can decline it until ${untilText}, but not choose item by item.`,
  windowClosed: (untilText: string) =>
    `Your reserve accepted this offer for you and the 24 hours to decline it ended ${untilText}; it is being paid.`,
  offerLockedWhileAccepted: 'The seller’s reserve accepted this offer; it cannot be changed while they may still decline it.',
} as const;

/** The reserve's problem, or null. `quoteMaxCents` is the preliminary quote's maximum (null: unknown). */
export function reserveProblem(reserveCents: number | null, quoteMaxCents: number | null): string | null {
  if (reserveCents === null) return reserveMessages.notAmount;
  if (reserveCents <= 0) return reserveMessages.notPositive;
  if (quoteMaxCents !== null && quoteMaxCents > 0 && reserveCents > quoteMaxCents * RESERVE_MAX_QUOTE_MULTIPLE) {
    return `A reserve of ${formatCents(reserveCents)} is more than ${RESERVE_MAX_QUOTE_MULTIPLE} times our estimate of at most ${formatCents(quoteMaxCents)}; no offer could meet it. Please lower it or leave it empty.`;
  }
  return null;
}

/** The reserve typed in the form ("1500", "1500.50") in cents, or null when it is not an amount. */
export function reserveCentsOf(text: string): number | null {
  return dollarsToCents(text);
}

/**
 * A warning, not a refusal: a reserve above the quote's maximum is allowed, but the seller is told
 * it will likely bring the parcel back.
 */
export function reserveWarning(reserveCents: number | null, quoteMaxCents: number | null): string | null {
  if (reserveCents === null || quoteMaxCents === null || reserveCents <= quoteMaxCents) return null;
  return `Above our estimate of at most ${formatCents(quoteMaxCents)}: an offer is likely to be below it, and your items would come back to you.`;
}

/** What an offer does to a reserve: accepted for the seller (met) or the parcel returned free (missed). */
export function reserveOutcome(offerCents: number, reserveCents: number): 'met' | 'missed' {
  return offerCents >= reserveCents ? 'met' : 'missed';
}

/** Until when the seller may decline an offer their reserve accepted. */
export function reserveDeclineUntil(metAt: Date): Date {
  return new Date(metAt.getTime() + RESERVE_DECLINE_HOURS * 3_600_000);
}

/** Whether the seller may still decline: from the acceptance until, not at, the window's end. */
export function isReserveWindowOpen(metAt: Date, now: Date): boolean {
  return now.getTime() < reserveDeclineUntil(metAt).getTime();
}

/** The seller's words for an offer below their reserve. */
export function reserveMissedSentence(offerCents: number, reserveCents: number): string {
  return `Our offer of ${formatCents(offerCents)} was below your reserve of ${formatCents(reserveCents)}, so we are returning your items free.`;
}

/** The seller's words for an offer their reserve accepted. */
export function reserveMetSentence(offerCents: number, reserveCents: number, untilText: string): string {
  return `Our offer of ${formatCents(offerCents)} meets your reserve of ${formatCents(reserveCents)}, so we accepted it for you. You can still decline it until ${untilText}; after that we pay you.`;
}
