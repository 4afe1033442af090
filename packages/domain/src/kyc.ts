// Large purchases need the seller's identity checked before we pay (SPEC 9, DECISIONS
// "Submissions and their life"); the server sets the flag and the payout waits on it.

/** $10,000.00. An offer of exactly this amount does not need KYC; one cent more does. */
export const KYC_THRESHOLD_CENTS = 1_000_000;

export function requiresKyc(finalOfferCents: number | null | undefined, flag: boolean | null | undefined): boolean {
  if (flag === true) return true;
  return typeof finalOfferCents === 'number' && finalOfferCents > KYC_THRESHOLD_CENTS;
}
