import { describe, expect, it } from 'vitest';
import {
  assumedMetalPurities,
  describeQuoteBasis,
  formatReferencePrice,
  materialCategoryProblem,
  materialPurity,
  metalAwareQuote,
  metalQuoteMessages,
} from './metal-quote.ts';

const price = (pricePerGram: string | null, pricePerCarat: string | null = null) => ({
  pricePerGram,
  pricePerCarat,
  source: 'simulated',
  updatedAt: '2026-11-24T02:00:00.000Z',
});
const gold = { minPercent: '80.00', maxPercent: '92.00' };

describe('metalAwareQuote', () => {
  it('uses a karat row price as is: 10 g of 14k at $50/g, 80-92% -> $400-$460', () => {
    const quote = metalAwareQuote({
      material: 'gold-14k',
      estimatedWeight: 10,
      weightUnit: 'grams',
      price: price('50'),
      rate: gold,
    });
    expect(quote).toMatchObject({ preliminaryQuoteMin: '400', preliminaryQuoteMax: '460' });
    expect(quote?.basis).toEqual({
      material: 'gold-14k',
      weight: '10',
      weightUnit: 'grams',
      purity: '0.585',
      referencePrice: '50',
      referenceUnit: 'gram',
      priceSource: 'simulated',
      pricedAt: '2026-11-24T02:00:00.000Z',
      minPercent: '80.00',
      maxPercent: '92.00',
    });
  });

  it('applies the assumed alloy to fine silver, platinum and palladium prices', () => {
    // 100 g x $1/g x 0.925 = $92.50; 70% = 64.75 -> 65, 80% = 74.
    const quote = metalAwareQuote({
      material: 'silver',
      estimatedWeight: 100,
      weightUnit: 'grams',
      price: price('1'),
      rate: { minPercent: '70.00', maxPercent: '80.00' },
    });
    expect(quote).toMatchObject({ preliminaryQuoteMin: '65', preliminaryQuoteMax: '74' });
    expect(quote?.basis.purity).toBe('0.925');
    expect(assumedMetalPurities).toEqual({ silver: '0.925', platinum: '0.950', palladium: '0.950' });
    expect(materialPurity('platinum')).toBe('0.950');
  });

  it('converts ounces and pennyweights to grams exactly (SPEC 9)', () => {
    // 1 oz = 31.1035 g x $100 = $3110.35 x 80% = 2488.28 -> 2488; x 92% = 2861.522 -> 2862.
    const quote = metalAwareQuote({
      material: 'gold-24k',
      estimatedWeight: 1,
      weightUnit: 'oz',
      price: price('100'),
      rate: gold,
    });
    expect(quote).toMatchObject({ preliminaryQuoteMin: '2488', preliminaryQuoteMax: '2862' });
    const dwt = metalAwareQuote({ material: 'gold-18k', estimatedWeight: 10, weightUnit: 'dwt', price: price('10'), rate: gold });
    // 15.5517 g x $10 = 155.517: 124.41 -> 124, 143.08 -> 143.
    expect(dwt).toMatchObject({ preliminaryQuoteMin: '124', preliminaryQuoteMax: '143' });
  });

  it('prices gems per carat, converting grams to carats (1 g = 5 ct)', () => {
    const rate = { minPercent: '50.00', maxPercent: '65.00' };
    const carats = metalAwareQuote({
      material: 'diamond',
      estimatedWeight: 2,
      weightUnit: 'carats',
      price: price('1', '1000'),
      rate,
    });
    expect(carats).toMatchObject({ preliminaryQuoteMin: '1000', preliminaryQuoteMax: '1300' });
    expect(carats?.basis).toMatchObject({ purity: '1', referencePrice: '1000', referenceUnit: 'carat' });
    const grams = metalAwareQuote({
      material: 'ruby',
      estimatedWeight: 0.4,
      weightUnit: 'grams',
      price: price('1', '1000'),
      rate,
    });
    expect(grams).toMatchObject({ preliminaryQuoteMin: '1000', preliminaryQuoteMax: '1300' });
  });

  it('rounds each end half away from zero to whole dollars, once', () => {
    // 1 g x $12.5 x 100% = 12.5 -> 13; 4% = 0.5 -> 1.
    const quote = metalAwareQuote({
      material: 'gold-24k',
      estimatedWeight: 1,
      weightUnit: 'grams',
      price: price('12.5'),
      rate: { minPercent: '4.00', maxPercent: '100.00' },
    });
    expect(quote).toMatchObject({ preliminaryQuoteMin: '1', preliminaryQuoteMax: '13' });
  });

  it('answers null without a positive price in the unit needed, or with an unusable weight', () => {
    expect(
      metalAwareQuote({ material: 'gold-14k', estimatedWeight: 1, weightUnit: 'grams', price: price(null), rate: gold }),
    ).toBeNull();
    expect(
      metalAwareQuote({ material: 'gold-14k', estimatedWeight: 1, weightUnit: 'grams', price: price('0'), rate: gold }),
    ).toBeNull();
    expect(
      metalAwareQuote({ material: 'diamond', estimatedWeight: 1, weightUnit: 'carats', price: price('5'), rate: gold }),
    ).toBeNull();
    expect(
      metalAwareQuote({ material: 'gold-14k', estimatedWeight: 0, weightUnit: 'grams', price: price('5'), rate: gold }),
    ).toBeNull();
  });
});

describe('materialCategoryProblem', () => {
  it('takes metals as jewelry or scrap and gems as loose gems, in any unit', () => {
    expect(materialCategoryProblem('jewelry', 'gold-14k')).toBeNull();
    expect(materialCategoryProblem('scrap', 'silver')).toBeNull();
    expect(materialCategoryProblem('gems', 'diamond')).toBeNull();
  });
  it('refuses what cannot be', () => {
    expect(materialCategoryProblem('gems', 'gold-14k')).toBe(metalQuoteMessages.metalInGemCategory('gold-14k'));
    expect(materialCategoryProblem('scrap', 'ruby')).toBe(
      'Ruby is a gem: we quote it as a loose gem. Please choose "Loose Gems", or name the metal of the piece.',
    );
  });
});

describe('describeQuoteBasis', () => {
  const basis = {
    material: 'gold-14k' as const,
    weight: '10',
    weightUnit: 'grams' as const,
    purity: '0.585',
    referencePrice: '45.1234',
    referenceUnit: 'gram' as const,
    priceSource: 'simulated',
    pricedAt: '2026-11-24T02:00:00.000Z',
    minPercent: '80.00',
    maxPercent: '92.00',
  };
  it('says the material, the price used and the share paid', () => {
    expect(describeQuoteBasis(basis)).toBe('Gold 14K at $45.12/g, we pay 80-92%');
    expect(
      describeQuoteBasis({
        ...basis,
        material: 'silver',
        purity: '0.925',
        referencePrice: '0.9512',
        minPercent: '70.00',
        maxPercent: '80.00',
      }),
    ).toBe('Silver (92.5% assumed) at $0.9512/g, we pay 70-80%');
    expect(
      describeQuoteBasis({ ...basis, material: 'diamond', purity: '1', referencePrice: '5000', referenceUnit: 'carat' }),
    ).toBe('Diamond at $5,000.00/ct, we pay 80-92%');
  });
  it('formats reference prices with enough decimals', () => {
    expect(formatReferencePrice('1234.5')).toBe('$1,234.50');
    expect(formatReferencePrice('0.95')).toBe('$0.95');
    expect(formatReferencePrice('0.9512')).toBe('$0.9512');
  });
});
