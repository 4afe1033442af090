import { describe, expect, test } from 'vitest';
import { formatExact, parseExactDecimal } from './exact-decimal.ts';
import {
  GRAMS_PER_CARAT,
  GRAMS_PER_DWT,
  GRAMS_PER_OZ,
  MAX_WEIGHT_GRAMS,
  MIN_WEIGHT_GRAMS,
  WEIGHT_DECIMALS,
  gramsPerUnit,
  readWeight,
  toCaratsExact,
  toGrams,
  validateCalculatorWeight,
  weightMessages,
  weightUnitSchema,
  weightUnits,
} from './weight.ts';

describe('weight units', () => {
  test('are grams, oz, dwt and carats', () => {
    expect(weightUnits).toEqual(['grams', 'oz', 'dwt', 'carats']);
    expect(weightUnitSchema.safeParse('kg').success).toBe(false);
  });

  // SPEC 9 "Weight conversion to grams", one test per factor.
  test.each([
    ['oz', GRAMS_PER_OZ, 31.1035],
    ['dwt', GRAMS_PER_DWT, 1.55517],
    ['carats', GRAMS_PER_CARAT, 0.2],
    ['grams', 1, 1],
  ] as const)('1 %s = %d g', (unit, constant, grams) => {
    expect(constant).toBe(grams);
    expect(gramsPerUnit[unit]).toBe(grams);
    expect(toGrams(1, unit)).toBe(grams);
  });
});

describe('toGrams', () => {
  test.each([
    [3, 'dwt', 4.66551],
    [2, 'oz', 62.207],
    [0.3, 'oz', 9.33105],
    [3, 'carats', 0.6],
    [12.5, 'grams', 12.5],
  ] as const)('%d %s is exactly %d g', (weight, unit, grams) => {
    expect(toGrams(weight, unit)).toBe(grams);
  });

  test('throws for non-finite weights', () => {
    expect(() => toGrams(Number.NaN, 'grams')).toThrow(RangeError);
  });

  test('carats count directly; other units go through grams', () => {
    const one = parseExactDecimal('1')!;
    expect(formatExact(toCaratsExact(one, 'carats'))).toBe('1');
    expect(formatExact(toCaratsExact(one, 'grams'))).toBe('5');
    expect(formatExact(toCaratsExact(one, 'oz'))).toBe('155.5175');
  });
});

describe('readWeight', () => {
  test.each([
    [2, 2],
    ['2.5', 2.5],
    [' 3 ', 3],
    ['abc', null],
    ['0x10', null],
    ['', null],
    [Number.POSITIVE_INFINITY, null],
    [null, null],
  ])('%j -> %j', (input, expected) => {
    expect(readWeight(input)).toBe(expected);
  });
});

describe('validateCalculatorWeight', () => {
  test('the limit is 100 kg', () => {
    expect(MAX_WEIGHT_GRAMS).toBe(100_000);
  });

  test.each([
    [undefined, undefined, weightMessages.missing],
    [null, undefined, weightMessages.missing],
    ['  ', undefined, weightMessages.missing],
    ['abc', undefined, weightMessages.notANumber],
    [Number.NaN, undefined, weightMessages.notANumber],
    [Number.POSITIVE_INFINITY, undefined, weightMessages.notANumber],
    [0, undefined, weightMessages.zero],
    ['0', 'grams', weightMessages.zero],
    [-1, 'grams', weightMessages.negative],
    [100_000, 'grams', null],
    [100_000.01, 'grams', weightMessages.tooLarge],
    [3215, 'oz', null],
    [3216, 'oz', weightMessages.tooLarge],
    [500_000, 'carats', null],
    [500_001, 'carats', weightMessages.tooLarge],
    [500_000, undefined, null],
    [500_001, undefined, weightMessages.tooLarge],
    ['12.5', 'dwt', null],
  ] as const)('%j %s -> %j', (weight, unit, message) => {
    expect(validateCalculatorWeight(weight, unit)).toBe(message);
  });

  test('the least is one milligram, kept with 4 decimals', () => {
    expect(MIN_WEIGHT_GRAMS).toBe(0.001);
    expect(WEIGHT_DECIMALS).toBe(4);
  });

  // Nothing lighter than 1 mg in any unit, and nothing the 4-decimal column would round to 0.
  test.each([
    [0.001, 'grams', null],
    [0.0009, 'grams', weightMessages.tooSmall],
    [0.00001, 'grams', weightMessages.tooSmall],
    ['0.0001', 'grams', weightMessages.tooSmall],
    [0.005, 'carats', null],
    [0.004, 'carats', weightMessages.tooSmall],
    [0.0007, 'dwt', null],
    [0.0006, 'dwt', weightMessages.tooSmall],
    [0.0001, 'oz', null],
    [0.00004, 'oz', weightMessages.tooPrecise],
    [1e-7, 'oz', weightMessages.tooSmall],
    [1.23456, 'grams', weightMessages.tooPrecise],
    ['1.50000', 'grams', null],
    [0.0001, undefined, null],
    [0.00001, undefined, weightMessages.tooSmall],
  ] as const)('%j %s -> %j', (weight, unit, message) => {
    expect(validateCalculatorWeight(weight, unit)).toBe(message);
  });

  test('messages are sentences', () => {
    expect(weightMessages).toEqual({
      missing: 'Please enter a weight.',
      notANumber: 'Weight must be a number.',
      zero: 'Weight must be greater than zero.',
      negative: 'Weight cannot be negative.',
      tooSmall: 'That weight is too small to weigh; the least we accept is 0.001 g.',
      tooPrecise: 'Weight can have at most 4 decimal places.',
      tooLarge: 'That weight is too large to quote online; the most we accept is 100 kg.',
    });
  });
});
