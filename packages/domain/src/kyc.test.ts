import { describe, expect, test } from 'vitest';
import { KYC_THRESHOLD_CENTS, kycReason, requiresKyc } from './kyc.ts';

describe('KYC (SPEC 9: final offer above $10,000, or the flag)', () => {
  test('threshold is $10,000.00', () => {
    expect(KYC_THRESHOLD_CENTS).toBe(1_000_000);
  });

  test.each([
    [1_000_000, false, false],
    [1_000_001, false, true],
    [999_999, false, false],
    [0, true, true],
    [null, true, true],
    [null, false, false],
    [undefined, undefined, false],
    [5_000_000, null, true],
  ])('offer %j with flag %j -> %j', (offer, flag, expected) => {
    expect(requiresKyc(offer, flag)).toBe(expected);
  });
});

describe('why the ID check is asked (the seller is told the reason)', () => {
  test.each([
    [1_000_001, false, 'above-threshold'],
    [1_000_001, true, 'above-threshold'],
    [1_000_000, true, 'requested'],
    [null, true, 'requested'],
    [1_000_000, false, null],
    [undefined, null, null],
  ])('offer %j with flag %j -> %j', (offer, flag, expected) => {
    expect(kycReason(offer, flag)).toBe(expected);
  });
});
