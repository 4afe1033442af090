import { describe, expect, test } from 'vitest';
import { itemEstimate, parcelEstimate, type LiveQuoteInputs } from './item-estimate';

const live: LiveQuoteInputs = {
  rows: [{ itemType: 'gold-14k', pricePerGram: '100.00', source: 'gold-api.com', updatedAt: '2030-01-01T12:00:00.000Z' }],
  rates: [{ itemType: 'gold-14k', minPercent: '80.00', maxPercent: '90.00' }],
};

describe('an item estimate', () => {
  test("without a named material, SPEC 9's table: 6.2 g of jewelry is $223 – $335", () => {
    expect(itemEstimate({ category: 'jewelry', material: '', estimatedWeight: '6.2', weightUnit: 'grams' }, undefined)).toEqual({
      kind: 'range',
      min: 223,
      max: 335,
    });
  });

  test("a named material from today's price and the published rate: 10 g of 14K at its $100/g row is $800 – $900", () => {
    expect(itemEstimate({ category: 'jewelry', material: 'gold-14k', estimatedWeight: '10', weightUnit: 'grams' }, live)).toEqual(
      {
        kind: 'range',
        min: 800,
        max: 900,
      },
    );
  });

  test('a named material without a live price is quoted on submit; a missing category or weight has no estimate', () => {
    expect(itemEstimate({ category: 'jewelry', material: 'silver', estimatedWeight: '10', weightUnit: 'grams' }, live)).toEqual({
      kind: 'live-later',
    });
    expect(itemEstimate({ category: null, material: '', estimatedWeight: '10', weightUnit: 'grams' }, live)).toEqual({
      kind: 'incomplete',
    });
    expect(itemEstimate({ category: 'scrap', material: '', estimatedWeight: '', weightUnit: 'grams' }, live)).toEqual({
      kind: 'incomplete',
    });
  });
});

describe('a parcel estimate', () => {
  test('sums the ranges of the items that have one, and says how many of all', () => {
    expect(
      parcelEstimate([
        { kind: 'range', min: 223, max: 335 },
        { kind: 'incomplete' },
        { kind: 'range', min: 280, max: 420 },
        { kind: 'live-later' },
      ]),
    ).toEqual({ min: 503, max: 755, priced: 2, of: 4 });
  });
});
