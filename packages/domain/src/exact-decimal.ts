// Money and prices must not pick up binary floating-point error (0.1 + 0.2), so every rule that
// multiplies a weight by a price does the arithmetic here on scaled bigints and rounds once, at
// the end, in a single documented way (half away from zero).

/** value = units / 10^scale, exactly. */
export interface ExactDecimal {
  readonly units: bigint;
  readonly scale: number;
}

const TEXT_PATTERN = /^(-)?(\d+)(?:\.(\d+))?$/;
const NUMBER_TEXT_PATTERN = /^(-)?(\d+)(?:\.(\d+))?(?:e([+-]\d+))?$/;

function pow10(exponent: number): bigint {
  return 10n ** BigInt(exponent);
}

function fromParts(sign: string | undefined, whole: string, fraction: string, exponent = 0): ExactDecimal {
  let units = BigInt(whole + fraction);
  let scale = fraction.length - exponent;
  if (scale < 0) {
    units *= pow10(-scale);
    scale = 0;
  }
  return { units: sign ? -units : units, scale };
}

/**
 * The longest decimal text read, sign and point included: far more digits than any amount,
 * weight or price has, and short enough that reading it costs nothing (a megabyte of digits
 * takes half a second of CPU to turn into a bigint).
 */
export const MAX_DECIMAL_TEXT_LENGTH = 100;

/**
 * Parses a plain decimal string such as "1234.5" or "-0.0425" (no exponent, no thousands
 * separators, surrounding spaces ignored). Answers null (never throws) for anything else: more
 * than `maxScale` digits after the point, "Infinity", "NaN", "1e308", or text longer than
 * MAX_DECIMAL_TEXT_LENGTH.
 */
export function parseExactDecimal(text: string, maxScale = Number.POSITIVE_INFINITY): ExactDecimal | null {
  const trimmed = text.trim();
  if (trimmed.length > MAX_DECIMAL_TEXT_LENGTH) return null;
  const match = TEXT_PATTERN.exec(trimmed);
  if (!match) return null;
  const fraction = match[3] ?? '';
  if (fraction.length > maxScale) return null;
  return fromParts(match[1], match[2] ?? '0', fraction);
}

/**
 * Reads a JS number as the decimal a person typed: 0.1 becomes exactly 1/10, because the shortest
 * round-trip text of a double is the value that was entered. Answers null for NaN and infinities.
 */
export function exactDecimalFromNumber(value: number): ExactDecimal | null {
  if (!Number.isFinite(value)) return null;
  const match = NUMBER_TEXT_PATTERN.exec(String(value));
  if (!match) return null;
  return fromParts(match[1], match[2] ?? '0', match[3] ?? '', Number(match[4] ?? '0'));
}

/** Parses decimal text or reads a number; null when neither works. */
export function toExactDecimal(value: string | number, maxScale?: number): ExactDecimal | null {
  return typeof value === 'number' ? exactDecimalFromNumber(value) : parseExactDecimal(value, maxScale);
}

/** a + b, exactly, at the larger of the two scales. */
export function addExact(a: ExactDecimal, b: ExactDecimal): ExactDecimal {
  const scale = Math.max(a.scale, b.scale);
  return { units: a.units * pow10(scale - a.scale) + b.units * pow10(scale - b.scale), scale };
}

/** a - b, exactly, at the larger of the two scales. */
export function subtractExact(a: ExactDecimal, b: ExactDecimal): ExactDecimal {
  const scale = Math.max(a.scale, b.scale);
  return { units: a.units * pow10(scale - a.scale) - b.units * pow10(scale - b.scale), scale };
}

export function multiplyExact(a: ExactDecimal, b: ExactDecimal): ExactDecimal {
  return { units: a.units * b.units, scale: a.scale + b.scale };
}

function roundedQuotient(numerator: bigint, denominator: bigint): bigint {
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  let quotient = n / d;
  if ((n % d) * 2n >= d) quotient += 1n;
  return negative ? -quotient : quotient;
}

/** Rounds half away from zero to `scale` digits after the point. */
export function roundExact(value: ExactDecimal, scale: number): ExactDecimal {
  if (value.scale <= scale) return { units: value.units * pow10(scale - value.scale), scale };
  return { units: roundedQuotient(value.units, pow10(value.scale - scale)), scale };
}

/** a / b rounded half away from zero to `scale` digits. Throws RangeError when b is zero. */
export function divideExact(a: ExactDecimal, b: ExactDecimal, scale: number): ExactDecimal {
  if (b.units === 0n) throw new RangeError('Cannot divide by zero.');
  // a/b = (a.units / b.units) * 10^(b.scale - a.scale); shift so the quotient lands on `scale`.
  const shift = scale + b.scale - a.scale;
  const numerator = shift >= 0 ? a.units * pow10(shift) : a.units;
  const denominator = shift >= 0 ? b.units : b.units * pow10(-shift);
  return { units: roundedQuotient(numerator, denominator), scale };
}

/** Half away from zero to a whole number. */
export function roundExactToInteger(value: ExactDecimal): bigint {
  return roundExact(value, 0).units;
}

export function compareExact(a: ExactDecimal, b: ExactDecimal): -1 | 0 | 1 {
  const scale = Math.max(a.scale, b.scale);
  const left = a.units * pow10(scale - a.scale);
  const right = b.units * pow10(scale - b.scale);
  return left < right ? -1 : left > right ? 1 : 0;
}

/** Fixed-point text with exactly `value.scale` digits after the point ("-12.50"). */
export function formatExact(value: ExactDecimal): string {
  const negative = value.units < 0n;
  const digits = (negative ? -value.units : value.units).toString().padStart(value.scale + 1, '0');
  const whole = digits.slice(0, digits.length - value.scale);
  const fraction = value.scale > 0 ? `.${digits.slice(digits.length - value.scale)}` : '';
  return `${negative ? '-' : ''}${whole}${fraction}`;
}
