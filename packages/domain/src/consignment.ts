// The consignment page compares selling to us outright with selling through us at auction
// (SPEC 2, SPEC 9 "Consignment"). Its tiers and fees are business terms, so they are constants
// with one calculation behind them, in cents.
import { applyBasisPoints } from './fees.ts';

export interface ConsignmentTier {
  /** Highest sale in the tier, inclusive; null for the open-ended top tier. */
  readonly upToCents: number | null;
  readonly commissionBasisPoints: number;
  readonly label: string;
}

/**
 * The SPEC's ranges ("$5,001-$15,000") leave the cents between $5,000.00 and $5,001.00 open;
 * each tier here runs from one cent above the previous ceiling up to its own, inclusive.
 */
export const consignmentTiers: readonly ConsignmentTier[] = [
  { upToCents: 500_000, commissionBasisPoints: 1500, label: 'Up to $5,000' },
  { upToCents: 1_500_000, commissionBasisPoints: 1200, label: '$5,001 - $15,000' },
  { upToCents: 5_000_000, commissionBasisPoints: 1000, label: '$15,001 - $50,000' },
  { upToCents: null, commissionBasisPoints: 800, label: 'Above $50,000' },
];

/** Paid by the buyer on top of the hammer price; it does not reduce the seller's payout. */
export const BUYERS_PREMIUM_BASIS_POINTS = 1800;
export const BUYERS_PREMIUM_RATE = 0.18;
export const LISTING_FEE_CENTS = 2500;
export const CONSIGNMENT_PAYOUT_HOURS_AFTER_SALE = 48;

/** The SPEC's worked example: $8,500 direct versus $10,200 - $12,500 on consignment. */
export const CONSIGNMENT_EXAMPLE_DIRECT_CENTS = 850_000;
export const CONSIGNMENT_EXAMPLE_MIN_CENTS = 1_020_000;
export const CONSIGNMENT_EXAMPLE_MAX_CENTS = 1_250_000;

function assertCents(cents: number, what: string): void {
  if (!Number.isSafeInteger(cents) || cents < 0) {
    throw new RangeError(`${what} must be a whole, non-negative number of cents, got ${String(cents)}.`);
  }
}

/** The tier a sale falls in; the whole sale is charged at that tier's rate (not marginally). */
export function consignmentTier(saleCents: number): ConsignmentTier {
  assertCents(saleCents, 'The sale amount');
  const tier = consignmentTiers.find((t) => t.upToCents === null || saleCents <= t.upToCents);
  if (!tier) throw new Error('The consignment tiers must end with an open-ended tier.');
  return tier;
}

/** Commission as a fraction (0.15) for display; money math uses basis points. */
export function consignmentCommissionRate(saleCents: number): number {
  return consignmentTier(saleCents).commissionBasisPoints / 10_000;
}

/** Commission in cents, rounded half up to the cent. */
export function consignmentCommissionCents(saleCents: number): number {
  return applyBasisPoints(saleCents, consignmentTier(saleCents).commissionBasisPoints);
}

/** What the buyer pays on top of the hammer price, rounded half up to the cent. */
export function buyersPremiumCents(saleCents: number): number {
  assertCents(saleCents, 'The sale amount');
  return applyBasisPoints(saleCents, BUYERS_PREMIUM_BASIS_POINTS);
}

/**
 * Sale minus commission minus $25 listing prep per item. Decision: never below zero (a sale too
 * small to cover its fees pays nothing rather than billing the seller); items must be a whole
 * number of at least 1.
 */
export function consignmentSellerPayoutCents(saleCents: number, items: number): number {
  if (!Number.isSafeInteger(items) || items < 1) {
    throw new RangeError(`A consignment needs at least one item, got ${String(items)}.`);
  }
  const payout = saleCents - consignmentCommissionCents(saleCents) - items * LISTING_FEE_CENTS;
  return Math.max(0, payout);
}

/** A sale estimate for one item and what the seller would keep at that sale price. */
export interface ConsignmentOutcome {
  saleCents: number;
  tier: ConsignmentTier;
  commissionCents: number;
  listingFeeCents: number;
  /** Paid by the buyer on top of the sale price. */
  buyersPremiumCents: number;
  sellerPayoutCents: number;
}

function outcomeAt(saleCents: number): ConsignmentOutcome {
  return {
    saleCents,
    tier: consignmentTier(saleCents),
    commissionCents: consignmentCommissionCents(saleCents),
    listingFeeCents: LISTING_FEE_CENTS,
    buyersPremiumCents: buyersPremiumCents(saleCents),
    sellerPayoutCents: consignmentSellerPayoutCents(saleCents, 1),
  };
}

/** `cents x numerator / denominator`, rounded half up to the cent, in exact integer arithmetic. */
function scaleCents(cents: number, numerator: number, denominator: number): number {
  const product = BigInt(cents) * BigInt(numerator);
  const d = BigInt(denominator);
  return Number(product / d + ((product % d) * 2n >= d ? 1n : 0n));
}

/**
 * The consignment estimate for the seller's own item: a sale at the same multiples of our direct
 * offer as SPEC's example ($8,500 direct against $10,200 - $12,500 on consignment, 1.2x to about
 * 1.47x), and at each end the tier, commission, $25 listing fee, buyer's premium and what the
 * seller keeps. An estimate, said as one: the real price is whatever a buyer pays.
 */
export function consignmentEstimate(directOfferCents: number): { low: ConsignmentOutcome; high: ConsignmentOutcome } {
  assertCents(directOfferCents, 'The direct offer');
  return {
    low: outcomeAt(scaleCents(directOfferCents, CONSIGNMENT_EXAMPLE_MIN_CENTS, CONSIGNMENT_EXAMPLE_DIRECT_CENTS)),
    high: outcomeAt(scaleCents(directOfferCents, CONSIGNMENT_EXAMPLE_MAX_CENTS, CONSIGNMENT_EXAMPLE_DIRECT_CENTS)),
  };
}
