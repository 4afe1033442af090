import { describe, expect, test } from 'vitest';
import { priceHistoryListSchema, priceHistoryQuerySchema } from './price-history.ts';

describe('priceHistoryQuerySchema', () => {
  test('defaults to 24 hours and reads hours from query text', () => {
    expect(priceHistoryQuerySchema.parse({ itemType: 'gold-24k' })).toEqual({ itemType: 'gold-24k', hours: 24 });
    expect(priceHistoryQuerySchema.parse({ itemType: 'silver', hours: '720' })).toEqual({ itemType: 'silver', hours: 720 });
    expect(priceHistoryQuerySchema.parse({ itemType: 'ruby', hours: '1' }).hours).toBe(1);
  });

  test.each(['0', '721', '-5', '2.5', 'abc', ''])('refuses hours=%j with a clear message', (hours) => {
    const result = priceHistoryQuerySchema.safeParse({ itemType: 'gold-24k', hours });
    expect(result.error?.issues.map((i) => i.message)).toEqual(['hours must be a whole number from 1 to 720.']);
  });

  test('refuses an unknown item type', () => {
    const result = priceHistoryQuerySchema.safeParse({ itemType: 'copper' });
    expect(result.error?.issues.map((i) => i.message)).toEqual(['Please choose a metal or gem from the list.']);
  });
});

describe('priceHistoryListSchema', () => {
  test('points carry decimal strings and an ISO time', () => {
    const point = {
      recordedAt: '2025-03-10T12:00:00.000Z',
      pricePerOz: '2650.1200',
      pricePerGram: '85.2060',
      pricePerCarat: null,
    };
    expect(priceHistoryListSchema.parse([point])).toEqual([point]);
    expect(priceHistoryListSchema.safeParse([{ ...point, pricePerOz: 2650.12 }]).success).toBe(false);
  });
});
