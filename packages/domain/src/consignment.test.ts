import { describe, expect, test } from 'vitest';
import {
  consignmentEstimate,
  BUYERS_PREMIUM_BASIS_POINTS,
  BUYERS_PREMIUM_RATE,
  CONSIGNMENT_EXAMPLE_DIRECT_CENTS,
  CONSIGNMENT_EXAMPLE_MAX_CENTS,
  CONSIGNMENT_EXAMPLE_MIN_CENTS,
  CONSIGNMENT_PAYOUT_HOURS_AFTER_SALE,
  LISTING_FEE_CENTS,
  buyersPremiumCents,
  consignmentCommissionCents,
  consignmentCommissionRate,
  consignmentSellerPayoutCents,
  consignmentTier,
  consignmentTiers,
} from './consignment.ts';

describe('consignment tiers (SPEC 9 table), one test per row', () => {
  test('up to $5,000: 15% commission, 85% to the seller', () => {
    expect(consignmentCommissionRate(1)).toBe(0.15);
    expect(consignmentCommissionRate(500_000)).toBe(0.15);
    expect(consignmentCommissionCents(500_000)).toBe(75_000);
    expect(500_000 - consignmentCommissionCents(500_000)).toBe(425_000); // 85%
  });

  test('$5,001-$15,000: 12%', () => {
    expect(consignmentCommissionRate(500_001)).toBe(0.12);
    expect(consignmentCommissionRate(1_500_000)).toBe(0.12);
    expect(consignmentCommissionCents(1_000_000)).toBe(120_000);
  });

  test('$15,001-$50,000: 10%', () => {
    expect(consignmentCommissionRate(1_500_001)).toBe(0.1);
    expect(consignmentCommissionRate(5_000_000)).toBe(0.1);
    expect(consignmentCommissionCents(2_000_000)).toBe(200_000);
  });

  test('above $50,000: 8%', () => {
    expect(consignmentCommissionRate(5_000_001)).toBe(0.08);
    expect(consignmentCommissionCents(10_000_000)).toBe(800_000);
  });

  test('tier labels', () => {
    expect(consignmentTiers.map((tier) => tier.label)).toEqual([
      'Up to $5,000',
      '$5,001 - $15,000',
      '$15,001 - $50,000',
      'Above $50,000',
    ]);
    expect(consignmentTier(0).commissionBasisPoints).toBe(1500);
  });

  test('commission rounds half up to the cent', () => {
    // 12% of 500,003 cents = 60,000.36 -> 60,000; 15% of 3 cents = 0.45 -> 0; of 10 = 1.5 -> 2
    expect(consignmentCommissionCents(500_003)).toBe(60_000);
    expect(consignmentCommissionCents(3)).toBe(0);
    expect(consignmentCommissionCents(10)).toBe(2);
  });

  test('refuses amounts that are not whole cents', () => {
    expect(() => consignmentCommissionRate(-1)).toThrow(RangeError);
    expect(() => consignmentCommissionRate(1.5)).toThrow(RangeError);
  });
});

describe('buyer premium, listing fee and payout', () => {
  test('constants', () => {
    expect(BUYERS_PREMIUM_RATE).toBe(0.18);
    expect(BUYERS_PREMIUM_BASIS_POINTS).toBe(1800);
    expect(LISTING_FEE_CENTS).toBe(2500);
    expect(CONSIGNMENT_PAYOUT_HOURS_AFTER_SALE).toBe(48);
  });

  test('buyer premium is 18% on top of the sale', () => {
    expect(buyersPremiumCents(1_000_000)).toBe(180_000);
    expect(buyersPremiumCents(3)).toBe(1); // 0.54 -> 1
  });

  test.each([
    [1_000_000, 1, 877_500],
    [1_000_000, 2, 875_000],
    [500_000, 1, 422_500],
    [10_000_000, 3, 9_192_500],
  ])('sale %i cents with %i item(s) pays the seller %i cents', (sale, items, payout) => {
    expect(consignmentSellerPayoutCents(sale, items)).toBe(payout);
  });

  test('never below zero', () => {
    expect(consignmentSellerPayoutCents(1000, 1)).toBe(0);
  });

  test.each([0, -1, 1.5])('refuses %d items', (items) => {
    expect(() => consignmentSellerPayoutCents(1_000_000, items)).toThrow(RangeError);
  });
});

describe('the SPEC example', () => {
  test('direct $8,500 versus consignment $10,200 - $12,500', () => {
    expect(CONSIGNMENT_EXAMPLE_DIRECT_CENTS).toBe(850_000);
    expect(CONSIGNMENT_EXAMPLE_MIN_CENTS).toBe(1_020_000);
    expect(CONSIGNMENT_EXAMPLE_MAX_CENTS).toBe(1_250_000);
  });
});

describe('consignmentEstimate', () => {
  test("gives SPEC's example back for its $8,500 offer", () => {
    const { low, high } = consignmentEstimate(850_000);
    expect(low.saleCents).toBe(1_020_000);
    expect(high.saleCents).toBe(1_250_000);
    // $10,200 is in the 12% tier: 1,224 commission, 25 listing, 8,951 kept.
    expect(low).toMatchObject({
      commissionCents: 122_400,
      listingFeeCents: 2500,
      buyersPremiumCents: 183_600,
      sellerPayoutCents: 895_100,
    });
    expect(low.tier.label).toBe('$5,001 - $15,000');
  });

  test('scales a small offer the same way, in exact cents, and never pays below zero', () => {
    const { low, high } = consignmentEstimate(61_200);
    expect(low.saleCents).toBe(73_440);
    expect(high.saleCents).toBe(90_000);
    expect(low.tier.label).toBe('Up to $5,000');
    expect(low.sellerPayoutCents).toBe(73_440 - 11_016 - 2500);
    expect(consignmentEstimate(1).low.sellerPayoutCents).toBe(0);
  });

  test('crosses into a cheaper tier when the high end does', () => {
    const { low, high } = consignmentEstimate(1_100_000);
    expect(low.tier.commissionBasisPoints).toBe(1200);
    expect(high.tier.commissionBasisPoints).toBe(1000);
  });

  test('refuses an offer that is not whole cents', () => {
    expect(() => consignmentEstimate(-1)).toThrow(RangeError);
    expect(() => consignmentEstimate(1.5)).toThrow(RangeError);
  });
});
