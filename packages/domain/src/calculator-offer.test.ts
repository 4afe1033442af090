import { describe, expect, test } from 'vitest';
import { calculatorOfferCents, payoutRatesSentence } from './calculator-offer.ts';
import { DEFAULT_PAYOUT_RATES } from './payout-rates.ts';

describe('calculatorOfferCents', () => {
  test('applies the rate band to the base value and rounds each end to whole dollars', () => {
    // $1,234 x 80% = $987.20 -> $987; x 92% = $1,135.28 -> $1,135.
    expect(calculatorOfferCents(123_400n, { minPercent: '80.00', maxPercent: '92.00' })).toEqual({
      minCents: 98_700,
      maxCents: 113_500,
    });
  });

  test('rounds half away from zero, like SPEC’s band', () => {
    // $101 x 50.5% = $51.005 -> 5101 cents (half up) -> $51; $1,000 x 65.05% = $650.50 -> $651.
    expect(calculatorOfferCents(10_100n, { minPercent: '50.5', maxPercent: '50.5' })).toEqual({
      minCents: 5_100,
      maxCents: 5_100,
    });
    expect(calculatorOfferCents(100_000n, { minPercent: '65.05', maxPercent: '100' })).toEqual({
      minCents: 65_100,
      maxCents: 100_000,
    });
  });

  test('a zero base is a zero offer, and a zero rate pays nothing', () => {
    expect(calculatorOfferCents(0n, { minPercent: '80', maxPercent: '92' })).toEqual({ minCents: 0, maxCents: 0 });
    expect(calculatorOfferCents(50_000n, { minPercent: '0', maxPercent: '0' })).toEqual({ minCents: 0, maxCents: 0 });
  });

  test('refuses a negative base and a malformed rate', () => {
    expect(() => calculatorOfferCents(-1n, { minPercent: '80', maxPercent: '92' })).toThrow(RangeError);
    expect(() => calculatorOfferCents(100n, { minPercent: '80.001', maxPercent: '92' })).toThrow(RangeError);
  });
});

describe('payoutRatesSentence', () => {
  test('says the starting rates in one sentence, by group', () => {
    expect(payoutRatesSentence(DEFAULT_PAYOUT_RATES)).toBe(
      'We pay 80-92% of metal value for gold, 70-80% for silver, 75-88% for platinum and palladium, and 50-65% of the per-carat reference for gems.',
    );
  });

  test('names the members of a group whose rates differ, and drops trailing zeros', () => {
    const rates = DEFAULT_PAYOUT_RATES.map((rate) =>
      rate.itemType === 'gold-10k'
        ? { ...rate, minPercent: '75.50', maxPercent: '88.00' }
        : rate.itemType === 'diamond'
          ? { ...rate, minPercent: '40.00', maxPercent: '60.00' }
          : rate,
    );
    expect(payoutRatesSentence(rates)).toBe(
      'We pay 80-92% of metal value for 24K gold, 80-92% for 22K gold, 80-92% for 18K gold, 80-92% for 14K gold, 75.5-88% for 10K gold, 70-80% for silver, 75-88% for platinum and palladium, 40-60% of the per-carat reference for diamonds, 50-65% for rubies, 50-65% for sapphires, and 50-65% for emeralds.',
    );
  });

  test('says nothing when a rate is missing', () => {
    expect(payoutRatesSentence(DEFAULT_PAYOUT_RATES.filter((r) => r.itemType !== 'silver'))).toBeNull();
    expect(payoutRatesSentence([])).toBeNull();
  });
});
