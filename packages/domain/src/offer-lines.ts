// The rules of an itemised offer (DECISIONS "The honest offer"): each line's proposal from a
// reference price, the measured weight, the purity and the % paid, exact to the cent; what a line
// and an offer must satisfy (a reason wherever the appraiser leaves the proposal or the published
// payout-rate band); how long an offer stays valid and when the seller is reminded; and what a
// seller's one counter-offer may be. The server and the appraiser's form both call these.
import { z } from 'zod';
import {
  compareExact,
  divideExact,
  formatExact,
  multiplyExact,
  parseExactDecimal,
  roundExact,
  type ExactDecimal,
} from './exact-decimal.ts';
import {
  boundedDecimalInput,
  formatBound,
  MAX_OFFER_DOLLARS,
  MAX_PERCENT,
  MAX_REFERENCE_PRICE_PER_CARAT,
  MAX_REFERENCE_PRICE_PER_GRAM,
  MAX_WEIGHT_ANY_UNIT,
} from './number-bounds.ts';
import { isGemItemType, isGoldItemType, itemTypeLabels, type ItemType as ItemTypeName } from './item-type.ts';
import { itemTypeSchema } from './rule-schemas.ts';
import { itemPositionSchema } from './item-position.ts';
import { karatPurities, PRICE_SCALE } from './karat.ts';
import { centsToDecimalString, dollarsToCents, formatCents } from './money.ts';
import {
  referencePriceUnits,
  testMethods,
  type CounterOfferStatus,
  type OfferStatus,
  type ReferencePriceUnit,
} from './offer-vocabulary.ts';
import { materialPurity } from './metal-quote.ts';
import { parsePercent, type PayoutRate } from './payout-rates.ts';
import { utcLongDate } from './day-formats.ts';
import { MAX_WEIGHT_GRAMS, toCaratsExact, toGramsExact, weightUnitSchema, type WeightUnit } from './weight.ts';

/** An offer has 1 to 20 lines. */
export const MAX_OFFER_LINES = 20;
/** DECISIONS: an offer is valid for OFFER_VALID_DAYS, 7 unless configured. */
export const DEFAULT_OFFER_VALID_DAYS = 7;
/** The seller is reminded this many hours before the offer lapses. */
export const OFFER_REMINDER_HOURS = [48, 8] as const;
export const MAX_COUNTER_MESSAGE_LENGTH = 1000;
/** A counter-offer may ask at most this many times the offer (a typo guard, said in the message). */
export const MAX_COUNTER_MULTIPLE = 3;
export const MAX_LINE_DESCRIPTION_LENGTH = 200;
export const MAX_LINE_REASON_LENGTH = 500;
/** The description of the line an accepted counter-offer adds to the appraisal's lines. */
export const COUNTER_ACCEPTED_LINE = 'Counter-offer accepted';

/** The same bound as SPEC's one-number offer (MAX_OFFER_CENTS of api/update-submission.ts): $10,000,000.00. */
const MAX_OFFER_TOTAL_CENTS = 1_000_000_000;

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

const lineWeightInput = boundedDecimalInput({
  invalid: "A line's weight must be a number.",
  max: MAX_WEIGHT_ANY_UNIT,
  tooLarge: `A line's weight can be at most ${formatBound(MAX_WEIGHT_ANY_UNIT)} (100 kg counted in carats).`,
});
const percentInput = (what: string, example: string) =>
  boundedDecimalInput({
    invalid: `A line's ${what} must be a percent, like ${example}.`,
    max: MAX_PERCENT,
    tooLarge: `A line's ${what} can be at most ${MAX_PERCENT}%.`,
  });
const referencePriceInput = boundedDecimalInput({
  invalid: "A line's reference price must be an amount, like 76.1234.",
  max: MAX_REFERENCE_PRICE_PER_CARAT,
  tooLarge: `A line's reference price can be at most ${formatBound(MAX_REFERENCE_PRICE_PER_CARAT, true)} per carat (${formatBound(MAX_REFERENCE_PRICE_PER_GRAM, true)} per gram).`,
});
const lineAmountInput = boundedDecimalInput({
  invalid: "A line's amount must be in dollars, like 1250.00.",
  max: MAX_OFFER_DOLLARS,
  tooLarge: `A line's amount can be at most ${formatBound(MAX_OFFER_DOLLARS, true)}.`,
});

const optionalReason = z
  .string({ error: 'A reason must be text.' })
  .trim()
  .max(MAX_LINE_REASON_LENGTH, `A reason can be at most ${MAX_LINE_REASON_LENGTH} characters.`)
  .nullable()
  .optional()
  .transform((reason) => (reason ? reason : undefined));

/**
 * One line of an itemised offer as the appraiser's form sends it. The shape is checked here; the
 * rules between the fields (weight above zero, the band, the reasons, the total) are
 * offerLinesProblem's, so each refusal names its line.
 */
export const offerLineInputSchema = z.object({
  description: z
    .string({ error: 'Each line needs a description.' })
    .trim()
    .min(1, 'Each line needs a description.')
    .max(MAX_LINE_DESCRIPTION_LENGTH, `A line's description can be at most ${MAX_LINE_DESCRIPTION_LENGTH} characters.`),
  material: itemTypeSchema,
  weight: lineWeightInput,
  weightUnit: weightUnitSchema,
  purityPercent: percentInput('purity', '58.5'),
  testMethod: z.enum(testMethods, {
    error: 'Please say how the line was tested: scale, xrf, acid, electronic-tester, fire-assay, loupe or lab-report.',
  }),
  referencePrice: referencePriceInput,
  referenceUnit: z.enum(referencePriceUnits, { error: 'A reference price is per gram or per carat.' }),
  priceSource: z
    .string({ error: 'Each line must say where its price came from.' })
    .trim()
    .min(1, 'Each line must say where its price came from.')
    .max(100, 'A price source can be at most 100 characters.'),
  pricedAt: z.iso.datetime({ error: 'pricedAt must be an ISO 8601 time, like "2026-03-10T12:00:00.000Z".' }),
  percentPaid: percentInput('% paid', '85.5'),
  amount: lineAmountInput,
  reason: optionalReason,
  /** Which item of the parcel the line prices (1 to 10); absent: item 1. */
  item: itemPositionSchema.optional(),
});
export type OfferLineInput = z.input<typeof offerLineInputSchema>;
export type OfferLineBody = z.output<typeof offerLineInputSchema>;

/** The offer lines of a body: 1 to 20. */
export const offerLinesSchema = z
  .array(offerLineInputSchema, { error: 'offerLines must be a list of lines.' })
  .min(1, 'An itemised offer needs at least one line.')
  .max(MAX_OFFER_LINES, `An offer can have at most ${MAX_OFFER_LINES} lines.`);

export interface LineBasis {
  referencePrice: string;
  referenceUnit: ReferencePriceUnit;
  weight: string;
  weightUnit: WeightUnit;
  purityPercent: string;
  percentPaid: string;
}

const HUNDRED: ExactDecimal = { units: 100n, scale: 0 };
const MAX_LINE_GRAMS: ExactDecimal = { units: BigInt(MAX_WEIGHT_GRAMS), scale: 0 };

/** 100 kg in `unit`, to 4 decimals (3,215.0661 oz). */
function maxWeightIn(unit: WeightUnit): number {
  return Number(formatExact(divideExact(MAX_LINE_GRAMS, toGramsExact({ units: 1n, scale: 0 }, unit), 4)));
}

/** A line's weight counted in what its reference price is per: grams, or carats. */
export function quantityInReferenceUnit(weight: ExactDecimal, unit: WeightUnit, referenceUnit: ReferencePriceUnit) {
  return referenceUnit === 'gram' ? toGramsExact(weight, unit) : toCaratsExact(weight, unit);
}

/**
 * The amount the form proposes for a line, in cents: reference price x weight (in grams or carats)
 * x purity% x paid%, exact, rounded once, half away from zero.
 */
export function proposedLineAmountCents(line: LineBasis): bigint {
  const price = parseExactDecimal(line.referencePrice);
  const weight = parseExactDecimal(line.weight);
  const purity = parseExactDecimal(line.purityPercent);
  const paid = parseExactDecimal(line.percentPaid);
  if (!price || !weight || !purity || !paid) throw new RangeError('A line basis must be decimal text.');
  const quantity = quantityInReferenceUnit(weight, line.weightUnit, line.referenceUnit);
  const product = multiplyExact(multiplyExact(multiplyExact(price, quantity), purity), paid);
  // Two percents: divide by 100 x 100, then to cents (x 100): one shift of the scale by 2.
  return roundExact({ units: product.units, scale: product.scale + 2 }, 0).units;
}

/** The proposal as "1234.56". */
export function proposedLineAmount(line: LineBasis): string {
  return centsToDecimalString(Number(proposedLineAmountCents(line)));
}

export interface CheckedOfferLine extends OfferLineBody {
  /** "1234.56" */
  proposedAmount: string;
  /** Normalised to 2 decimals. */
  amount: string;
  amountCents: number;
}

export type OfferLinesCheck = { ok: true; lines: CheckedOfferLine[]; totalCents: number } | { ok: false; message: string };

function decimalPlaces(text: string): number {
  const dot = text.indexOf('.');
  return dot < 0 ? 0 : text.length - dot - 1;
}

/** The field of a line a problem is about, so a form can say it there. */
export type OfferLineField = 'weight' | 'purityPercent' | 'referencePrice' | 'percentPaid' | 'amount' | 'reason';

function lineProblem(
  line: OfferLineBody,
  rate: Pick<PayoutRate, 'minPercent' | 'maxPercent'> | undefined,
): { field: OfferLineField; message: string } | { proposedCents: bigint; amountCents: number } {
  const weight = parseExactDecimal(line.weight);
  if (!weight || weight.units <= 0n) return { field: 'weight', message: 'the weight must be more than zero.' };
  if (decimalPlaces(line.weight) > 4) return { field: 'weight', message: 'the weight can have at most 4 decimal places.' };
  if (compareExact(toGramsExact(weight, line.weightUnit), MAX_LINE_GRAMS) > 0) {
    return {
      field: 'weight',
      message: `the weight can be at most 100 kg (${formatBound(maxWeightIn(line.weightUnit))} ${line.weightUnit}).`,
    };
  }
  const purity = parseExactDecimal(line.purityPercent);
  if (!purity || purity.units <= 0n || compareExact(purity, HUNDRED) > 0) {
    return { field: 'purityPercent', message: 'the purity must be more than 0% and at most 100%.' };
  }
  if (decimalPlaces(line.purityPercent) > 3) {
    return { field: 'purityPercent', message: 'the purity can have at most 3 decimal places.' };
  }
  const price = parseExactDecimal(line.referencePrice);
  if (!price || price.units <= 0n || decimalPlaces(line.referencePrice) > 4) {
    return { field: 'referencePrice', message: 'the reference price must be more than $0 with at most 4 decimals.' };
  }
  const maxPrice = line.referenceUnit === 'carat' ? MAX_REFERENCE_PRICE_PER_CARAT : MAX_REFERENCE_PRICE_PER_GRAM;
  if (compareExact(price, { units: BigInt(maxPrice), scale: 0 }) > 0) {
    return {
      field: 'referencePrice',
      message: `the reference price can be at most ${formatBound(maxPrice, true)} per ${line.referenceUnit}.`,
    };
  }
  const paid = parsePercent(line.percentPaid);
  if (!paid) return { field: 'percentPaid', message: 'the % paid must be from 0 to 100 with at most 2 decimals.' };
  const amountCents = dollarsToCents(line.amount);
  if (amountCents === null || amountCents < 0) {
    return { field: 'amount', message: 'the amount must be $0.00 or more, with at most 2 decimals.' };
  }
  if (rate) {
    const outside =
      compareExact(paid, parseExactDecimal(rate.minPercent)!) < 0 || compareExact(paid, parseExactDecimal(rate.maxPercent)!) > 0;
    if (outside && !line.reason) {
      return {
        field: 'reason',
        message: `${line.percentPaid}% is outside our published ${rate.minPercent}-${rate.maxPercent}% for ${itemTypeLabels[line.material]}; please give a reason.`,
      };
    }
  }
  const proposedCents = proposedLineAmountCents(line);
  if (BigInt(amountCents) !== proposedCents && !line.reason) {
    return {
      field: 'reason',
      message: `the amount ${formatCents(amountCents)} differs from the proposal of ${formatCents(Number(proposedCents))}; please give a reason.`,
    };
  }
  return { proposedCents, amountCents };
}

/**
 * Checks an itemised offer against the payout rates: each line (messages start "Line N: "), then
 * the total (above $0, at most $10,000,000, and equal to `claimedTotal` when the body carries one).
 */
export function checkOfferLines(
  lines: readonly OfferLineBody[],
  rates: readonly PayoutRate[],
  claimedTotal?: string,
): OfferLinesCheck {
  if (lines.length < 1) return { ok: false, message: 'An itemised offer needs at least one line.' };
  if (lines.length > MAX_OFFER_LINES) return { ok: false, message: `An offer can have at most ${MAX_OFFER_LINES} lines.` };
  const checked: CheckedOfferLine[] = [];
  let totalCents = 0;
  for (const [index, line] of lines.entries()) {
    const rate = rates.find((r) => r.itemType === line.material);
    const result = lineProblem(line, rate);
    if ('message' in result) return { ok: false, message: `Line ${index + 1}: ${result.message}` };
    totalCents += result.amountCents;
    checked.push({
      ...line,
      amount: centsToDecimalString(result.amountCents),
      amountCents: result.amountCents,
      proposedAmount: centsToDecimalString(Number(result.proposedCents)),
    });
  }
  if (claimedTotal !== undefined) {
    const claimed = dollarsToCents(claimedTotal);
    if (claimed !== totalCents) {
      return {
        ok: false,
        message: `The lines add up to ${formatCents(totalCents)}, not ${claimed === null ? claimedTotal : formatCents(claimed)}.`,
      };
    }
  }
  if (totalCents <= 0) return { ok: false, message: 'An offer must add up to more than $0.00.' };
  if (totalCents > MAX_OFFER_TOTAL_CENTS) return { ok: false, message: 'An offer cannot be more than $10,000,000.00.' };
  return { ok: true, lines: checked, totalCents };
}

/** The sum of the lines' weights in one unit (the submission's), to 4 decimals. */
export function totalWeightIn(lines: readonly Pick<OfferLineBody, 'weight' | 'weightUnit'>[], unit: WeightUnit): string {
  let grams: ExactDecimal = { units: 0n, scale: 0 };
  for (const line of lines) {
    const g = toGramsExact(parseExactDecimal(line.weight)!, line.weightUnit);
    const scale = Math.max(grams.scale, g.scale);
    grams = { units: grams.units * 10n ** BigInt(scale - grams.scale) + g.units * 10n ** BigInt(scale - g.scale), scale };
  }
  const perUnit = toGramsExact({ units: 1n, scale: 0 }, unit);
  // grams / perUnit, to 4 decimals: multiply first to keep it exact to the rounding.
  const numerator = grams.units * 10n ** BigInt(perUnit.scale + 5);
  const denominator = perUnit.units * 10n ** BigInt(grams.scale);
  const fifth = numerator / denominator;
  const rounded = (fifth + (fifth >= 0n ? 5n : -5n)) / 10n;
  return formatExact({ units: rounded, scale: 4 });
}

// --- Validity ---------------------------------------------------------------------------------

/** When an offer made at `offeredAt` lapses. */
export function offerValidUntil(offeredAt: Date, validDays: number = DEFAULT_OFFER_VALID_DAYS): Date {
  return new Date(offeredAt.getTime() + validDays * DAY_MS);
}

/** An open offer lapses at validUntil: from then on it cannot be accepted or countered. */
export function isOfferLapsed(validUntil: Date, now: Date): boolean {
  return now.getTime() >= validUntil.getTime();
}

/** The reminders still ahead of `now`: 48 h and 8 h before validUntil (a past one is skipped). */
export function offerReminders(validUntil: Date, now: Date): { hoursBefore: number; at: Date; delaySeconds: number }[] {
  return OFFER_REMINDER_HOURS.map((hoursBefore) => {
    const at = new Date(validUntil.getTime() - hoursBefore * HOUR_MS);
    return { hoursBefore, at, delaySeconds: Math.ceil((at.getTime() - now.getTime()) / 1000) };
  }).filter((r) => r.delaySeconds > 0);
}

/** "November 24, 2026 at 14:00 UTC": the moment an offer lapses, the same for everyone. */
export function formatOfferDeadline(at: Date): string {
  const date = utcLongDate(at);
  const time = at.toISOString().slice(11, 16);
  return `${date} at ${time} UTC`;
}

export const offerMessages = {
  expired: (validUntil: Date) =>
    `This offer expired on ${formatOfferDeadline(validUntil)}. Ask us to re-issue it at today's prices.`,
  noOffer: 'This submission has no offer yet.',
  alreadyAccepted: 'This offer was already accepted.',
  notOpen: 'This offer is no longer open.',
  noOpenCounter: 'There is no counter-offer waiting on this offer.',
  counterMessageTooLong: `A counter-offer message can be at most ${MAX_COUNTER_MESSAGE_LENGTH} characters.`,
} as const;

// --- Counter-offers ---------------------------------------------------------------------------

export interface CounterableOffer {
  status: OfferStatus;
  totalCents: number;
  validUntil: Date;
  counterStatus: CounterOfferStatus | null;
}

/** The most a seller may ask: 3 times the offer. */
export function maxCounterCents(offerTotalCents: number): number {
  return offerTotalCents * MAX_COUNTER_MULTIPLE;
}

/**
 * Why this counter-offer cannot be made, or null. Once per offer version, only on the open current
 * version before it lapses, more than $0 and at most 3 times the offer.
 */
export function counterOfferProblem(offer: CounterableOffer, amountCents: number, now: Date): string | null {
  if (offer.status === 'accepted') return 'This offer was already accepted, so it cannot be countered.';
  if (offer.status === 'declined') return 'This offer was declined, so it cannot be countered.';
  if (offer.status === 'superseded') return 'This offer has been replaced by a newer one; please reload to see it.';
  if (offer.counterStatus !== null)
    return 'You have already made a counter-offer on this offer; each offer can be countered once.';
  if (isOfferLapsed(offer.validUntil, now)) {
    return `This offer expired on ${formatOfferDeadline(offer.validUntil)}, so it cannot be countered. Ask us to re-issue it at today's prices.`;
  }
  if (amountCents <= 0) return 'A counter-offer must be more than $0.00.';
  const max = maxCounterCents(offer.totalCents);
  if (amountCents > max) {
    return `A counter-offer can be at most ${MAX_COUNTER_MULTIPLE} times our offer of ${formatCents(offer.totalCents)}, that is ${formatCents(max)}.`;
  }
  return null;
}

/** What the counter's field takes at most: MAX_COUNTER_MULTIPLE times the largest offer there can be. */
export const MAX_COUNTER_DOLLARS = MAX_OFFER_DOLLARS * MAX_COUNTER_MULTIPLE;
const counterTooLarge = `A counter-offer can be at most ${formatBound(MAX_COUNTER_DOLLARS, true)}.`;

export const counterOfferSchema = z.object({
  amount: z
    .union(
      [z.string(), z.number().min(0, 'A counter-offer must be more than $0.00.').max(MAX_COUNTER_DOLLARS, counterTooLarge)],
      { error: 'The counter-offer must be an amount in dollars, like 1400.00.' },
    )
    .transform((value, ctx) => {
      const cents = dollarsToCents(String(value).trim());
      if (cents !== null && cents > MAX_COUNTER_DOLLARS * 100) {
        ctx.addIssue({ code: 'custom', message: counterTooLarge });
        return z.NEVER;
      }
      if (cents === null) {
        ctx.addIssue({
          code: 'custom',
          message: 'The counter-offer must be an amount in dollars with at most 2 decimals, like 1400.00.',
        });
        return z.NEVER;
      }
      if (cents <= 0) {
        ctx.addIssue({ code: 'custom', message: 'A counter-offer must be more than $0.00.' });
        return z.NEVER;
      }
      return centsToDecimalString(cents);
    }),
  message: z
    .string({ error: 'The message must be text.' })
    .trim()
    .max(MAX_COUNTER_MESSAGE_LENGTH, offerMessages.counterMessageTooLong)
    .optional()
    .default(''),
});
export type CounterOfferInput = z.input<typeof counterOfferSchema>;
export type CounterOfferBody = z.output<typeof counterOfferSchema>;

// --- What changed -----------------------------------------------------------------------------

export interface ComparableLine {
  description: string;
  weight: string;
  weightUnit: string;
  amount: string;
  referencePrice: string | null;
  percentPaid: string | null;
}

const trimZeros = (text: string) => (text.includes('.') ? text.replace(/\.?0+$/, '') : text);

/**
 * A sentence for the seller on what a new version changed: "Your offer is now $X (was $Y): line 2
 * weight 10 g (was 12 g); line 3 removed." Empty changes say only the totals.
 */
export function offerChangeSummary(
  previous: { totalCents: number; lines: readonly ComparableLine[] },
  next: { totalCents: number; lines: readonly ComparableLine[] },
): string {
  const parts: string[] = [];
  const count = Math.max(previous.lines.length, next.lines.length);
  for (let i = 0; i < count; i++) {
    const [a, b] = [previous.lines[i], next.lines[i]];
    const n = `line ${i + 1}`;
    if (!a && b) parts.push(`${n} added (${b.description}, ${formatCents(dollarsToCents(b.amount) ?? 0)})`);
    else if (a && !b) parts.push(`${n} removed (${a.description})`);
    else if (a && b) {
      const changes: string[] = [];
      if (trimZeros(a.weight) !== trimZeros(b.weight) || a.weightUnit !== b.weightUnit) {
        changes.push(`weight ${trimZeros(b.weight)} ${b.weightUnit} (was ${trimZeros(a.weight)} ${a.weightUnit})`);
      }
      if (a.referencePrice !== null && b.referencePrice !== null && a.referencePrice !== b.referencePrice) {
        changes.push(`price ${trimZeros(b.referencePrice)} (was ${trimZeros(a.referencePrice)})`);
      }
      if (a.percentPaid !== null && b.percentPaid !== null && a.percentPaid !== b.percentPaid) {
        changes.push(`${trimZeros(b.percentPaid)}% paid (was ${trimZeros(a.percentPaid)}%)`);
      }
      if (a.amount !== b.amount) {
        changes.push(`${formatCents(dollarsToCents(b.amount) ?? 0)} (was ${formatCents(dollarsToCents(a.amount) ?? 0)})`);
      }
      if (a.description !== b.description) changes.push(`now "${b.description}"`);
      if (changes.length > 0) parts.push(`${n} ${changes.join(', ')}`);
    }
  }
  const head = `Your offer is now ${formatCents(next.totalCents)} (was ${formatCents(previous.totalCents)})`;
  return parts.length > 0 ? `${head}: ${parts.join('; ')}.` : `${head}.`;
}

// --- Reference prices -------------------------------------------------------------------------

export interface LivePriceRow {
  itemType: string;
  pricePerOz: string | null;
  pricePerGram: string | null;
  pricePerCarat: string | null;
  source: string;
  /** ISO time of the price. */
  updatedAt: string;
}

export interface LineReferencePrice {
  referencePrice: string;
  referenceUnit: ReferencePriceUnit;
  priceSource: string;
  pricedAt: string;
}

/**
 * The reference price a line of `material` is proposed from: the fine metal's price per gram (a
 * karat gold line multiplies it by its own purity, so the 24k row is divided by its .999), or a
 * gem's per-carat reference. Null when the live table has no usable price for it.
 */
export function lineReferencePrice(material: ItemTypeName, rows: readonly LivePriceRow[]): LineReferencePrice | null {
  if (isGemItemType(material)) {
    const row = rows.find((r) => r.itemType === material);
    if (!row?.pricePerCarat) return null;
    return { referencePrice: row.pricePerCarat, referenceUnit: 'carat', priceSource: row.source, pricedAt: row.updatedAt };
  }
  const rowType = isGoldItemType(material) ? 'gold-24k' : material;
  const row = rows.find((r) => r.itemType === rowType);
  if (!row?.pricePerGram) return null;
  const perGram = isGoldItemType(material)
    ? formatExact(divideExact(parseExactDecimal(row.pricePerGram)!, parseExactDecimal(karatPurities['gold-24k'])!, PRICE_SCALE))
    : row.pricePerGram;
  return { referencePrice: perGram, referenceUnit: 'gram', priceSource: row.source, pricedAt: row.updatedAt };
}

// --- The appraiser's form ---------------------------------------------------------------------

/**
 * The purity a new line starts from, in percent: the karat's fineness for gold (58.5 for 14K), the
 * usual alloy for silver (92.5), platinum and palladium (95), and 100 for a gem (priced per carat).
 */
export function defaultPurityPercent(material: ItemTypeName): string {
  return trimZeros(formatExact(multiplyExact(parseExactDecimal(materialPurity(material))!, HUNDRED)));
}

/** The % paid a new line starts from: the top of the published band for its material (null without a band). */
export function defaultPercentPaid(material: ItemTypeName, rates: readonly PayoutRate[]): string | null {
  return rates.find((r) => r.itemType === material)?.maxPercent ?? null;
}

export interface NewLineBasis {
  material: ItemTypeName;
  weight: string;
  weightUnit: WeightUnit;
  purityPercent: string;
  percentPaid: string;
}

export interface LineProposal extends LineReferencePrice {
  /** The published payout-rate band of the material; null when the table has no row for it. */
  band: Pick<PayoutRate, 'minPercent' | 'maxPercent'> | null;
  /** "1234.56"; null while the weight, purity or % paid is not yet a usable figure. */
  proposedAmount: string | null;
}

/**
 * What the appraiser's form proposes for a line: the live reference price (with its source and
 * time), the band, and the amount. Null when the live table has no usable price for the material.
 */
export function proposeOfferLine(
  line: NewLineBasis,
  rows: readonly LivePriceRow[],
  rates: readonly PayoutRate[],
): LineProposal | null {
  const reference = lineReferencePrice(line.material, rows);
  return reference && proposeOfferLineAt(line, reference, rates);
}

/** proposeOfferLine at a price already taken (the one a line was started with, or an earlier version's). */
export function proposeOfferLineAt(
  line: NewLineBasis,
  reference: LineReferencePrice,
  rates: readonly PayoutRate[],
): LineProposal {
  const rate = rates.find((r) => r.itemType === line.material);
  const band = rate ? { minPercent: rate.minPercent, maxPercent: rate.maxPercent } : null;
  // The figures are usable exactly when the offer's own line check gets past them: a $0 amount
  // with a reason can only be refused for the weight, purity, price or % paid.
  const checked = lineProblem(
    { ...line, ...reference, description: '-', testMethod: 'scale', amount: '0', reason: 'proposal' },
    undefined,
  );
  const proposedAmount = 'message' in checked ? null : centsToDecimalString(Number(checked.proposedCents));
  return { ...reference, band, proposedAmount };
}

/**
 * A line's first problem as a form shows it beside its field: the field and the server's own
 * sentence, capitalised. Null when the line is fine against the payout rates.
 */
export function offerLineProblem(
  line: OfferLineBody,
  rates: readonly PayoutRate[],
): { field: OfferLineField; message: string } | null {
  const result = lineProblem(
    line,
    rates.find((r) => r.itemType === line.material),
  );
  if (!('message' in result)) return null;
  return { field: result.field, message: result.message.charAt(0).toUpperCase() + result.message.slice(1) };
}

/** Whether a line leaves its proposal or the published band, so that it needs a reason. */
export function offerLineNeedsReason(line: OfferLineBody, rates: readonly PayoutRate[]): boolean {
  return offerLineProblem({ ...line, reason: undefined }, rates)?.field === 'reason';
}

// --- An accepted counter-offer ----------------------------------------------------------------

/** What the version made by accepting a counter-offer needs of a line: its amount in cents. */
export interface AmountLine {
  description: string;
  amount: number;
  reason?: string | null;
}

/**
 * The lines of the version an accepted counter-offer makes (issue 27 item 9): the appraisal's own
 * lines, kept with their basis so the offer still explains itself, and the counter's amount as the
 * agreed total. A counter above the offer adds one line "Counter-offer accepted" for the difference,
 * unless the offer already has MAX_OFFER_LINES lines: then, as for a counter below it (rare: the
 * seller asked less), each line moves in proportion, largest remainders first, each moved line
 * saying why, so a version never has more lines than an offer may. The lines always sum to the
 * counter.
 */
export function counterAcceptedLines<Line extends AmountLine>(
  lines: readonly Line[],
  counterCents: number,
  addedLine: (amountCents: number) => Line,
): Line[] {
  if (!Number.isSafeInteger(counterCents) || counterCents <= 0) {
    throw new RangeError(`A counter-offer is a whole number of cents above 0, not ${counterCents}.`);
  }
  const totalCents = lines.reduce((sum, line) => sum + line.amount, 0);
  if (lines.length === 0) return [addedLine(counterCents)];
  if (counterCents === totalCents) return [...lines];
  const raised = counterCents > totalCents;
  if (raised && lines.length < MAX_OFFER_LINES) return [...lines, addedLine(counterCents - totalCents)];
  const total = BigInt(totalCents);
  const counter = BigInt(counterCents);
  const shares = lines.map((line, index) => {
    const exact = BigInt(line.amount) * counter;
    return { index, cents: exact / total, remainder: exact % total };
  });
  let left = counterCents - shares.reduce((sum, share) => sum + Number(share.cents), 0);
  for (const share of [...shares].sort((a, b) =>
    b.remainder > a.remainder ? 1 : b.remainder < a.remainder ? -1 : a.index - b.index,
  )) {
    if (left === 0) break;
    share.cents += 1n;
    left -= 1;
  }
  const why = `${raised ? 'Raised' : 'Lowered'} in proportion to your counter-offer of ${formatCents(counterCents)}.`;
  return lines.map((line, index) => {
    const amount = Number(shares[index]!.cents);
    if (amount === line.amount) return line;
    const reason = line.reason ? `${line.reason} ${why}` : why;
    return { ...line, amount, reason: reason.slice(0, MAX_LINE_REASON_LENGTH) };
  });
}
