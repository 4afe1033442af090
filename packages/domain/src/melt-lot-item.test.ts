import { describe, expect, test } from 'vitest';
import { lotItemOf, meltLotItemMessages } from './melt-lot-item.ts';
import { meltSortMessages } from './melt-sort.ts';

const gold14 = { material: 'gold-14k' as const, purityPercent: '58.500', weight: '10.0000', weightUnit: 'grams' };
const diamond = { material: 'diamond' as const, purityPercent: '100.000', weight: '0.5000', weightUnit: 'carats' };

describe('lotItemOf', () => {
  test("sorts by the metal line's reading; the stones go in only when the seller chose to melt with them", () => {
    expect(lotItemOf('return-stones', [gold14, diamond])).toEqual({
      ok: true,
      category: 'gold-14k',
      item: {
        grossWeight: '10.0000',
        weightUnit: 'grams',
        purityPercent: '58.500',
        stoneCount: 0,
        stoneWeight: null,
        metal: 'gold',
      },
    });
    const melted = lotItemOf('melt-with-stones', [gold14]);
    expect(melted).toMatchObject({ ok: true, category: 'gold-14k-stones', item: { stoneCount: 1 } });
    expect(lotItemOf('melt-with-stones', [gold14, diamond, diamond])).toMatchObject({ item: { stoneCount: 2 } });
    expect(lotItemOf(null, [{ ...gold14, material: 'silver', purityPercent: '92.5' }])).toMatchObject({
      category: 'silver',
      item: { metal: 'silver' },
    });
  });

  test('a reading between grades sorts down, as melt-sort decides', () => {
    expect(lotItemOf(null, [{ ...gold14, purityPercent: '57.0' }])).toMatchObject({ ok: true, category: 'gold-10k' });
  });

  test('two lines of one metal add up; of two sorts, or with no metal line, the sentence why', () => {
    expect(lotItemOf(null, [gold14, { ...gold14, weight: '2.5' }])).toMatchObject({ item: { grossWeight: '12.5000' } });
    expect(lotItemOf(null, [gold14, { ...gold14, material: 'silver', purityPercent: '92.5' }])).toEqual({
      ok: false,
      reason: meltLotItemMessages.twoMetals,
    });
    expect(lotItemOf(null, [diamond])).toEqual({ ok: false, reason: meltLotItemMessages.noMetalLine });
    expect(lotItemOf(null, [{ ...gold14, material: null, purityPercent: null }])).toEqual({
      ok: false,
      reason: meltLotItemMessages.noMetalLine,
    });
    expect(lotItemOf(null, [{ ...gold14, purityPercent: '5' }])).toEqual({
      ok: false,
      reason: meltSortMessages.belowLowestKarat('5'),
    });
  });
});
