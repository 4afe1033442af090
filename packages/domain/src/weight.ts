// People weigh in grams, troy ounces, pennyweights or carats (SPEC 2); every price is per gram or
// per carat. The conversion factors of SPEC 9 live here, applied exactly so that 3 dwt is
// 4.66551 g and not the float 4.665509999999999 g, and one sanity limit guards every weight.
import { z } from 'zod';
import {
  compareExact,
  exactDecimalFromNumber,
  formatExact,
  multiplyExact,
  parseExactDecimal,
  type ExactDecimal,
} from './exact-decimal.ts';

export const weightUnits = ['grams', 'oz', 'dwt', 'carats'] as const;
export const weightUnitSchema = z.enum(weightUnits, { error: 'Please choose a weight unit: grams, oz, dwt or carats.' });
export type WeightUnit = z.infer<typeof weightUnitSchema>;

export function isWeightUnit(value: string): value is WeightUnit {
  return (weightUnits as readonly string[]).includes(value);
}

/** Troy ounce (SPEC 9). */
export const GRAMS_PER_OZ = 31.1035;
/** Pennyweight (SPEC 9). */
export const GRAMS_PER_DWT = 1.55517;
/** Metric carat (SPEC 9). */
export const GRAMS_PER_CARAT = 0.2;

export const gramsPerUnit: Record<WeightUnit, number> = {
  grams: 1,
  oz: GRAMS_PER_OZ,
  dwt: GRAMS_PER_DWT,
  carats: GRAMS_PER_CARAT,
};

/** The same factors as decimal text, so exact arithmetic never starts from a binary float. */
export const gramsPerUnitText: Record<WeightUnit, string> = { grams: '1', oz: '31.1035', dwt: '1.55517', carats: '0.2' };
const CARATS_PER_GRAM: ExactDecimal = { units: 5n, scale: 0 };

function factor(unit: WeightUnit): ExactDecimal {
  const value = parseExactDecimal(gramsPerUnitText[unit]);
  if (!value) throw new Error(`Unknown weight unit ${unit}`);
  return value;
}

export function toGramsExact(weight: ExactDecimal, unit: WeightUnit): ExactDecimal {
  return multiplyExact(weight, factor(unit));
}

/** Carats are counted directly; any other unit goes through grams (1 g = 5 ct). */
export function toCaratsExact(weight: ExactDecimal, unit: WeightUnit): ExactDecimal {
  return unit === 'carats' ? weight : multiplyExact(toGramsExact(weight, unit), CARATS_PER_GRAM);
}

/** Throws RangeError for NaN or infinite weights. */
export function toGrams(weight: number, unit: WeightUnit): number {
  const exact = exactDecimalFromNumber(weight);
  if (!exact) throw new RangeError(`A weight must be a finite number, got ${String(weight)}.`);
  return Number(formatExact(toGramsExact(exact, unit)));
}

/**
 * The heaviest single submission or quote we accept: 100 kg, whatever the unit (3,215 oz,
 * 64,302 dwt, 500,000 ct). Anything above is a typo, not a parcel.
 */
export const MAX_WEIGHT_GRAMS = 100_000;

/**
 * The lightest weight we accept: one milligram, whatever the unit (0.005 ct, 0.0007 dwt). Below
 * it no scale we use reads anything, and the quote would round to $0.00.
 */
export const MIN_WEIGHT_GRAMS = 0.001;

/**
 * Weights are stored with 4 decimals (numeric(12,4)): a fifth one would be rounded away on the
 * way in, so 0.00004 oz would be kept as 0. Such a weight is refused instead.
 */
export const WEIGHT_DECIMALS = 4;

export const weightMessages = {
  missing: 'Please enter a weight.',
  notANumber: 'Weight must be a number.',
  zero: 'Weight must be greater than zero.',
  negative: 'Weight cannot be negative.',
  tooSmall: `That weight is too small to weigh; the least we accept is ${MIN_WEIGHT_GRAMS} g.`,
  tooPrecise: `Weight can have at most ${WEIGHT_DECIMALS} decimal places.`,
  tooLarge: 'That weight is too large to quote online; the most we accept is 100 kg.',
} as const;

const NUMBER_TEXT = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?$/i;

/** Reads a weight typed by a person or sent as JSON; null when it is not a finite number. */
export function readWeight(weight: unknown): number | null {
  if (typeof weight === 'number') return Number.isFinite(weight) ? weight : null;
  if (typeof weight !== 'string' || !NUMBER_TEXT.test(weight.trim())) return null;
  const value = Number(weight.trim());
  return Number.isFinite(value) ? value : null;
}

const MIN_GRAMS = exactDecimalFromNumber(MIN_WEIGHT_GRAMS)!;
const MAX_GRAMS: ExactDecimal = { units: BigInt(MAX_WEIGHT_GRAMS), scale: 0 };

/** Digits after the point once trailing zeros are dropped (1.50 has one). */
function decimalPlaces(value: ExactDecimal): number {
  let { units, scale } = value;
  while (scale > 0 && units % 10n === 0n) {
    units /= 10n;
    scale -= 1;
  }
  return scale;
}

/**
 * Answers a sentence explaining what is wrong with a weight, or null when it is fine.
 * Without a unit each limit is the most lenient one: the upper counted in carats (500,000), the
 * lower in troy ounces (0.0001 oz, the least that 4 decimals can hold).
 */
export function validateCalculatorWeight(weight: unknown, unit?: WeightUnit): string | null {
  if (weight === null || weight === undefined || (typeof weight === 'string' && weight.trim() === '')) {
    return weightMessages.missing;
  }
  const value = readWeight(weight);
  if (value === null) return weightMessages.notANumber;
  if (value === 0) return weightMessages.zero;
  if (value < 0) return weightMessages.negative;
  const exact = exactDecimalFromNumber(value);
  if (!exact) return weightMessages.notANumber;
  if (compareExact(toGramsExact(exact, unit ?? 'oz'), MIN_GRAMS) < 0) return weightMessages.tooSmall;
  if (decimalPlaces(exact) > WEIGHT_DECIMALS) return weightMessages.tooPrecise;
  if (compareExact(toGramsExact(exact, unit ?? 'carats'), MAX_GRAMS) > 0) return weightMessages.tooLarge;
  return null;
}
