// Large purchases need the seller's identity checked before we pay (SPEC 9, DECISIONS
// "Submissions and their life"); the server sets the flag and the payout waits on it.

/** $10,000.00. An offer of exactly this amount does not need KYC; one cent more does. */
export const KYC_THRESHOLD_CENTS = 1_000_000;

/**
 * Why an ID check stands before the payout, so the seller is told the real reason: the offer is
 * above the threshold, or an appraiser asked ("Request ID Verification", the flag on a smaller
 * offer). The server also sets the flag above the threshold, so the amount is read first.
 */
export type KycReason = 'above-threshold' | 'requested';

export function kycReason(finalOfferCents: number | null | undefined, flag: boolean | null | undefined): KycReason | null {
  if (typeof finalOfferCents === 'number' && finalOfferCents > KYC_THRESHOLD_CENTS) return 'above-threshold';
  return flag === true ? 'requested' : null;
}

export function requiresKyc(finalOfferCents: number | null | undefined, flag: boolean | null | undefined): boolean {
  return kycReason(finalOfferCents, flag) !== null;
}
