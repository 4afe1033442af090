import { describe, expect, test } from 'vitest';
import { itemTypes } from './item-type.ts';
import { DEFAULT_PAYOUT_RATES, formatPercentRange, parsePercent, payoutBandCents, percentOfCents } from './payout-rates.ts';
import { payoutRateInputSchema } from './rule-schemas.ts';

describe('payout rates', () => {
  test('start with one rate per item type, at the figures DECISIONS gives', () => {
    expect(DEFAULT_PAYOUT_RATES.map((r) => r.itemType)).toEqual([...itemTypes]);
    const of = (t: string) => DEFAULT_PAYOUT_RATES.find((r) => r.itemType === t);
    expect(of('gold-14k')).toEqual({ itemType: 'gold-14k', minPercent: '80.00', maxPercent: '92.00' });
    expect(of('silver')).toMatchObject({ minPercent: '70.00', maxPercent: '80.00' });
    expect(of('palladium')).toMatchObject({ minPercent: '75.00', maxPercent: '88.00' });
    expect(of('emerald')).toMatchObject({ minPercent: '50.00', maxPercent: '65.00' });
  });

  test.each([
    ['0', true],
    ['100', true],
    ['85.5', true],
    ['85.55', true],
    ['85.555', false],
    ['100.01', false],
    ['-1', false],
    ['1e2', false],
    ['', false],
    [' 80 ', true],
  ])('percent %j is valid: %s', (text, valid) => {
    expect(parsePercent(text) !== null).toBe(valid);
  });

  test('take a band of a value, in exact cents rounded half away from zero', () => {
    expect(payoutBandCents(100_000n, { minPercent: '80.00', maxPercent: '92.00' })).toEqual({
      minCents: 80_000n,
      maxCents: 92_000n,
    });
    // 12345 x 0.855 = 10554.975 -> 10555
    expect(percentOfCents(12_345n, '85.5')).toBe(10_555n);
    expect(percentOfCents(1n, '50')).toBe(1n);
    expect(() => percentOfCents(100n, '101')).toThrow(RangeError);
  });

  test('say the band as people read it', () => {
    expect(formatPercentRange({ minPercent: '80.00', maxPercent: '92.00' })).toBe('80-92%');
    expect(formatPercentRange({ minPercent: '85.50', maxPercent: '100' })).toBe('85.5-100%');
  });

  test('refuse an edit whose minimum is above its maximum, with a sentence', () => {
    expect(payoutRateInputSchema.parse({ minPercent: '80', maxPercent: '92.5' })).toEqual({
      minPercent: '80.00',
      maxPercent: '92.50',
    });
    const refused = payoutRateInputSchema.safeParse({ minPercent: '93', maxPercent: '92' });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe('The minimum cannot be above the maximum.');
    expect(payoutRateInputSchema.safeParse({ minPercent: '80', maxPercent: '120' }).error?.issues[0]?.message).toMatch(
      /0 to 100/,
    );
  });
});
