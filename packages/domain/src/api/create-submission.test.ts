import { describe, expect, test } from 'vitest';
import { createSubmissionSchema, itemsOfBody } from './create-submission.ts';

const valid = {
  category: 'jewelry',
  description: '  14k gold chain, 20 inches  ',
  estimatedWeight: 12.5,
  weightUnit: 'grams',
  images: ['/objects/uploads/a.jpg'],
};

const issues = (input: unknown) =>
  createSubmissionSchema.safeParse(input).error?.issues.map((issue) => [issue.path.join('.'), issue.message]);

describe('createSubmissionSchema', () => {
  test('trims the description and keeps the quote fields it ignores optional', () => {
    expect(createSubmissionSchema.parse({ ...valid, preliminaryQuoteMin: '280', preliminaryQuoteMax: 420 })).toEqual({
      ...valid,
      description: '14k gold chain, 20 inches',
      material: null,
      preliminaryQuoteMin: '280',
      preliminaryQuoteMax: 420,
      // No reserve unless the seller sets one (decision 040).
      reserve: null,
      reservePayout: null,
      // A parcel of one item with no stones unless the seller says otherwise (decision 042).
      stoneChoice: null,
      items: [],
    });
  });

  test('takes up to nine more items, each checked as item 1 is, and a stone choice per item', () => {
    const chain = { category: 'jewelry', description: 'Chain', estimatedWeight: 10, weightUnit: 'grams' };
    const parsed = createSubmissionSchema.parse({ ...valid, stoneChoice: 'pay-for-stones', items: [chain] });
    expect(parsed.stoneChoice).toBe('pay-for-stones');
    expect(itemsOfBody(parsed).map((item) => [item.description, item.stoneChoice, item.images])).toEqual([
      ['14k gold chain, 20 inches', 'pay-for-stones', valid.images],
      ['Chain', null, []],
    ]);
    const tooMany = createSubmissionSchema.safeParse({ ...valid, items: Array(10).fill(chain) });
    expect(tooMany.error?.issues[0]?.message).toBe(
      'One parcel can hold at most 10 items; please send the rest in another submission.',
    );
    const mismatch = createSubmissionSchema.safeParse({
      ...valid,
      items: [{ ...chain, category: 'gems', material: 'gold-14k' }],
    });
    expect(mismatch.error?.issues[0]?.path).toEqual(['items', 0, 'material']);
    const stone = createSubmissionSchema.safeParse({ ...valid, stoneChoice: 'keep-them' });
    expect(stone.error?.issues[0]?.message).toBe(
      'Please choose what happens to the stones: return-stones, pay-for-stones or melt-with-stones.',
    );
  });

  test('takes an optional material of the pricing item types, null when not named', () => {
    expect(createSubmissionSchema.parse({ ...valid, material: 'gold-14k' }).material).toBe('gold-14k');
    expect(createSubmissionSchema.parse({ ...valid, material: null }).material).toBeNull();
    expect(createSubmissionSchema.parse({ ...valid, category: 'gems', weightUnit: 'carats', material: 'ruby' }).material).toBe(
      'ruby',
    );
  });

  test('refuses a material that is not on the list, or cannot be of the category', () => {
    expect(issues({ ...valid, material: 'gold-9k' })).toEqual([['material', 'Please choose a metal or gem from the list.']]);
    expect(issues({ ...valid, category: 'gems', material: 'silver' })).toEqual([
      ['material', 'A loose gem cannot be made of Silver. Please choose a gem, or the category "Jewelry" or "Coins/Scrap".'],
    ]);
    expect(issues({ ...valid, material: 'diamond' })).toEqual([
      ['material', 'Diamond is a gem: we quote it as a loose gem. Please choose "Loose Gems", or name the metal of the piece.'],
    ]);
  });

  test('images default to none', () => {
    const { images: _images, ...withoutImages } = valid;
    expect(createSubmissionSchema.parse(withoutImages).images).toEqual([]);
  });

  test.each([
    ['category', undefined, 'Please choose what you are selling: jewelry, coins/scrap or loose gems.'],
    ['description', '   ', 'Please describe your item.'],
    ['description', undefined, 'Please describe your item.'],
    ['description', 'x'.repeat(2001), 'Please keep the description to 2000 characters or fewer.'],
    ['estimatedWeight', undefined, 'Please enter the estimated weight as a number.'],
    ['estimatedWeight', '12', 'Please enter the estimated weight as a number.'],
    ['estimatedWeight', 0, 'The estimated weight must be greater than zero.'],
    ['estimatedWeight', -3, 'The estimated weight must be greater than zero.'],
    ['estimatedWeight', Number.POSITIVE_INFINITY, 'Please enter the estimated weight as a number.'],
    ['weightUnit', 'kg', 'Please choose a weight unit: grams, oz, dwt or carats.'],
    ['images', ['a', 'b', 'c', 'd', 'e'], 'You can add at most 4 photos.'],
    ['images', ['a', 'a'], 'Each photo can only be added once.'],
    ['images', 'a.jpg', 'Photos must be a list of uploaded image addresses.'],
  ])('%s = %j -> %j', (field, value, message) => {
    expect(issues({ ...valid, [field]: value })).toEqual([[field, message]]);
  });

  test('an empty photo entry is refused', () => {
    expect(issues({ ...valid, images: [''] })).toEqual([['images.0', 'Each photo must be an uploaded image address.']]);
  });

  test('the weight limit depends on the unit (100 kg)', () => {
    expect(issues({ ...valid, estimatedWeight: 3216, weightUnit: 'oz' })).toEqual([
      ['estimatedWeight', 'That weight is too large to quote online; the most we accept is 100 kg.'],
    ]);
    expect(createSubmissionSchema.safeParse({ ...valid, estimatedWeight: 3216, weightUnit: 'carats' }).success).toBe(true);
  });

  test('the least weight depends on the unit too (1 mg), and never needs a fifth decimal', () => {
    expect(issues({ ...valid, estimatedWeight: 0.004, weightUnit: 'carats' })).toEqual([
      ['estimatedWeight', 'That weight is too small to weigh; the least we accept is 0.001 g.'],
    ]);
    expect(issues({ ...valid, estimatedWeight: 0.00004, weightUnit: 'oz' })).toEqual([
      ['estimatedWeight', 'Weight can have at most 4 decimal places.'],
    ]);
    expect(createSubmissionSchema.safeParse({ ...valid, estimatedWeight: 0.005, weightUnit: 'carats' }).success).toBe(true);
  });
});
