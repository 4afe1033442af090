// Stored and paid amounts are integer cents (DECISIONS "Names and money"); the wire carries decimal
// strings. These helpers are the only bridge between the two, so that no code path ever turns a
// dollar amount into a binary float and back.
import { parseExactDecimal } from './exact-decimal.ts';

const DOLLARS_PATTERN = /^\d+(?:\.\d{1,2})?$/;

/**
 * Parses a non-negative dollar amount with at most 2 decimals ("1234", "1234.5", "1234.50";
 * surrounding spaces are ignored) into integer cents, exactly.
 *
 * Decision: answers **null** (never throws) for anything else: empty text, signs, exponents,
 * thousands separators, more than 2 decimals, or amounts beyond Number.MAX_SAFE_INTEGER cents.
 * Callers validating user input turn null into their own message.
 */
export function dollarsToCents(decimalString: string): number | null {
  const text = decimalString.trim();
  if (!DOLLARS_PATTERN.test(text)) return null;
  const value = parseExactDecimal(text);
  if (!value) return null;
  const cents = value.units * 10n ** BigInt(2 - value.scale);
  if (cents > BigInt(Number.MAX_SAFE_INTEGER)) return null;
  return Number(cents);
}

function assertCents(cents: number): void {
  if (!Number.isSafeInteger(cents)) {
    throw new RangeError(`An amount in cents must be a whole number, got ${String(cents)}.`);
  }
}

/** 123450 -> "1234.50"; -5 -> "-0.05". Throws RangeError unless `cents` is a safe integer. */
export function centsToDecimalString(cents: number): string {
  assertCents(cents);
  const negative = cents < 0;
  const absolute = Math.abs(cents);
  const whole = Math.trunc(absolute / 100);
  const fraction = String(absolute % 100).padStart(2, '0');
  return `${negative ? '-' : ''}${whole}.${fraction}`;
}

/**
 * Rounds cents to whole dollars, half away from zero, and answers **cents** (12350 -> 12400,
 * 12349 -> 12300). Throws RangeError unless `cents` is a safe integer.
 */
export function roundToWholeDollars(cents: number): number {
  assertCents(cents);
  const sign = cents < 0 ? -1 : 1;
  const absolute = Math.abs(cents);
  const dollars = Math.trunc(absolute / 100) + (absolute % 100 >= 50 ? 1 : 0);
  return sign * dollars * 100 || 0;
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const usdWhole = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});

/**
 * "$1,234.50" for display at the edge. `wholeDollars` drops the cents (rounding half away from
 * zero first, so the text never disagrees with roundToWholeDollars).
 */
export function formatCents(cents: number, options: { wholeDollars?: boolean } = {}): string {
  if (options.wholeDollars) return usdWhole.format(roundToWholeDollars(cents) / 100);
  assertCents(cents);
  return usd.format(cents / 100);
}
