import { describe, expect, test } from 'vitest';
import { gemItemTypes, goldItemTypes, isGemItemType, isGoldItemType, itemTypeLabels, itemTypes } from './item-type.ts';
import { itemTypeSchema } from './rule-schemas.ts';

describe('item types', () => {
  test('lists the 11 types of SPEC 3 in order, with 22k gold beside them (issue 27 item 1)', () => {
    expect(itemTypes).toEqual([
      'gold-24k',
      'gold-22k',
      'gold-18k',
      'gold-14k',
      'gold-10k',
      'silver',
      'platinum',
      'palladium',
      'diamond',
      'ruby',
      'sapphire',
      'emerald',
    ]);
  });

  test('gems are diamond, ruby, sapphire and emerald', () => {
    expect(gemItemTypes).toEqual(['diamond', 'ruby', 'sapphire', 'emerald']);
    expect(itemTypes.filter(isGemItemType)).toEqual([...gemItemTypes]);
  });

  test('golds are the five karats', () => {
    expect(goldItemTypes).toEqual(['gold-24k', 'gold-22k', 'gold-18k', 'gold-14k', 'gold-10k']);
    expect(itemTypes.filter(isGoldItemType)).toEqual([...goldItemTypes]);
  });

  test('schema accepts each type and refuses others with a sentence', () => {
    for (const type of itemTypes) expect(itemTypeSchema.parse(type)).toBe(type);
    const result = itemTypeSchema.safeParse('copper');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Please choose a metal or gem from the list.');
  });

  test('every type has a label', () => {
    expect(itemTypeLabels['gold-14k']).toBe('Gold 14K');
    expect(Object.keys(itemTypeLabels)).toEqual([...itemTypes]);
  });
});
