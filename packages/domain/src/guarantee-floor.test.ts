import { describe, expect, it } from 'vitest';
import {
  carriesGuaranteeFloor,
  goodwillOwedCents,
  guaranteeFloorCents,
  guaranteeTermsSentence,
  judgeFloor,
  judgeParcelAgainstFloor,
  owesGoodwill,
  karatOfPurity,
  measuredFacts,
  namedFacts,
  type FloorItem,
  type FloorLine,
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
      effects: [{ item: 1, fact: 'weight', named: '10.0000', measured: '8.0000', effectCents: -7_200 }],
    });
  });

  it('lets a lower measured purity move the floor, and says by how much', () => {
    // 10k (41.7%) instead of 14k (58.5%): 360 x 41.7 / 58.5 = $256.62
    expect(judge(25_662, [line('10', '41.7', 'gold-10k')])).toEqual({
      kind: 'measured',
      floorCents: FLOOR,
      movedFloorCents: 25_662,
      effects: [{ item: 1, fact: 'purity', named: '58.500', measured: '41.700', effectCents: -10_338 }],
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
        { item: 1, fact: 'weight', named: '10.0000', measured: '8.0000', effectCents: -7_200 },
        { item: 1, fact: 'purity', named: '58.500', measured: '41.700', effectCents: -8_271 },
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

describe('judgeParcelAgainstFloor: a parcel of one item', () => {
  const item: FloorItem = {
    position: 1,
    description: 'Ring',
    material: 'gold-14k',
    estimatedWeight: '10',
    weightUnit: 'grams',
    guaranteeFloor: FLOOR,
  };
  // SPEC's one-item offer: the lines carry no item (item 1) and add up to the total.
  const priced = (
    amount: number,
    weight: string,
    purity: string | null,
    material: MeasuredLine['material'] = 'gold-14k',
  ): FloorLine => ({
    ...line(weight, purity, material),
    item: null,
    amount,
  });
  it('judges the offer of a submission that carries a floor, as judgeFloor does', () => {
    expect(judgeParcelAgainstFloor([item], { lines: [priced(29_000, '8', '58.5')], counterAccepted: false }, GOODWILL)).toEqual(
      judge(29_000, [line('8', '58.5')]),
    );
    const shortfall = judgeParcelAgainstFloor(
      [item],
      { lines: [priced(30_000, '10', '58.5')], counterAccepted: false },
      GOODWILL,
    );
    expect(shortfall).toEqual(judge(30_000, [line('10', '58.5')]));
    expect(owesGoodwill(shortfall)).toBe(true);
    // SPEC's one-number offer: one line that measured nothing.
    expect(
      judgeParcelAgainstFloor([item], { lines: [priced(30_000, '10', null, null)], counterAccepted: false }, GOODWILL)?.kind,
    ).toBe('shortfall');
    expect(
      judgeParcelAgainstFloor([item], { lines: [priced(FLOOR, '10', '58.5')], counterAccepted: false }, GOODWILL)?.kind,
    ).toBe('met');
  });
  it('has nothing to judge when no floor was promised', () => {
    const offer = { lines: [priced(1, '10', '58.5')], counterAccepted: false };
    expect(judgeParcelAgainstFloor([{ ...item, guaranteeFloor: null }], offer, null)).toBeNull();
    expect(judgeParcelAgainstFloor([{ ...item, material: null }], offer, GOODWILL)).toBeNull();
    expect(judgeParcelAgainstFloor([{ ...item, material: 'diamond' }], offer, GOODWILL)).toBeNull();
    expect(owesGoodwill(null)).toBe(false);
  });
  it('does not judge a counter-offer the seller named and we accepted', () => {
    expect(
      judgeParcelAgainstFloor([item], { lines: [priced(30_000, '10', null, null)], counterAccepted: true }, GOODWILL),
    ).toBeNull();
  });
});

describe('judgeParcelAgainstFloor: a parcel of several items', () => {
  // Item 1: 14k gold, 10 g, floor $360. Item 2: silver, 100 g, floor $150.
  const ring: FloorItem = {
    position: 1,
    description: 'Ring',
    material: 'gold-14k',
    estimatedWeight: 10,
    weightUnit: 'grams',
    guaranteeFloor: FLOOR,
  };
  const tray: FloorItem = {
    position: 2,
    description: 'Tray',
    material: 'silver',
    estimatedWeight: 100,
    weightUnit: 'grams',
    guaranteeFloor: 15_000,
  };
  // Item 3: named nothing, so no floor.
  const box: FloorItem = {
    position: 3,
    description: 'Box of odds',
    material: null,
    estimatedWeight: 50,
    weightUnit: 'grams',
    guaranteeFloor: null,
  };
  const at = (
    item: number,
    amount: number,
    weight: string,
    purity: string | null,
    material: MeasuredLine['material'],
  ): FloorLine => ({
    ...line(weight, purity, material),
    item,
    amount,
  });
  const ringAsNamed = (amount: number) => at(1, amount, '10', '58.5', 'gold-14k');
  const trayAsNamed = (amount: number) => at(2, amount, '100', '92.5', 'silver');
  const judgeParcel = (items: FloorItem[], lines: FloorLine[]) =>
    judgeParcelAgainstFloor(items, { lines, counterAccepted: false }, GOODWILL);

  it('sums the floors of two floored items and judges the sum of their lines', () => {
    // Floor $510. The ring is offered under its own floor, the tray over: the parcel keeps $510.
    expect(judgeParcel([ring, tray], [ringAsNamed(35_000), trayAsNamed(16_000)])).toEqual({
      kind: 'met',
      floorCents: 51_000,
      effects: [],
    });
    expect(judgeParcel([ring, tray], [ringAsNamed(35_000), trayAsNamed(15_000)])).toEqual({
      kind: 'shortfall',
      floorCents: 51_000,
      movedFloorCents: 51_000,
      effects: [],
      goodwillCents: GOODWILL,
    });
  });

  it('counts only the floored items, their lines and nothing of the others', () => {
    // The box's $200 line neither counts toward the ring's floor nor is judged.
    expect(judgeParcel([ring, box], [ringAsNamed(30_000), at(3, 20_000, '50', null, null)])?.kind).toBe('shortfall');
    expect(judgeParcel([ring, box], [ringAsNamed(FLOOR), at(3, 0, '50', null, null)])).toEqual({
      kind: 'met',
      floorCents: FLOOR,
      effects: [],
    });
    // A parcel whose only floored item is item 2 (item 1 named nothing).
    expect(
      judgeParcel(
        [
          { ...box, position: 1 },
          { ...ring, position: 2 },
        ],
        [at(1, 500, '50', null, null), at(2, FLOOR, '10', '58.5', 'gold-14k')],
      )?.kind,
    ).toBe('met');
    expect(judgeParcel([box], [at(3, 1, '50', null, null)])).toBeNull();
  });

  it('judges a version that prices some items on those items alone', () => {
    // The seller kept the tray and sent the ring back: the new version prices item 2 only.
    expect(judgeParcel([ring, tray], [trayAsNamed(15_000)])).toEqual({ kind: 'met', floorCents: 15_000, effects: [] });
    expect(judgeParcel([ring, tray], [trayAsNamed(14_999)])?.kind).toBe('shortfall');
  });

  it("moves each item's floor by its own lines' measured facts, naming the item", () => {
    // The tray weighed 80 g, not 100: its floor moves to $120; the ring is as named. Moved floor $480.
    const lighterTray = at(2, 12_000, '80', '92.5', 'silver');
    expect(judgeParcel([ring, tray], [ringAsNamed(FLOOR), lighterTray])).toEqual({
      kind: 'measured',
      floorCents: 51_000,
      movedFloorCents: 48_000,
      effects: [{ item: 2, fact: 'weight', named: '100.0000', measured: '80.0000', effectCents: -3_000 }],
    });
    // The ring's gold lines never measure the tray's silver, nor the other way round.
    const ringOf10k = at(1, 25_662, '10', '41.7', 'gold-10k');
    expect(judgeParcel([ring, tray], [ringOf10k, lighterTray])).toEqual({
      kind: 'measured',
      floorCents: 51_000,
      movedFloorCents: 37_662,
      effects: [
        { item: 1, fact: 'purity', named: '58.500', measured: '41.700', effectCents: -10_338 },
        { item: 2, fact: 'weight', named: '100.0000', measured: '80.0000', effectCents: -3_000 },
      ],
    });
    // Below even the moved floor: a shortfall, the goodwill owed once for the parcel.
    expect(goodwillOwedCents(judgeParcel([ring, tray], [ringOf10k, at(2, 11_000, '80', '92.5', 'silver')]))).toBe(GOODWILL);
  });

  it('lets a heavier item make up for a lighter one: the parcel was not worth less than named', () => {
    // The ring weighed 12 g (+$72), the tray 80 g (-$30): moved floor $552, above the named $510.
    expect(
      judgeParcel([ring, tray], [at(1, 36_000, '12', '58.5', 'gold-14k'), at(2, 12_000, '80', '92.5', 'silver')])?.kind,
    ).toBe('shortfall');
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
