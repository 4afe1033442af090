import { describe, expect, test } from 'vitest';
import {
  addExact,
  compareExact,
  divideExact,
  exactDecimalFromNumber,
  formatExact,
  multiplyExact,
  parseExactDecimal,
  roundExact,
  roundExactToInteger,
  subtractExact,
  toExactDecimal,
} from './exact-decimal.ts';

describe('parseExactDecimal', () => {
  test.each([
    ['0', 0n, 0],
    ['12', 12n, 0],
    ['12.50', 1250n, 2],
    [' -0.0425 ', -425n, 4],
  ])('reads %j', (text, units, scale) => {
    expect(parseExactDecimal(text)).toEqual({ units, scale });
  });

  test.each(['', 'abc', '1e3', '1,000', '.5', '5.', '+1', '--1', '1.2.3'])('refuses %j', (text) => {
    expect(parseExactDecimal(text)).toBeNull();
  });

  test('refuses more decimals than allowed', () => {
    expect(parseExactDecimal('1.23456', 4)).toBeNull();
    expect(parseExactDecimal('1.2345', 4)).toEqual({ units: 12345n, scale: 4 });
  });
});

describe('exactDecimalFromNumber', () => {
  test.each([
    [0.1, '0.1'],
    [1.15, '1.15'],
    [1e-7, '0.0000001'],
    [1.5e21, '1500000000000000000000'],
    [-2.5, '-2.5'],
  ])('reads %d as the decimal that was typed', (value, text) => {
    const exact = exactDecimalFromNumber(value);
    expect(exact && formatExact(exact)).toBe(text);
  });

  test.each([Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY])('refuses %d', (value) => {
    expect(exactDecimalFromNumber(value)).toBeNull();
  });

  test('toExactDecimal accepts both forms', () => {
    expect(toExactDecimal('2.50')).toEqual({ units: 250n, scale: 2 });
    expect(toExactDecimal(2.5)).toEqual({ units: 25n, scale: 1 });
  });
});

describe('arithmetic', () => {
  test('multiplies without float error (0.1 × 3 is 0.3)', () => {
    const product = multiplyExact(parseExactDecimal('0.1')!, parseExactDecimal('3')!);
    expect(formatExact(product)).toBe('0.3');
  });

  test.each([
    ['2.5', 0, '3'],
    ['-2.5', 0, '-3'],
    ['2.4999', 0, '2'],
    ['1.005', 2, '1.01'],
    ['1.2', 3, '1.200'],
  ])('rounds %s to %i decimals half away from zero', (text, scale, expected) => {
    expect(formatExact(roundExact(parseExactDecimal(text)!, scale))).toBe(expected);
  });

  test('roundExactToInteger', () => {
    expect(roundExactToInteger(parseExactDecimal('11.5')!)).toBe(12n);
    expect(roundExactToInteger(parseExactDecimal('-11.5')!)).toBe(-12n);
  });

  test('divides to a given scale, rounding half away from zero', () => {
    expect(formatExact(divideExact(parseExactDecimal('3000')!, parseExactDecimal('31.1035')!, 4))).toBe('96.4522');
    expect(formatExact(divideExact(parseExactDecimal('1')!, parseExactDecimal('8')!, 2))).toBe('0.13');
    expect(formatExact(divideExact(parseExactDecimal('-1')!, parseExactDecimal('8')!, 2))).toBe('-0.13');
    expect(() => divideExact(parseExactDecimal('1')!, parseExactDecimal('0.00')!, 2)).toThrow(RangeError);
  });

  test('subtracts across scales exactly (0.3 - 0.1 is 0.2)', () => {
    expect(formatExact(subtractExact(parseExactDecimal('0.3')!, parseExactDecimal('0.1')!))).toBe('0.2');
    expect(formatExact(subtractExact(parseExactDecimal('1')!, parseExactDecimal('2.25')!))).toBe('-1.25');
    expect(formatExact(addExact(parseExactDecimal('0.1')!, parseExactDecimal('0.2')!))).toBe('0.3');
    expect(formatExact(addExact(parseExactDecimal('-1.5')!, parseExactDecimal('2.25')!))).toBe('0.75');
  });

  test('compares across scales', () => {
    expect(compareExact(parseExactDecimal('1.50')!, parseExactDecimal('1.5')!)).toBe(0);
    expect(compareExact(parseExactDecimal('1.49')!, parseExactDecimal('1.5')!)).toBe(-1);
    expect(compareExact(parseExactDecimal('2')!, parseExactDecimal('1.999')!)).toBe(1);
  });

  test('formats with leading zeros and signs', () => {
    expect(formatExact({ units: 5n, scale: 3 })).toBe('0.005');
    expect(formatExact({ units: -5n, scale: 2 })).toBe('-0.05');
    expect(formatExact({ units: 42n, scale: 0 })).toBe('42');
  });
});
