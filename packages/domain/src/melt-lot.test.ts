import { describe, expect, test } from 'vitest';
import {
  itemFineGrams,
  lotEditProblem,
  lotJoinProblem,
  lotLeaveProblem,
  lotInsuranceProblem,
  lotShipmentProblem,
  lotSummary,
  lotTransitionProblem,
  meltLotMessages,
  meltLotStates,
  nextLotState,
  type LotItem,
  type MeltLotState,
} from './melt-lot.ts';

describe('lot states', () => {
  test('open -> shipped -> assayed -> settled -> closed, one step at a time', () => {
    expect(meltLotStates).toEqual(['open', 'shipped', 'assayed', 'settled', 'closed']);
    expect(lotTransitionProblem('open', 'shipped')).toBeNull();
    expect(lotTransitionProblem('shipped', 'assayed')).toBeNull();
    expect(lotTransitionProblem('assayed', 'settled')).toBeNull();
    expect(lotTransitionProblem('settled', 'closed')).toBeNull();
    expect(nextLotState('settled')).toBe('closed');
    expect(nextLotState('closed')).toBeNull();
  });

  test('every refused move has its sentence', () => {
    expect(lotTransitionProblem('closed', 'open')).toBe('A closed lot cannot be changed.');
    expect(lotTransitionProblem('closed', 'closed')).toBe('A closed lot cannot be changed.');
    expect(lotTransitionProblem('shipped', 'open')).toBe('A shipped lot cannot go back to open.');
    expect(lotTransitionProblem('settled', 'assayed')).toBe('A settled lot cannot go back to assayed.');
    expect(lotTransitionProblem('open', 'settled')).toBe('An open lot must be shipped before it is settled.');
    expect(lotTransitionProblem('shipped', 'closed')).toBe('A shipped lot must be assayed before it is closed.');
    expect(lotTransitionProblem('assayed', 'assayed')).toBe('The lot is already assayed.');
    expect(lotTransitionProblem('open', 'melted')).toBe(meltLotMessages.unknownState('melted'));
  });

  test('a property: of all 25 pairs exactly the 4 forward steps are allowed, and closed refuses all', () => {
    const allowed: string[] = [];
    for (const from of meltLotStates) {
      for (const to of meltLotStates) {
        const problem = lotTransitionProblem(from, to);
        if (problem === null) allowed.push(`${from}->${to}`);
        else expect(problem).toMatch(/\.$/);
        if (from === 'closed') expect(problem).toBe('A closed lot cannot be changed.');
      }
    }
    expect(allowed).toEqual(['open->shipped', 'shipped->assayed', 'assayed->settled', 'settled->closed']);
  });

  test('only a closed lot refuses edits', () => {
    expect(lotEditProblem('closed')).toBe('A closed lot cannot be changed.');
    for (const state of ['open', 'shipped', 'assayed', 'settled'] as MeltLotState[]) expect(lotEditProblem(state)).toBeNull();
  });
});

describe('joining and leaving a lot', () => {
  const lot = { id: 'L-7', category: 'gold-14k' as const, state: 'open' as MeltLotState };

  test('an item of the same category, in no lot, joins an open lot', () => {
    expect(lotJoinProblem({ item: { category: 'gold-14k', lotId: null }, lot })).toBeNull();
  });

  test('refused: another category, already in a lot, or a lot past open', () => {
    expect(lotJoinProblem({ item: { category: 'gold-14k-stones', lotId: null }, lot })).toBe(
      'This item sorts as Gold 14K with stones; the lot is for Gold 14K.',
    );
    expect(lotJoinProblem({ item: { category: 'gold-14k', lotId: 'L-3' }, lot })).toBe(
      'This item is already in lot L-3; take it out of that lot first.',
    );
    expect(lotJoinProblem({ item: { category: 'gold-14k', lotId: 'L-7' }, lot })).toBe('This item is already in this lot.');
    expect(lotJoinProblem({ item: { category: 'gold-14k', lotId: null }, lot: { ...lot, state: 'shipped' } })).toBe(
      'Items join or leave an open lot only; this lot is shipped.',
    );
    expect(lotJoinProblem({ item: { category: 'gold-14k', lotId: null }, lot: { ...lot, state: 'closed' } })).toBe(
      'A closed lot cannot be changed.',
    );
  });

  test('an item leaves only an open lot that holds it', () => {
    expect(lotLeaveProblem({ itemLotId: 'L-7', lot })).toBeNull();
    expect(lotLeaveProblem({ itemLotId: null, lot })).toBe('This item is not in this lot.');
    expect(lotLeaveProblem({ itemLotId: 'L-7', lot: { ...lot, state: 'assayed' } })).toBe(
      'Items join or leave an open lot only; this lot is assayed.',
    );
  });
});

describe('shipping a lot', () => {
  const ready = {
    itemCount: 3,
    refiner: { name: 'Midwest Refining', hasAddress: true },
    insuredCents: 500_000,
    estimatedValueCents: 500_000,
  };

  test('an open lot with items, a refiner with an address, insured for its value at least', () => {
    expect(lotShipmentProblem(ready)).toBeNull();
    expect(lotShipmentProblem({ ...ready, insuredCents: 600_000 })).toBeNull();
  });

  test('each missing piece has its sentence', () => {
    expect(lotShipmentProblem({ ...ready, itemCount: 0 })).toBe('An empty lot cannot ship; add its items first.');
    expect(lotShipmentProblem({ ...ready, refiner: null })).toBe('Choose the refiner the lot ships to.');
    expect(lotShipmentProblem({ ...ready, refiner: { name: 'Old Refinery', hasAddress: false } })).toBe(
      'Old Refinery has no shipping address, so no carrier label can be made for it; add its address on the Refiners page first.',
    );
    expect(lotShipmentProblem({ ...ready, estimatedValueCents: null })).toBe(
      "The lot's value at today's spot is unknown (a metal has no price), so it cannot be insured for it.",
    );
    expect(lotShipmentProblem({ ...ready, insuredCents: 499_999 })).toBe(
      "The lot must be insured for its value at today's spot ($5,000.00); it is insured for $4,999.99.",
    );
  });

  test('the carrier must confirm the insurance asked; a carrier silent on it is taken at the amount asked', () => {
    const asked = { askedCents: 500_000, trackingNumber: '9405000000001' };
    expect(lotInsuranceProblem({ ...asked, confirmedCents: 500_000 })).toBeNull();
    expect(lotInsuranceProblem({ ...asked, confirmedCents: 600_000 })).toBeNull();
    expect(lotInsuranceProblem({ ...asked, confirmedCents: undefined })).toBeNull();
    expect(lotInsuranceProblem({ ...asked, confirmedCents: 0 })).toBe(
      'The carrier insured the parcel for $0.00, less than the $5,000.00 asked, so the lot was not shipped and stays open. ' +
        'Void label 9405000000001 at the carrier, then ship the lot insured in full (a smaller lot, or a carrier that covers its value).',
    );
    expect(lotInsuranceProblem({ ...asked, confirmedCents: 499_999 })).toMatch(
      /^The carrier insured the parcel for \$4,999\.99,/,
    );
  });
});

describe('lotSummary', () => {
  const items: LotItem[] = [
    { grossWeight: '100', weightUnit: 'grams', purityPercent: '58.5', stoneCount: 2, metal: 'gold' },
    { grossWeight: 2.5, weightUnit: 'oz', purityPercent: '75', stoneCount: 0, metal: 'gold' },
    { grossWeight: '10', weightUnit: 'dwt', purityPercent: 92.5, stoneCount: 1, metal: 'silver' },
  ];

  test('gross grams, stones, fine weight per metal and the value at spot, exactly', () => {
    expect(lotSummary(items, { gold: '2650.00', silver: '31.25' })).toEqual({
      itemCount: 3,
      grossGrams: '193.3105',
      stoneCount: 3,
      metals: [
        { metal: 'gold', fineGrams: '116.8191', fineTroyOunces: '3.7558', valueCents: 995292 },
        { metal: 'silver', fineGrams: '14.3853', fineTroyOunces: '0.4625', valueCents: 1445 },
      ],
      estimatedValueCents: 995292 + 1445,
      unpricedMetals: [],
    });
  });

  test('one 14k item of 100 g at $2,650/oz is 58.5 g fine, $4,984.17', () => {
    const summary = lotSummary([items[0]!], { gold: '2650' });
    expect(summary.metals).toEqual([{ metal: 'gold', fineGrams: '58.5000', fineTroyOunces: '1.8808', valueCents: 498417 }]);
  });

  test('a metal without a spot price leaves the lot unvalued, and says which', () => {
    const summary = lotSummary(items, { gold: '2650' });
    expect(summary.estimatedValueCents).toBeNull();
    expect(summary.unpricedMetals).toEqual(['silver']);
    expect(summary.metals[1]!.valueCents).toBeNull();
    expect(lotSummary(items, { gold: '2650', silver: '0' }).unpricedMetals).toEqual(['silver']);
  });

  test('an empty lot is all zeros', () => {
    expect(lotSummary([], {})).toEqual({
      itemCount: 0,
      grossGrams: '0.0000',
      stoneCount: 0,
      metals: [],
      estimatedValueCents: 0,
      unpricedMetals: [],
    });
  });

  test('an item the server should never store is a programming error', () => {
    const bad = (item: Partial<LotItem>) => () => lotSummary([{ ...items[0]!, ...item }], {});
    expect(bad({ grossWeight: '0' })).toThrow(RangeError);
    expect(bad({ grossWeight: 'x' })).toThrow(RangeError);
    expect(bad({ purityPercent: '-1' })).toThrow(RangeError);
    expect(bad({ stoneCount: 1.5 })).toThrow(RangeError);
    expect(bad({ metal: 'brass' as never })).toThrow(RangeError);
    expect(bad({ weightUnit: 'kg' as never })).toThrow(RangeError);
  });

  test('a property: the lot value is the sum of its metal lines, and grows with every item added', () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const metals = ['gold', 'silver', 'platinum', 'palladium'] as const;
    const lotItems: LotItem[] = [];
    let previous = 0;
    for (let i = 0; i < 200; i += 1) {
      lotItems.push({
        grossWeight: (1 + Math.floor(random() * 500_000) / 10_000).toFixed(4),
        weightUnit: 'grams',
        purityPercent: (1 + Math.floor(random() * 9900) / 100).toFixed(2),
        stoneCount: Math.floor(random() * 3),
        metal: metals[Math.floor(random() * 4)]!,
      });
      const summary = lotSummary(lotItems, { gold: '2650.1234', silver: '31.0456', platinum: '950', palladium: '1010.5' });
      const sum = summary.metals.reduce((total, m) => total + (m.valueCents ?? 0), 0);
      expect(summary.estimatedValueCents).toBe(sum);
      expect(summary.estimatedValueCents!).toBeGreaterThanOrEqual(previous - summary.metals.length);
      previous = summary.estimatedValueCents!;
    }
  });

  test('one item fine weight for the bin view', () => {
    expect(itemFineGrams({ grossWeight: '3', weightUnit: 'dwt', purityPercent: '41.7' })).toBe('1.9455');
  });

  test("known stones come off the metal before the purity, but stay in the lot's gross weight", () => {
    const ring: LotItem = {
      grossWeight: '10',
      weightUnit: 'grams',
      purityPercent: '58.5',
      stoneCount: 3,
      stoneWeight: '1.5',
      metal: 'gold',
    };
    expect(itemFineGrams(ring)).toBe('4.9725');
    expect(lotSummary([ring], {})).toMatchObject({
      grossGrams: '10.0000',
      stoneCount: 3,
      metals: [{ metal: 'gold', fineGrams: '4.9725' }],
    });
    expect(itemFineGrams({ ...ring, stoneWeight: null })).toBe('5.8500');
    expect(itemFineGrams({ ...ring, stoneWeight: '10' })).toBe('0.0000');
    expect(() => itemFineGrams({ ...ring, stoneWeight: '10.01' })).toThrow(RangeError);
    expect(() => itemFineGrams({ ...ring, stoneWeight: '-1' })).toThrow(RangeError);
  });
});
