import { describe, expect, test } from 'vitest';
import { isValidAbaRoutingNumber } from './aba-routing.ts';

describe('isValidAbaRoutingNumber', () => {
  test.each(['011000015', '021000021', '111000025', '122105155', '322271627'])('accepts %s', (value) => {
    expect(isValidAbaRoutingNumber(value)).toBe(true);
  });

  test.each([
    ['011000016', 'checksum off by one digit'],
    ['021000012', 'two digits swapped'],
    ['000000000', 'all zeros'],
    ['130000006', 'checksum fine, prefix 13 never issued'],
    ['01100001', '8 digits'],
    ['0110000150', '10 digits'],
    ['01100001a', 'a letter'],
    [' 011000015', 'a space'],
    ['', 'empty'],
  ])('refuses %j (%s)', (value) => {
    expect(isValidAbaRoutingNumber(value)).toBe(false);
  });
});
