import { describe, expect, test } from 'vitest';
import { calculateQuote, type CalculateQuoteInput } from './quote-calculator.ts';

const gold = { pricePerGram: '100.0000', pricePerCarat: null };
const quote = (overrides: Partial<CalculateQuoteInput>) =>
  calculateQuote({ pricing: gold, itemType: 'gold-24k', weight: 10, unit: 'grams', condition: 'good', ...overrides });

describe('calculateQuote: condition table (SPEC 9), base $1,000', () => {
  test.each([
    ['excellent', 950, 1050, '±5%'],
    ['good', 850, 950, '-15 to -5%'],
    ['fair', 700, 850, '-30 to -15%'],
    ['scrap', 600, 750, '-40 to -25%'],
  ] as const)('%s -> $%i-$%i shown as %s', (condition, min, max, band) => {
    expect(quote({ condition })).toEqual({ base: 1000, min, max, band, pricedBy: 'gram' });
  });
});

describe('calculateQuote: metals use grams × per-gram price', () => {
  test.each([
    // silver, 3 oz = 93.3105 g × 0.9876 = 92.1534498
    [{ pricing: { pricePerGram: '0.9876' }, itemType: 'silver', weight: 3, unit: 'oz', condition: 'excellent' }, 92, 88, 97],
    // 3 dwt = 4.66551 g × 100 = 466.551
    [{ weight: 3, unit: 'dwt', condition: 'fair' }, 467, 327, 397],
    // 0.75 ct of metal = 0.15 g × 58.5 = 8.775
    [{ pricing: { pricePerGram: '58.5' }, itemType: 'gold-14k', weight: 0.75, unit: 'carats', condition: 'scrap' }, 9, 5, 7],
    // a weight typed as text is read the same way
    [{ weight: '10', unit: 'grams', condition: 'good' }, 1000, 850, 950],
  ] as const)('%j', (overrides, base, min, max) => {
    expect(quote(overrides)).toMatchObject({ base, min, max, pricedBy: 'gram' });
  });

  test('a metal ignores a per-carat price', () => {
    expect(quote({ pricing: { pricePerGram: '100', pricePerCarat: '999999' } })).toMatchObject({ base: 1000 });
  });

  test('rounds the exact value half away from zero (1.15 g × $10 = $11.50, not 11.4999...)', () => {
    expect(quote({ pricing: { pricePerGram: '10' }, weight: 1.15, condition: 'excellent' })).toEqual({
      base: 12,
      min: 11,
      max: 12,
      band: '±5%',
      pricedBy: 'gram',
    });
  });
});

describe('calculateQuote: gems (SPEC 9)', () => {
  const diamond = { pricePerGram: '25000', pricePerCarat: '5000' };

  test('carats are priced directly by count with the per-carat price', () => {
    expect(quote({ pricing: diamond, itemType: 'diamond', weight: 2, unit: 'carats' })).toEqual({
      base: 10_000,
      min: 8500,
      max: 9500,
      band: '-15 to -5%',
      pricedBy: 'carat',
    });
  });

  test.each([
    // 1 g = 5 ct
    ['grams', 1, { pricePerCarat: '5000' }, 25_000],
    // 0.5 oz = 15.55175 g = 77.75875 ct × 1234.5678 = 95998.4489...
    ['oz', 0.5, { pricePerCarat: '1234.5678' }, 95_998],
    // 2.5 dwt = 3.887925 g = 19.439625 ct × 800 = 15551.7
    ['dwt', 2.5, { pricePerCarat: '800' }, 15_552],
  ] as const)('a weight in %s is converted to carats through grams', (unit, weight, pricing, base) => {
    expect(quote({ pricing, itemType: 'ruby', weight, unit })).toMatchObject({ base, pricedBy: 'carat' });
  });

  test.each(['diamond', 'ruby', 'sapphire', 'emerald'] as const)(
    '%s without a per-carat price uses the per-gram price',
    (itemType) => {
      // 2 ct = 0.4 g × $100 = $40
      expect(quote({ pricing: { pricePerGram: '100', pricePerCarat: null }, itemType, weight: 2, unit: 'carats' })).toMatchObject(
        {
          base: 40,
          pricedBy: 'gram',
        },
      );
    },
  );

  test('a zero per-carat price counts as absent', () => {
    expect(
      quote({ pricing: { pricePerGram: '100', pricePerCarat: '0' }, itemType: 'emerald', weight: 2, unit: 'carats' }),
    ).toMatchObject({
      base: 40,
      pricedBy: 'gram',
    });
  });
});

describe('calculateQuote does nothing (null)', () => {
  test.each([
    ['no pricing row', { pricing: null }],
    ['undefined pricing row', { pricing: undefined }],
    ['missing weight', { weight: undefined }],
    ['empty weight', { weight: '' }],
    ['zero weight', { weight: 0 }],
    ['negative weight', { weight: -1 }],
    ['NaN weight', { weight: Number.NaN }],
    ['infinite weight', { weight: Number.POSITIVE_INFINITY }],
    ['text weight', { weight: 'abc' }],
    ['weight over 100 kg', { weight: 100_001 }],
    ['zero price', { pricing: { pricePerGram: '0.0000' } }],
    ['missing price', { pricing: { pricePerGram: null } }],
    ['negative price', { pricing: { pricePerGram: '-5' } }],
    ['garbage price', { pricing: { pricePerGram: 'n/a' } }],
    ['gem with no usable price', { pricing: { pricePerGram: null, pricePerCarat: '0' }, itemType: 'diamond' }],
    ['unknown condition', { condition: 'mint' }],
    ['unknown unit', { unit: 'kg' }],
  ] as const)('%s', (_name, overrides) => {
    expect(quote(overrides as Partial<CalculateQuoteInput>)).toBeNull();
  });
});
