import { describe, expect, test } from 'vitest';
import { karatPurities } from './karat.ts';
import {
  karatFromPurity,
  karatFinenessPercent,
  karatOfCategory,
  meltSortCategories,
  meltSortCategoryLabels,
  meltSortMessages,
  metalOfCategory,
  sortCategoryOf,
} from './melt-sort.ts';

describe('the sort categories', () => {
  test('six karats with and without stones, gold-filled, silver, platinum, palladium', () => {
    expect(meltSortCategories).toEqual([
      'gold-8k',
      'gold-8k-stones',
      'gold-10k',
      'gold-10k-stones',
      'gold-14k',
      'gold-14k-stones',
      'gold-18k',
      'gold-18k-stones',
      'gold-22k',
      'gold-22k-stones',
      'gold-24k',
      'gold-24k-stones',
      'gold-filled',
      'silver',
      'platinum',
      'palladium',
    ]);
    expect(meltSortCategoryLabels['gold-14k']).toBe('Gold 14K');
    expect(meltSortCategoryLabels['gold-14k-stones']).toBe('Gold 14K with stones');
    expect(meltSortCategoryLabels['gold-filled']).toBe('Gold-filled');
    expect(meltSortCategoryLabels.palladium).toBe('Palladium');
  });

  test('each category names its metal and karat', () => {
    expect(metalOfCategory('gold-18k-stones')).toBe('gold');
    expect(metalOfCategory('gold-filled')).toBe('gold');
    expect(metalOfCategory('silver')).toBe('silver');
    expect(karatOfCategory('gold-22k-stones')).toBe(22);
    expect(karatOfCategory('gold-filled')).toBeNull();
    expect(karatOfCategory('platinum')).toBeNull();
  });

  test('the karat finenesses agree with the price table (karat.ts)', () => {
    const percentOf = (fraction: string) => (Number(fraction) * 100).toFixed(2);
    expect(percentOf(karatPurities['gold-10k'])).toBe(Number(karatFinenessPercent[10]).toFixed(2));
    expect(percentOf(karatPurities['gold-14k'])).toBe(Number(karatFinenessPercent[14]).toFixed(2));
    expect(percentOf(karatPurities['gold-18k'])).toBe(Number(karatFinenessPercent[18]).toFixed(2));
    expect(percentOf(karatPurities['gold-22k'])).toBe(Number(karatFinenessPercent[22]).toFixed(2));
    expect(percentOf(karatPurities['gold-24k'])).toBe(Number(karatFinenessPercent[24]).toFixed(2));
  });
});

describe('the karat of a reading', () => {
  test.each([
    ['33.3', 8],
    ['41.7', 10],
    ['58.5', 14],
    ['75', 18],
    ['91.67', 22],
    ['99.9', 24],
    ['100', 24],
  ])('a nominal reading of %s percent is %sK', (reading, karat) => {
    expect(karatFromPurity(reading)).toBe(karat);
  });

  test('within the 0.7-point tolerance a reading keeps its karat, exactly at the edge too', () => {
    expect(karatFromPurity('57.8')).toBe(14);
    expect(karatFromPurity('57.79')).toBe(10);
    expect(karatFromPurity('41.0')).toBe(10);
    expect(karatFromPurity('40.99')).toBe(8);
    expect(karatFromPurity('99.2')).toBe(24);
    expect(karatFromPurity('99.19')).toBe(22);
    expect(karatFromPurity(74.3)).toBe(18);
  });

  test('a reading between two grades goes to the lower one', () => {
    expect(karatFromPurity('65')).toBe(14);
    expect(karatFromPurity('74.29')).toBe(14);
    expect(karatFromPurity('50')).toBe(10);
    expect(karatFromPurity('90.9')).toBe(18);
    expect(karatFromPurity('95')).toBe(22);
  });

  test('below 8K, at 0, above 100 or unreadable: no karat', () => {
    expect(karatFromPurity('32.59')).toBeNull();
    expect(karatFromPurity('0')).toBeNull();
    expect(karatFromPurity('100.01')).toBeNull();
    expect(karatFromPurity('abc')).toBeNull();
    expect(karatFromPurity(Number.NaN)).toBeNull();
  });

  test('a property: the karat never rises as the reading falls, and its fineness less tolerance is at most the reading', () => {
    let previous = 24;
    for (let tenths = 1000; tenths >= 326; tenths -= 1) {
      const reading = (tenths / 10).toFixed(1);
      const karat = karatFromPurity(reading);
      expect(karat).not.toBeNull();
      expect(karat!).toBeLessThanOrEqual(previous);
      expect(Number(karatFinenessPercent[karat!]) - 0.7).toBeLessThanOrEqual(Number(reading) + 1e-9);
      previous = karat!;
    }
    expect(karatFromPurity('32.5')).toBeNull();
  });
});

describe('sortCategoryOf', () => {
  test('gold is sorted by its reading, not by the karat it was offered as', () => {
    expect(sortCategoryOf({ material: 'gold-14k', purityPercent: '58.3', hasStones: false })).toEqual({
      ok: true,
      category: 'gold-14k',
    });
    expect(sortCategoryOf({ material: 'gold-14k', purityPercent: '55', hasStones: true })).toEqual({
      ok: true,
      category: 'gold-10k-stones',
    });
    expect(sortCategoryOf({ material: 'gold', purityPercent: 75.1, hasStones: false })).toEqual({
      ok: true,
      category: 'gold-18k',
    });
    expect(sortCategoryOf({ material: 'gold-24k', purityPercent: '34', hasStones: false })).toEqual({
      ok: true,
      category: 'gold-8k',
    });
  });

  test('white metals and gold-filled have one category each, stones or not', () => {
    expect(sortCategoryOf({ material: 'silver', purityPercent: '92.5', hasStones: true })).toEqual({
      ok: true,
      category: 'silver',
    });
    expect(sortCategoryOf({ material: 'platinum', purityPercent: '95', hasStones: false })).toEqual({
      ok: true,
      category: 'platinum',
    });
    expect(sortCategoryOf({ material: 'palladium', purityPercent: '95', hasStones: false })).toEqual({
      ok: true,
      category: 'palladium',
    });
    expect(sortCategoryOf({ material: 'gold-filled', purityPercent: '5', hasStones: true })).toEqual({
      ok: true,
      category: 'gold-filled',
    });
  });

  test('a gem, an untested item, a bad purity, low gold or an unknown material has no category, with a sentence', () => {
    expect(sortCategoryOf({ material: 'diamond', purityPercent: '100', hasStones: false })).toEqual({
      ok: false,
      reason: 'Diamond is a gem; gems are not melted, so it has no melt category.',
    });
    for (const purityPercent of [null, undefined, '']) {
      expect(sortCategoryOf({ material: 'gold-14k', purityPercent, hasStones: false })).toEqual({
        ok: false,
        reason: meltSortMessages.untested,
      });
    }
    for (const purityPercent of ['0', '-5', '101', 'abc', '58.12345']) {
      expect(sortCategoryOf({ material: 'silver', purityPercent, hasStones: false })).toEqual({
        ok: false,
        reason: meltSortMessages.badPurity,
      });
    }
    expect(sortCategoryOf({ material: 'gold', purityPercent: '20', hasStones: false })).toEqual({
      ok: false,
      reason: meltSortMessages.belowLowestKarat('20'),
    });
    expect(sortCategoryOf({ material: 'brass', purityPercent: '20', hasStones: false })).toEqual({
      ok: false,
      reason: '"brass" is not a material the melt sorts.',
    });
  });
});
