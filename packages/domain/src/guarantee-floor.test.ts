import { describe, expect, it } from 'vitest';
import {
  carriesGuaranteeFloor,
  goodwillOwedCents,
  guaranteeFloorCents,
  guaranteeTermsSentence,
  judgeFloor,
  judgeOfferAgainstFloor,
  owesGoodwill,
  karatOfPurity,
  measuredFacts,
  namedFacts,
  type MeasuredLine,
} from './guarantee-floor.ts';

// A seller names 14k gold, 10 g; the quote's low end is $400, so the floor at 90% is $360.
const named = namedFacts('gold-14k', 10, 'grams')!;
const FLOOR = 36_000;
const GOODWILL = 2_500;
const line = (weight: string, purityPercent: string | null, material: MeasuredLine['material'] = 'gold-14k'): MeasuredLine => ({
  material,
  weight,
  weightUnit: 'grams',
  purityPercent,
});
const judge = (offerCents: number, lines: MeasuredLine[]) =>
  judgeFloor({ floorCents: FLOOR, goodwillCents: GOODWILL, named, measured: measuredFacts('gold-14k', lines), offerCents });

describe('guaranteeFloorCents', () => {
  it('is the published share of the quote low end', () => {
    expect(guaranteeFloorCents({ material: 'gold-14k', preliminaryQuoteMin: '400', floorPercent: 90 })).toBe(FLOOR);
    // 90% of $333 = $299.70
    expect(guaranteeFloorCents({ material: 'silver', preliminaryQuoteMin: '333', floorPercent: 90 })).toBe(29_970);
    // 85% of $0.01 is 0.85 cent: one cent
    expect(guaranteeFloorCents({ material: 'platinum', preliminaryQuoteMin: '0.01', floorPercent: 85 })).toBe(1);
  });

  it('is null when nothing (or a gem) was named', () => {
    expect(guaranteeFloorCents({ material: null, preliminaryQuoteMin: '400', floorPercent: 90 })).toBeNull();
    expect(guaranteeFloorCents({ material: 'diamond', preliminaryQuoteMin: '400', floorPercent: 90 })).toBeNull();
    expect(carriesGuaranteeFloor(undefined)).toBe(false);
    expect(guaranteeFloorCents({ material: 'gold-14k', preliminaryQuoteMin: null, floorPercent: 90 })).toBeNull();
    expect(guaranteeFloorCents({ material: 'gold-14k', preliminaryQuoteMin: '400', floorPercent: 0 })).toBeNull();
    expect(guaranteeFloorCents({ material: 'gold-14k', preliminaryQuoteMin: '400', floorPercent: 101 })).toBeNull();
  });
});

describe('namedFacts and measuredFacts', () => {
  it('name the weight in grams and the karat as fineness', () => {
    expect(named).toEqual({ grams: '10.0000', purityPercent: '58.500' });
    expect(namedFacts('gold-24k', 10, 'oz')).toEqual({ grams: '311.0350', purityPercent: '99.900' });
  });

  it('measure the lines of the named metal, weight-averaging their fineness', () => {
    expect(measuredFacts('gold-14k', [line('6', '58.5'), line('2', '41.7', 'gold-10k')])).toEqual({
      grams: '8.0000',
      purityPercent: '54.300',
    });
    // A silver line is not the named gold; a one-number line measured nothing.
    expect(measuredFacts('gold-14k', [line('9', '58.5'), line('5', '92.5', 'silver')])?.grams).toBe('9.0000');
    expect(measuredFacts('gold-14k', [line('9', null, null)])).toBeNull();
  });

  it('says a fineness in karats', () => {
    expect(karatOfPurity('58.500')).toBe('14.0K');
    expect(karatOfPurity('41.700')).toBe('10.0K');
  });
});

describe('judgeFloor', () => {
  it('is met at the floor and above it', () => {
    expect(judge(FLOOR, [line('10', '58.5')])).toEqual({ kind: 'met', floorCents: FLOOR, effects: [] });
    expect(judge(50_000, [line('10', '58.5')]).kind).toBe('met');
  });

  it('lets a lighter measured weight move the floor, and says by how much', () => {
    // 8 g instead of 10: the floor moves to 80% of $360 = $288.
    expect(judge(29_000, [line('8', '58.5')])).toEqual({
      kind: 'measured',
      floorCents: FLOOR,
      movedFloorCents: 28_800,
      effects: [{ fact: 'weight', named: '10.0000', measured: '8.0000', effectCents: -7_200 }],
    });
  });

  it('lets a lower measured purity move the floor, and says by how much', () => {
    // 10k (41.7%) instead of 14k (58.5%): 360 x 41.7 / 58.5 = $256.62
    expect(judge(25_662, [line('10', '41.7', 'gold-10k')])).toEqual({
      kind: 'measured',
      floorCents: FLOOR,
      movedFloorCents: 25_662,
      effects: [{ fact: 'purity', named: '58.500', measured: '41.700', effectCents: -10_338 }],
    });
  });

  it('names both facts when both moved it, and their effects add up to the moved floor', () => {
    // 8 g of 10k: 360 x 0.8 = 288.00, then x 41.7 / 58.5 = 205.29.
    const judgement = judge(21_000, [line('8', '41.7', 'gold-10k')]);
    expect(judgement).toEqual({
      kind: 'measured',
      floorCents: FLOOR,
      movedFloorCents: 20_529,
      effects: [
        { fact: 'weight', named: '10.0000', measured: '8.0000', effectCents: -7_200 },
        { fact: 'purity', named: '58.500', measured: '41.700', effectCents: -8_271 },
      ],
    });
  });

  it('owes a free return and the goodwill when the offer is below the floor for another reason', () => {
    expect(judge(30_000, [line('10', '58.5')])).toEqual({
      kind: 'shortfall',
      floorCents: FLOOR,
      movedFloorCents: FLOOR,
      effects: [],
      goodwillCents: GOODWILL,
    });
    // Lighter, but the offer is below even the moved floor.
    expect(judge(28_000, [line('8', '58.5')]).kind).toBe('shortfall');
    // Nothing measured (a one-number offer) excuses nothing.
    expect(judge(30_000, []).kind).toBe('shortfall');
  });

  it('never lets a heavier measured weight hold an offer at the named floor to more', () => {
    expect(judge(FLOOR, [line('12', '58.5')]).kind).toBe('met');
    expect(judge(FLOOR - 1, [line('12', '58.5')]).kind).toBe('shortfall');
  });
});

describe('judgeOfferAgainstFloor', () => {
  const terms = {
    material: 'gold-14k' as const,
    estimatedWeight: '10',
    weightUnit: 'grams' as const,
    guaranteeFloor: FLOOR,
    guaranteeGoodwill: GOODWILL,
  };
  it('judges the offer of a submission that carries a floor', () => {
    expect(judgeOfferAgainstFloor(terms, { totalCents: 29_000, lines: [line('8', '58.5')], counterAccepted: false })?.kind).toBe(
      'measured',
    );
    const shortfall = judgeOfferAgainstFloor(terms, { totalCents: 30_000, lines: [line('10', '58.5')], counterAccepted: false });
    expect(owesGoodwill(shortfall)).toBe(true);
  });
  it('has nothing to judge when no floor was promised', () => {
    expect(
      judgeOfferAgainstFloor(
        { ...terms, guaranteeFloor: null, guaranteeGoodwill: null },
        { totalCents: 1, lines: [], counterAccepted: false },
      ),
    ).toBeNull();
    expect(judgeOfferAgainstFloor({ ...terms, material: null }, { totalCents: 1, lines: [], counterAccepted: false })).toBeNull();
    expect(owesGoodwill(null)).toBe(false);
  });
  it('does not judge a counter-offer the seller named and we accepted', () => {
    expect(judgeOfferAgainstFloor(terms, { totalCents: 30_000, lines: [], counterAccepted: true })).toBeNull();
  });
});

describe('goodwillOwedCents', () => {
  it('owes the published goodwill on a shortfall, whichever way the seller then decides', () => {
    expect(goodwillOwedCents(judge(30_000, [line('10', '58.5')]))).toBe(GOODWILL);
    // No line measured anything (SPEC's one-number offer): nothing explains the miss.
    expect(goodwillOwedCents(judge(30_000, []))).toBe(GOODWILL);
  });
  it('owes nothing when the measured facts explain the offer, or the floor is met', () => {
    expect(goodwillOwedCents(judge(29_000, [line('8', '58.5')]))).toBe(0);
    expect(goodwillOwedCents(judge(FLOOR, [line('10', '58.5')]))).toBe(0);
    expect(goodwillOwedCents(null)).toBe(0);
  });
});

describe('guaranteeTermsSentence', () => {
  it('publishes the percent, the goodwill and when measured facts move the floor', () => {
    expect(guaranteeTermsSentence({ floorPercent: 90, goodwillCents: 2_500 })).toBe(
      "When you name the metal, its karat and the weight, your quote carries a guaranteed floor: the final offer is at least 90% of the quote's low end, unless the weight or purity we measure differs from what you named, and then the offer shows, line by line, how much each measured fact moved it. If the offer is below the floor for any other reason, the return is free and we pay you $25.00 goodwill, whether you accept or decline.",
    );
    expect(guaranteeTermsSentence({ floorPercent: 80, goodwillCents: 0 })).toMatch(/at least 80% .* the return is free\.$/);
  });
});
