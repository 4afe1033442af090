import { describe, expect, test } from 'vitest';
import { FREE_RETURN_SHORTFALL_PERCENT, qualifiesForFreeReturn } from './free-return.ts';

describe('free return (SPEC 9: final offer 20% below the estimate)', () => {
  test('shortfall is 20%', () => {
    expect(FREE_RETURN_SHORTFALL_PERCENT).toBe(20);
  });

  // estimate 800-1200: midpoint $1,000, so $800 or less qualifies
  test.each([
    [80_000, true],
    [80_001, false],
    [50_000, true],
    [0, true],
    [100_000, false],
  ])('offer %i cents against 800-1200 -> %j', (offer, expected) => {
    expect(qualifiesForFreeReturn(offer, '800', '1200')).toBe(expected);
  });

  test('compares exactly when the midpoint has half a cent', () => {
    // midpoint 0.005 dollars; 80% is 0.4 cents
    expect(qualifiesForFreeReturn(0, '0.01', '0')).toBe(true);
    expect(qualifiesForFreeReturn(1, '0.01', '0')).toBe(false);
    // (280.01 + 420) / 2 = 350.005; 80% = 280.004
    expect(qualifiesForFreeReturn(28_000, '280.01', '420')).toBe(true);
    expect(qualifiesForFreeReturn(28_001, '280.01', '420')).toBe(false);
  });

  test.each([
    [80_000, null, '1200'],
    [80_000, '800', undefined],
    [80_000, 'abc', '1200'],
    [-1, '800', '1200'],
    [1.5, '800', '1200'],
  ] as const)('false without a usable estimate or offer (%j, %j, %j)', (offer, min, max) => {
    expect(qualifiesForFreeReturn(offer, min, max)).toBe(false);
  });
});
