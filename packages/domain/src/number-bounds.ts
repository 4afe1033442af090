// Every number a request may carry has an upper bound no real parcel, metal or offer comes near
// (issue 25 item 4, decision 024): 1e308 or 2^53+2 is refused with a 400 naming the field and the
// bound, instead of overflowing a numeric column or a safe integer further in (a 500). The bounds
// are put on the JSON-number branch of each field too, so the API description says them and a
// test can check that no number in any request is left without one.
import { z } from 'zod';
import { compareExact, type ExactDecimal, formatExact, toExactDecimal } from './exact-decimal.ts';

/** $10,000,000.00: no single parcel we buy is worth more (MAX_OFFER_CENTS); any offer, line or total. */
export const MAX_OFFER_DOLLARS = 10_000_000;
/**
 * The heaviest weight written in any unit: 100 kg (MAX_WEIGHT_GRAMS) counted in carats, the
 * smallest unit. The rules then check 100 kg in the weight's own unit.
 */
export const MAX_WEIGHT_ANY_UNIT = 500_000;
/**
 * $10,000 per gram: no metal has come near it (rhodium's record, in 2021, was about $950 a gram;
 * gold's is under $150). A reference price per gram above it is a typo.
 */
export const MAX_REFERENCE_PRICE_PER_GRAM = 10_000;
/** $1,000,000 per carat: the same bound as a gem's price (MAX_GEM_PRICE_PER_CARAT). */
export const MAX_REFERENCE_PRICE_PER_CARAT = 1_000_000;
/** Purity and % paid are percents. */
export const MAX_PERCENT = 100;

const grouped = new Intl.NumberFormat('en-US', { maximumFractionDigits: 4 });

/** 500000 -> "500,000"; money as "$10,000,000.00". */
export function formatBound(bound: number, money = false): string {
  return money ? `$${grouped.format(bound)}${Number.isInteger(bound) ? '.00' : ''}` : grouped.format(bound);
}

const asExact = (value: number): ExactDecimal => toExactDecimal(value)!;

/**
 * Decimal text or a JSON number, between `min` and `max`, kept as the text a person typed (a
 * number is written out exactly, never as a float's approximation). `invalid` says what the field
 * must look like, `tooLarge` names the field and the bound. The lower end is the rules' to say
 * (a line's weight "must be more than zero", in the line's words), unless `min` is given.
 */
export function boundedDecimalInput(bounds: { invalid: string; max: number; tooLarge: string; min?: number; tooSmall?: string }) {
  const { min } = bounds;
  const tooSmall = bounds.tooSmall ?? bounds.invalid;
  const number = z.number().max(bounds.max, bounds.tooLarge);
  return z
    .union([z.string(), min === undefined ? number : number.min(min, tooSmall)], { error: bounds.invalid })
    .transform((value, ctx) => {
      const text = typeof value === 'number' ? String(value) : value.trim();
      const exact = text === '' ? null : toExactDecimal(typeof value === 'number' ? value : text);
      if (!exact) {
        ctx.addIssue({ code: 'custom', message: bounds.invalid });
        return z.NEVER;
      }
      if (compareExact(exact, asExact(bounds.max)) > 0) {
        ctx.addIssue({ code: 'custom', message: bounds.tooLarge });
        return z.NEVER;
      }
      if (min !== undefined && compareExact(exact, asExact(min)) < 0) {
        ctx.addIssue({ code: 'custom', message: tooSmall });
        return z.NEVER;
      }
      // A JSON number is written out in full (1e-7 as "0.0000001"), exactly as it was typed.
      return typeof value === 'number' ? formatExact(exact) : text;
    });
}
