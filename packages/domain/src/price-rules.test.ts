import { describe, expect, test } from 'vitest';
import { itemTypes } from './item-type.ts';
import {
  change24hPercent,
  feedMetalOf,
  gemPricesFromPerCarat,
  gemReferencePricesPerCarat,
  headlinePrice,
  historyBucketSeconds,
  isDemoPriceSource,
  isMetalItemType,
  isPricingRowStale,
  metalItemTypes,
  metalPricesFromSpot,
  parseGemPricePerCarat,
  priceRefreshMinAgeMs,
  priceStaleFrom,
  spotPriceFromFeed,
  spotPricesFromMetalPrices,
} from './price-rules.ts';

describe('metal item types', () => {
  test('are the 11 item types minus the four gems, each quoted from one feed metal', () => {
    expect(metalItemTypes).toEqual(itemTypes.filter((t) => !['diamond', 'ruby', 'sapphire', 'emerald'].includes(t)));
    expect(Object.keys(feedMetalOf).sort()).toEqual([...metalItemTypes].sort());
    expect(feedMetalOf['gold-14k']).toBe('gold');
    expect(isMetalItemType('silver')).toBe(true);
    expect(isMetalItemType('ruby')).toBe(false);
  });
});

describe('spotPriceFromFeed', () => {
  test.each([
    [2650.12, '2650.1200'],
    [31.123456, '31.1235'],
    ['980.5', '980.5000'],
    [1e6, '1000000.0000'],
  ])('quotes %j as %j', (value, expected) => {
    expect(spotPriceFromFeed(value)).toBe(expected);
  });

  test.each([
    0,
    -1,
    Number.NaN,
    Number.POSITIVE_INFINITY,
    0.00001,
    1_000_000.01,
    'NaN',
    '',
    'abc',
    '1e3',
    null,
    undefined,
    {},
    true,
  ])('refuses %j', (value) => {
    expect(spotPriceFromFeed(value)).toBeNull();
  });
});

describe('metalPricesFromSpot', () => {
  const spots = { gold: '3110.35', silver: '31.1035', platinum: '980', palladium: '1000.123456' };

  test('derives karat golds from fine gold by purity, per ounce, then per gram from per ounce', () => {
    const prices = metalPricesFromSpot(spots);
    expect(prices['gold-24k']).toEqual({ pricePerOz: '3107.2397', pricePerGram: '99.9000', pricePerCarat: null });
    expect(prices['gold-18k']).toEqual({ pricePerOz: '2332.7625', pricePerGram: '75.0000', pricePerCarat: null });
    expect(prices['gold-14k']).toEqual({ pricePerOz: '1819.5548', pricePerGram: '58.5000', pricePerCarat: null });
    expect(prices['gold-10k']).toEqual({ pricePerOz: '1297.0160', pricePerGram: '41.7000', pricePerCarat: null });
  });

  test('quotes silver, platinum and palladium as they come, 4 decimals', () => {
    const prices = metalPricesFromSpot(spots);
    expect(prices.silver).toEqual({ pricePerOz: '31.1035', pricePerGram: '1.0000', pricePerCarat: null });
    expect(prices.platinum).toEqual({ pricePerOz: '980.0000', pricePerGram: '31.5077', pricePerCarat: null });
    expect(prices.palladium.pricePerOz).toBe('1000.1235');
    expect(Object.keys(prices)).toHaveLength(8);
  });

  test('refuses a zero, negative or missing spot price', () => {
    expect(() => metalPricesFromSpot({ ...spots, silver: '0' })).toThrow(RangeError);
    expect(() => metalPricesFromSpot({ ...spots, gold: '-1' })).toThrow(RangeError);
    expect(() => metalPricesFromSpot({ ...spots, platinum: undefined as unknown as string })).toThrow(RangeError);
  });
});

describe('spotPricesFromMetalPrices', () => {
  test('reads fine gold back from 24k by its purity', () => {
    const rows = metalPricesFromSpot({ gold: '2650', silver: '31', platinum: '980', palladium: '1000' });
    const perOz = Object.fromEntries(Object.entries(rows).map(([k, v]) => [k, v.pricePerOz]));
    expect(spotPricesFromMetalPrices(perOz)).toEqual({
      gold: '2650.0000',
      silver: '31.0000',
      platinum: '980.0000',
      palladium: '1000.0000',
    });
  });

  test('is null when a metal is missing or unusable', () => {
    expect(spotPricesFromMetalPrices({ 'gold-24k': '2647.35', silver: '31', platinum: '980' })).toBeNull();
    expect(spotPricesFromMetalPrices({ 'gold-24k': '2647.35', silver: '0', platinum: '980', palladium: '1000' })).toBeNull();
  });
});

describe('gem prices', () => {
  test('per gram is per carat × 5 and per ounce is per gram × 31.1035', () => {
    expect(gemPricesFromPerCarat('1500')).toEqual({
      pricePerCarat: '1500.00',
      pricePerGram: '7500.0000',
      pricePerOz: '233276.2500',
    });
    expect(gemPricesFromPerCarat('0.01')).toEqual({ pricePerCarat: '0.01', pricePerGram: '0.0500', pricePerOz: '1.5552' });
  });

  test.each(['0', '-1', 'abc', '1.234', '1000000.01'])('refuses %j', (text) => {
    expect(parseGemPricePerCarat(text)).toBeNull();
    expect(() => gemPricesFromPerCarat(text)).toThrow(RangeError);
  });

  test('every gem has a positive reference price to start from', () => {
    expect(Object.keys(gemReferencePricesPerCarat).sort()).toEqual(['diamond', 'emerald', 'ruby', 'sapphire']);
    for (const price of Object.values(gemReferencePricesPerCarat)) expect(parseGemPricePerCarat(price)).toBe(price);
  });
});

describe('change24hPercent', () => {
  test.each([
    ['2000', '2050', '2.50'],
    ['2000', '1950', '-2.50'],
    ['2000', '2000', '0.00'],
    ['3', '4', '33.33'],
    ['3', '2', '-33.33'],
    ['200', '200.01', '0.01'],
    ['200', '200.009', '0.00'],
    ['200', '199.99', '-0.01'],
    // half away from zero: 0.005% -> 0.01 and -0.005% -> -0.01
    ['2000', '2000.1', '0.01'],
    ['2000', '1999.9', '-0.01'],
  ])('from %s to %s is %s%%', (previous, current, expected) => {
    expect(change24hPercent(previous, current)).toBe(expected);
  });

  test.each([
    [null, '2000'],
    ['2000', null],
    ['0', '2000'],
    ['2000', '0'],
    ['abc', '2000'],
  ])('is null without two positive prices (%j, %j)', (previous, current) => {
    expect(change24hPercent(previous, current)).toBeNull();
  });

  test('compares per carat for gems and per ounce for metals', () => {
    expect(headlinePrice('ruby', { pricePerOz: '1', pricePerCarat: '1200.00' })).toBe('1200.00');
    expect(headlinePrice('gold-14k', { pricePerOz: '1819.5548', pricePerCarat: null })).toBe('1819.5548');
  });
});

describe('staleness', () => {
  const at = new Date('2025-03-10T12:00:00.000Z');
  const after = (ms: number) => new Date(at.getTime() + ms);

  test('a feed price is stale after 10 minutes, not at exactly 10', () => {
    expect(isPricingRowStale('gold-24k', at, after(10 * 60_000))).toBe(false);
    expect(isPricingRowStale('gold-24k', at, after(10 * 60_000 + 1))).toBe(true);
    expect(isPricingRowStale('silver', null, at)).toBe(true);
    expect(priceStaleFrom(at)).toBe(at.getTime() + 10 * 60_000 + 1);
  });

  test("an appraiser's gem price never goes stale", () => {
    expect(isPricingRowStale('diamond', at, after(90 * 24 * 3600_000))).toBe(false);
  });

  test('simulated prices are demo prices', () => {
    expect(isDemoPriceSource('simulated')).toBe(true);
    expect(isDemoPriceSource('gold-api.com')).toBe(false);
    expect(isDemoPriceSource(undefined)).toBe(false);
  });
});

describe('refresh and history sizes', () => {
  test('a scheduled refresh waits half the interval', () => {
    expect(priceRefreshMinAgeMs(60_000)).toBe(30_000);
  });

  test.each([
    [1, 12],
    [24, 288],
    [720, 8640],
  ])('%i hours in at most 300 points: %i s buckets', (hours, seconds) => {
    expect(historyBucketSeconds(hours)).toBe(seconds);
    expect(Math.ceil((hours * 3600) / seconds)).toBeLessThanOrEqual(300);
  });
});
