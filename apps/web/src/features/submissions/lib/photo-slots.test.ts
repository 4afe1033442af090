import { describe, expect, test } from 'vitest';
import { formatMegabytes, leftOutSentence, photoRefusal, photoRulesSentence, slotForPhoto } from './photo-slots';

const MB = 1024 * 1024;
const slots = ['Primary', 'Detail', 'Side', 'Back'] as const;

describe('photo slots', () => {
  test('a photo takes the slot it was added through, else the first free one, else none', () => {
    expect(slotForPhoto('Side', slots, new Set())).toBe('Side');
    expect(slotForPhoto('Side', slots, new Set(['Side']))).toBe('Primary');
    expect(slotForPhoto(undefined, slots, new Set(['Primary']))).toBe('Detail');
    expect(slotForPhoto(undefined, slots, new Set(slots))).toBeNull();
    // A slot a submission already filled is not on offer, even when asked for.
    expect(slotForPhoto('Primary', ['Detail', 'Side', 'Back'], new Set())).toBe('Detail');
  });

  test('sizes just over the limit do not read as the limit', () => {
    expect(formatMegabytes(14 * MB)).toBe('14 MB');
    expect(formatMegabytes(10.3 * MB)).toBe('10.3 MB');
    expect(photoRefusal({ name: 'x.jpg', type: 'image/jpeg', size: 10 * MB })).toBeNull();
    expect(photoRefusal({ name: 'x.jpg', type: 'image/jpeg', size: 10 * MB + 1 })).toBe(
      'x.jpg exceeds maximum allowed size of 10 MB (it is 10.1 MB).',
    );
  });

  test('an iPhone photo with no type is taken by its name; a PDF is not', () => {
    expect(photoRefusal({ name: 'IMG_1.HEIC', type: '', extension: 'HEIC', size: MB })).toBeNull();
    expect(photoRefusal({ name: 'a.pdf', type: 'application/pdf', extension: 'pdf', size: MB })).toMatch(
      /a\.pdf is not one of them\.$/,
    );
  });

  test('the sentences for a selection that did not all fit', () => {
    expect(leftOutSentence(2, [])).toBeNull();
    expect(leftOutSentence(2, ['c.jpg'])).toBe('You can only upload 2 file(s): we added the first 2. Left out: c.jpg.');
    expect(leftOutSentence(1, ['b.jpg', 'c.jpg'])).toBe(
      'You can only upload 1 file(s): we added the first one. Left out: b.jpg, c.jpg.',
    );
    expect(leftOutSentence(0, ['e.jpg'])).toBe(
      'Cannot add more files: all photo slots are full, so e.jpg was not added. Remove a photo to make room.',
    );
    expect(photoRulesSentence(1)).toBe('Up to 1 more photo. JPEG, PNG, WebP or HEIC (iPhone photos), up to 10 MB each.');
  });
});
