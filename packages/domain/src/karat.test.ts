import { describe, expect, test } from 'vitest';
import {
  derivedKaratPrice,
  derivedKaratPricePerGram,
  derivedKaratPricePerOz,
  karatPurities,
  pricePerGramFromPerOz,
  pricePerOzFromPerGram,
} from './karat.ts';

describe('karat purities (DECISIONS "Prices")', () => {
  test.each([
    ['gold-24k', '0.999', '99.9000'],
    ['gold-22k', '0.9167', '91.6700'],
    ['gold-18k', '0.750', '75.0000'],
    ['gold-14k', '0.585', '58.5000'],
    ['gold-10k', '0.417', '41.7000'],
  ] as const)('%s is %s fine', (itemType, purity, perGramAt100) => {
    expect(karatPurities[itemType]).toBe(purity);
    expect(derivedKaratPricePerGram('100', itemType)).toBe(perGramAt100);
  });

  test('rounds half away from zero to 4 decimals', () => {
    expect(derivedKaratPrice('2345.6789', 'gold-10k')).toBe('978.1481');
    expect(derivedKaratPricePerGram('97.1234', 'gold-14k')).toBe('56.8172');
    expect(derivedKaratPricePerOz('3110.35', 'gold-18k')).toBe('2332.7625');
  });

  test('refuses prices that are not non-negative decimal strings', () => {
    expect(() => derivedKaratPrice('-1', 'gold-24k')).toThrow(RangeError);
    expect(() => derivedKaratPrice('abc', 'gold-24k')).toThrow(RangeError);
  });
});

describe('per-ounce and per-gram prices', () => {
  test('per gram = per troy ounce ÷ 31.1035', () => {
    expect(pricePerGramFromPerOz('3110.35')).toBe('100.0000');
    expect(pricePerGramFromPerOz('3000')).toBe('96.4522');
  });

  test('per troy ounce = per gram × 31.1035', () => {
    expect(pricePerOzFromPerGram('100')).toBe('3110.3500');
    expect(pricePerOzFromPerGram('96.4522')).toBe('3000.0010');
  });
});
