import { describe, expect, test } from 'vitest';
import {
  PAYPAL_FEE_BASIS_POINTS,
  PAYPAL_FEE_FIXED_CENTS,
  applyBasisPoints,
  canPayOut,
  payoutAmountCents,
  payoutFeeCents,
  paypalFeeCents,
} from './fees.ts';

describe('PayPal fee: 2.9% + $0.30 (SPEC 9)', () => {
  test('constants', () => {
    expect(PAYPAL_FEE_BASIS_POINTS).toBe(290);
    expect(PAYPAL_FEE_FIXED_CENTS).toBe(30);
  });

  test.each([
    [0, 30],
    [50, 31], // 1.45 -> 1
    [500, 45], // 14.5 -> 15: half up
    [1724, 80], // 49.996 -> 50
    [10_000, 320],
    [100_000, 2930],
    [850_000, 24_680],
  ])('%i cents -> fee %i cents', (amount, fee) => {
    expect(paypalFeeCents(amount)).toBe(fee);
  });

  test.each([-1, 1.5, Number.NaN])('throws for %d', (amount) => {
    expect(() => paypalFeeCents(amount)).toThrow(RangeError);
  });

  test('applyBasisPoints stays exact beyond float-safe products', () => {
    expect(applyBasisPoints(9_000_000_000_000_000, 290)).toBe(261_000_000_000_000);
  });
});

describe('payoutAmountCents', () => {
  test.each([
    ['ach', 850_000, 850_000],
    ['check', 850_000, 850_000],
    ['paypal', 850_000, 825_320],
    ['paypal', 10_000, 9680],
    ['paypal', 32, 1],
  ] as const)('%s pays %i as %i', (method, offer, payout) => {
    expect(payoutAmountCents(offer, method)).toBe(payout);
    expect(payoutFeeCents(offer, method)).toBe(offer - payout);
    expect(canPayOut(offer, method)).toBe(true);
  });

  test.each([
    [30, 'paypal'],
    [31, 'paypal'], // fee is exactly 31
    [0, 'ach'],
    [0, 'check'],
  ] as const)('refuses %i cents by %s rather than paying nothing or less', (offer, method) => {
    expect(() => payoutAmountCents(offer, method)).toThrow(RangeError);
    expect(canPayOut(offer, method)).toBe(false);
  });

  test('the PayPal refusal says what to do', () => {
    expect(() => payoutAmountCents(20, 'paypal')).toThrow(
      'This offer is too small to pay by PayPal after its fee; please choose ACH or check.',
    );
  });

  test('refuses amounts that are not whole cents', () => {
    expect(() => payoutAmountCents(10.5, 'ach')).toThrow(RangeError);
    expect(canPayOut(10.5, 'ach')).toBe(false);
  });
});
