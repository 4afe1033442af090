import { describe, expect, test } from 'vitest';
import { centsToDecimalString, dollarsToCents, formatCents, roundToWholeDollars } from './money.ts';

describe('dollarsToCents', () => {
  test.each([
    ['0', 0],
    ['1234', 123_400],
    ['1234.5', 123_450],
    ['1234.50', 123_450],
    ['0.29', 29],
    ['1.15', 115],
    ['19.99', 1999],
    [' 10.00 ', 1000],
    ['10000000.00', 1_000_000_000],
  ])('parses %j exactly', (text, cents) => {
    expect(dollarsToCents(text)).toBe(cents);
  });

  test.each(['', ' ', 'abc', '1.234', '-1', '+1', '1e3', '1,000', '.5', '5.', '$5', 'NaN', '90071992547409.92'])(
    'answers null for %j',
    (text) => {
      expect(dollarsToCents(text)).toBeNull();
    },
  );
});

describe('centsToDecimalString', () => {
  test.each([
    [0, '0.00'],
    [5, '0.05'],
    [123_450, '1234.50'],
    [-5, '-0.05'],
    [-123_456, '-1234.56'],
  ])('%i -> %s', (cents, text) => {
    expect(centsToDecimalString(cents)).toBe(text);
  });

  test.each([1.5, Number.NaN, Number.POSITIVE_INFINITY])('throws for %d', (cents) => {
    expect(() => centsToDecimalString(cents)).toThrow(RangeError);
  });
});

describe('roundToWholeDollars', () => {
  test.each([
    [12_349, 12_300],
    [12_350, 12_400],
    [12_399, 12_400],
    [0, 0],
    [49, 0],
    [50, 100],
    [-12_350, -12_400],
    [-12_349, -12_300],
  ])('%i cents -> %i cents', (cents, rounded) => {
    expect(roundToWholeDollars(cents)).toBe(rounded);
  });

  test('throws for fractional cents', () => {
    expect(() => roundToWholeDollars(0.5)).toThrow(RangeError);
  });
});

describe('formatCents', () => {
  test('formats US dollars', () => {
    expect(formatCents(123_450)).toBe('$1,234.50');
    expect(formatCents(5)).toBe('$0.05');
    expect(formatCents(123_450, { wholeDollars: true })).toBe('$1,235');
  });
});
