import { describe, expect, test } from 'vitest';
import {
  PRELIMINARY_FALLBACK_RATE,
  PRELIMINARY_RANGE_HIGH,
  PRELIMINARY_RANGE_LOW,
  PRELIMINARY_RATES,
  estimateMidpoint,
  preliminaryQuote,
  preliminaryQuoteCents,
  preliminaryRate,
} from './preliminary-quote.ts';

describe('preliminary rates (SPEC 9 table), one test per row', () => {
  test.each([
    ['scrap', { grams: 35, oz: 1100, dwt: 22, carats: 22 }],
    ['gems', { grams: 1500, oz: 1500, dwt: 1500, carats: 3000 }],
    ['jewelry', { grams: 45, oz: 1400, dwt: 28, carats: 28 }],
    ['fallback (unknown category)', { grams: 30, oz: 30, dwt: 30, carats: 30 }],
  ] as const)('%s', (category, rates) => {
    for (const [unit, rate] of Object.entries(rates)) {
      expect(preliminaryRate(category, unit), `${category} ${unit}`).toBe(rate);
    }
  });

  test('constants', () => {
    expect(PRELIMINARY_RATES).toEqual({
      scrap: { grams: 35, oz: 1100, other: 22 },
      gems: { carats: 3000, other: 1500 },
      jewelry: { grams: 45, oz: 1400, other: 28 },
    });
    expect(PRELIMINARY_FALLBACK_RATE).toBe(30);
    expect([PRELIMINARY_RANGE_LOW, PRELIMINARY_RANGE_HIGH]).toEqual(['0.8', '1.2']);
  });
});

describe('preliminaryQuote: 80%-120% of weight × rate, whole dollars', () => {
  test.each([
    ['scrap', 1, 'grams', '28', '42'],
    ['scrap', 1, 'oz', '880', '1320'],
    ['scrap', 1, 'dwt', '18', '26'],
    ['scrap', 1, 'carats', '18', '26'],
    ['gems', 1, 'grams', '1200', '1800'],
    ['gems', 1, 'oz', '1200', '1800'],
    ['gems', 1, 'dwt', '1200', '1800'],
    ['gems', 1, 'carats', '2400', '3600'],
    ['jewelry', 1, 'grams', '36', '54'],
    ['jewelry', 1, 'oz', '1120', '1680'],
    ['jewelry', 1, 'dwt', '22', '34'],
    ['jewelry', 1, 'carats', '22', '34'],
    ['other', 1, 'grams', '24', '36'],
    ['scrap', 10, 'grams', '280', '420'],
    // 0.125 g × 35 = 4.375: 3.5 -> 4 (half up), 5.25 -> 5
    ['scrap', 0.125, 'grams', '4', '5'],
    // 1.15 ct × 3000 = 3450 exactly: 2760 and 4140, no float drift
    ['gems', 1.15, 'carats', '2760', '4140'],
  ] as const)('%s %d %s -> %s-%s', (category, weight, unit, min, max) => {
    expect(preliminaryQuote(category, weight, unit)).toEqual({ preliminaryQuoteMin: min, preliminaryQuoteMax: max });
  });

  test.each([0, -1, Number.NaN, Number.POSITIVE_INFINITY, 100_001])('null for an unusable weight %d', (weight) => {
    expect(preliminaryQuote('scrap', weight, 'grams')).toBeNull();
  });
});

describe('estimateMidpoint (cents)', () => {
  test.each([
    ['280', '420', 35_000],
    ['281', '420', 35_050],
    ['280.01', '420', 35_001],
    ['280.00', '420.00', 35_000],
    [280, 420, 35_000],
    ['0', '0', 0],
  ] as const)('%j and %j -> %i', (min, max, cents) => {
    expect(estimateMidpoint(min, max)).toBe(cents);
  });

  test.each([
    [null, '420'],
    ['280', undefined],
    ['abc', '420'],
    ['-1', '420'],
    [Number.NaN, 420],
  ] as const)('null for %j and %j', (min, max) => {
    expect(estimateMidpoint(min, max)).toBeNull();
  });

  test('preliminaryQuoteCents', () => {
    expect(preliminaryQuoteCents('280', '420.5')).toEqual({ minCents: 28_000, maxCents: 42_050 });
  });
});
