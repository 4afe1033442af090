import { describe, expect, it } from 'vitest';
import { formatPrice } from './format';

describe('formatPrice', () => {
  it.each([
    ['2345.6789', '$2,345.68'],
    ['10', '$10.00'],
    ['9.999', '$10.00'],
    ['9.9949', '$9.9949'],
    ['0.9967', '$0.9967'],
    ['1.0000', '$1.00'],
    ['5.25', '$5.25'],
    ['0.00005', '$0.0001'],
    ['0', null],
    ['-1', null],
    ['abc', null],
    [null, null],
  ])('%j -> %j', (value, text) => {
    expect(formatPrice(value)).toBe(text);
  });
});
