// What the client actually receives (DECISIONS "Payouts": PayPal minus 2.9% and $0.30, to the
// cent). Computed in integer cents so the amount shown before confirming is the amount paid.
import type { PayoutMethod } from './payout-method.ts';

/** 2.9% expressed in basis points, so the fee is integer arithmetic. */
export const PAYPAL_FEE_BASIS_POINTS = 290;
export const PAYPAL_FEE_FIXED_CENTS = 30;

function assertAmountCents(cents: number, what: string): void {
  if (!Number.isSafeInteger(cents) || cents < 0) {
    throw new RangeError(`${what} must be a whole, non-negative number of cents, got ${String(cents)}.`);
  }
}

/** amountCents × basisPoints / 10,000, rounded half up; bigint so no size loses precision. */
export function applyBasisPoints(amountCents: number, basisPoints: number): number {
  const product = BigInt(amountCents) * BigInt(basisPoints);
  const quotient = product / 10_000n;
  return Number((product % 10_000n) * 2n >= 10_000n ? quotient + 1n : quotient);
}

/**
 * PayPal's fee on an amount: 2.9% rounded half up to the cent, plus 30 cents.
 * Throws RangeError unless the amount is a non-negative safe integer.
 */
export function paypalFeeCents(amountCents: number): number {
  assertAmountCents(amountCents, 'The amount');
  return applyBasisPoints(amountCents, PAYPAL_FEE_BASIS_POINTS) + PAYPAL_FEE_FIXED_CENTS;
}

/** The fee we deduct for a payout method; only PayPal has one. */
export function payoutFeeCents(finalOfferCents: number, method: PayoutMethod): number {
  assertAmountCents(finalOfferCents, 'The final offer');
  return method === 'paypal' ? paypalFeeCents(finalOfferCents) : 0;
}

/**
 * The amount paid out for an accepted offer. ACH and check pay the offer in full; PayPal pays it
 * minus the fee.
 *
 * Decision: throws RangeError (never clamps) when the PayPal fee would eat the whole offer, so
 * the server refuses with a message instead of recording a $0.00 or negative payout.
 */
export function payoutAmountCents(finalOfferCents: number, method: PayoutMethod): number {
  const payout = finalOfferCents - payoutFeeCents(finalOfferCents, method);
  if (payout > 0) return payout;
  throw new RangeError(
    method === 'paypal'
      ? 'This offer is too small to pay by PayPal after its fee; please choose ACH or check.'
      : 'There is nothing to pay out: the final offer is $0.00.',
  );
}

/** Whether payoutAmountCents would succeed; lets the page disable a method instead of failing. */
export function canPayOut(finalOfferCents: number, method: PayoutMethod): boolean {
  if (!Number.isSafeInteger(finalOfferCents) || finalOfferCents <= 0) return false;
  return finalOfferCents - payoutFeeCents(finalOfferCents, method) > 0;
}
