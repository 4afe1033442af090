import { describe, expect, it } from 'vitest';
import { meltValueCents } from './metal-quote.ts';
import {
  firstParcelValueCents,
  parcelCount,
  parcelInsurance,
  returnInsuredValueCents,
  splitIntoParcels,
} from './parcel-insurance.ts';

const LIMIT = 2_500_000; // $25,000

describe('parcelInsurance (insured at full value)', () => {
  it('is the quote maximum when nothing was named', () => {
    expect(parcelInsurance({ preliminaryQuoteMax: '460', meltValueCents: null, limitCents: LIMIT })).toEqual({
      declaredValueCents: 46_000,
      parcelValuesCents: [46_000],
    });
  });

  it('is the melt value when the named metal is worth more than the quote maximum', () => {
    expect(parcelInsurance({ preliminaryQuoteMax: '13200', meltValueCents: 2_000_000, limitCents: LIMIT })).toEqual({
      declaredValueCents: 2_000_000,
      parcelValuesCents: [2_000_000],
    });
  });

  it('keeps the quote maximum when it is the higher of the two', () => {
    expect(parcelInsurance({ preliminaryQuoteMax: '500', meltValueCents: 40_000, limitCents: LIMIT })?.declaredValueCents).toBe(
      50_000,
    );
  });

  it('splits a worth above the limit into parcels each insured up to it', () => {
    const insurance = parcelInsurance({ preliminaryQuoteMax: '13200', meltValueCents: 6_012_345, limitCents: LIMIT });
    expect(insurance).toEqual({ declaredValueCents: 6_012_345, parcelValuesCents: [LIMIT, LIMIT, 1_012_345] });
    expect(firstParcelValueCents(insurance!)).toBe(LIMIT);
  });

  it('needs exactly one parcel per limit at the boundary', () => {
    expect(parcelInsurance({ preliminaryQuoteMax: '25000', meltValueCents: null, limitCents: LIMIT })?.parcelValuesCents).toEqual(
      [LIMIT],
    );
    expect(parcelInsurance({ preliminaryQuoteMax: '50000', meltValueCents: null, limitCents: LIMIT })?.parcelValuesCents).toEqual(
      [LIMIT, LIMIT],
    );
    expect(parcelCount(5_000_000, LIMIT)).toBe(2);
    expect(parcelCount(5_000_001, LIMIT)).toBe(3);
    expect(parcelCount(1, LIMIT)).toBe(1);
  });

  it('is null with nothing to insure or no usable limit', () => {
    expect(parcelInsurance({ preliminaryQuoteMax: null, meltValueCents: null, limitCents: LIMIT })).toBeNull();
    expect(parcelInsurance({ preliminaryQuoteMax: '0', meltValueCents: 0, limitCents: LIMIT })).toBeNull();
    expect(parcelInsurance({ preliminaryQuoteMax: '10', meltValueCents: null, limitCents: 0 })).toBeNull();
  });
});

describe('splitIntoParcels (one inbound label per parcel)', () => {
  it('gives each parcel up to the limit, the last the rest, adding up to the declared worth', () => {
    expect(splitIntoParcels(6_012_345, LIMIT)).toEqual([LIMIT, LIMIT, 1_012_345]);
    expect(splitIntoParcels(5_000_000, LIMIT)).toEqual([LIMIT, LIMIT]);
    expect(splitIntoParcels(1_000, LIMIT)).toEqual([1_000]);
  });

  it('is empty with nothing to insure or no usable limit', () => {
    expect(splitIntoParcels(0, LIMIT)).toEqual([]);
    expect(splitIntoParcels(1_000, 0)).toEqual([]);
    expect(splitIntoParcels(10.5, LIMIT)).toEqual([]);
  });
});

describe('returnInsuredValueCents (the return parcel by the inbound rule)', () => {
  const limit = 2_500_000;
  it('is the declared worth (the melt value when it was higher) rather than the quote maximum or the offer', () => {
    // Ten 1 oz coins: quoted at most $13,200, worth $26,450 melted; the parcel came insured for $25,000.
    expect(
      returnInsuredValueCents({
        declaredValueCents: 2_645_000,
        preliminaryQuoteMax: '13200.00',
        finalOffer: '24000.00',
        limitCents: limit,
      }),
    ).toBe(limit);
    expect(
      returnInsuredValueCents({
        declaredValueCents: 900_00,
        preliminaryQuoteMax: '600.00',
        finalOffer: '700.00',
        limitCents: limit,
      }),
    ).toBe(900_00);
  });

  it('is never less than the quote maximum or the offer, and null when nothing is worth anything', () => {
    expect(
      returnInsuredValueCents({
        declaredValueCents: null,
        preliminaryQuoteMax: '600.00',
        finalOffer: '750.00',
        limitCents: limit,
      }),
    ).toBe(750_00);
    expect(
      returnInsuredValueCents({ declaredValueCents: 500_00, preliminaryQuoteMax: '600.00', finalOffer: null, limitCents: limit }),
    ).toBe(600_00);
    expect(
      returnInsuredValueCents({ declaredValueCents: null, preliminaryQuoteMax: null, finalOffer: null, limitCents: limit }),
    ).toBeNull();
    expect(
      returnInsuredValueCents({ declaredValueCents: 500_00, preliminaryQuoteMax: null, finalOffer: null, limitCents: 0 }),
    ).toBeNull();
  });
});

describe('meltValueCents', () => {
  // Ten 1 oz Gold Eagles named as 24k: 311.035 g of fine gold at $85.0000/g (the row already fine).
  const gold = { pricePerGram: '85.0000', pricePerCarat: null, source: 'test', updatedAt: '2026-11-28T00:00:00.000Z' };
  it('is weight x price for a karat gold (its purity is in the row)', () => {
    expect(meltValueCents({ material: 'gold-24k', estimatedWeight: 10, weightUnit: 'oz', price: gold })).toBe(2_643_798);
  });
  it('applies the assumed alloy of silver', () => {
    const silver = { ...gold, pricePerGram: '1.0000' };
    // 100 g x $1 x 0.925
    expect(meltValueCents({ material: 'silver', estimatedWeight: 100, weightUnit: 'grams', price: silver })).toBe(9_250);
  });
  it('is null without a usable price or weight', () => {
    expect(meltValueCents({ material: 'gold-14k', estimatedWeight: 0, weightUnit: 'grams', price: gold })).toBeNull();
    expect(
      meltValueCents({ material: 'gold-14k', estimatedWeight: 5, weightUnit: 'grams', price: { ...gold, pricePerGram: null } }),
    ).toBeNull();
  });
});
