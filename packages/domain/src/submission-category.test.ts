import { describe, expect, test } from 'vitest';
import {
  submissionCategories,
  submissionCategoryLabel,
  submissionCategoryLabels,
  submissionCategorySchema,
} from './submission-category.ts';

describe('submission categories', () => {
  test('are jewelry, scrap and gems', () => {
    expect(submissionCategories).toEqual(['jewelry', 'scrap', 'gems']);
  });

  test.each([
    ['jewelry', 'Jewelry', 'Finished Jewelry'],
    ['scrap', 'Coins/Scrap', 'Raw & Scrap Metals'],
    ['gems', 'Loose Gems', 'Loose Gems'],
  ] as const)('%s is %j on the form and %j on the mailbox tab', (category, short, long) => {
    expect(submissionCategoryLabels[category]).toEqual({ short, long });
    expect(submissionCategoryLabel(category, 'short')).toBe(short);
    expect(submissionCategoryLabel(category)).toBe(long);
  });

  test('an unknown category shows as stored', () => {
    expect(submissionCategoryLabel('coins')).toBe('coins');
  });

  test('schema refuses other values with a sentence', () => {
    expect(submissionCategorySchema.parse('gems')).toBe('gems');
    expect(submissionCategorySchema.safeParse(undefined).error?.issues[0]?.message).toBe(
      'Please choose what you are selling: jewelry, coins/scrap or loose gems.',
    );
  });
});
