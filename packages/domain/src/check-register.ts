// The check register (issue 12 item 4, DECISIONS "Money and parcels on real rails": checks, "a
// register with check numbers and a mailing record"). Pure rules: what a check number may be, the
// next one, the amount in words a check must spell out, the dates a mailing may carry, and the
// lines of the printed stub, so the server and the appraisers' screen say the same thing.
import { businessDateOf } from './compliance-rules.ts';
import { formatCents } from './money.ts';
import { utcShortDateWithYear } from './day-formats.ts';

/** A check number is what the bank's stock is pre-numbered with: at most 8 digits. */
export const CHECK_NUMBER_MAX = 99_999_999;
export const CHECK_NUMBER_MAX_DIGITS = 8;
/** Where numbering starts when the register is empty and nothing else is configured. */
export const DEFAULT_FIRST_CHECK_NUMBER = 1001;
export const CHECK_VOID_REASON_MAX_LENGTH = 200;

export const checkStatuses = ['printed', 'mailed', 'voided'] as const;
export type CheckStatus = (typeof checkStatuses)[number];

export const checkStatusLabels: Record<CheckStatus, string> = {
  printed: 'Printed, not mailed',
  mailed: 'Mailed',
  voided: 'Voided',
};

export const checkNumberMessage = `A check number is a whole number from 1 to ${CHECK_NUMBER_MAX} (at most ${CHECK_NUMBER_MAX_DIGITS} digits).`;

export function isCheckNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 1 && value <= CHECK_NUMBER_MAX;
}

/**
 * The number the next check gets: one after the highest in the register, or the first number when
 * the register is empty or the first number is configured above what was used. Null when the
 * 8 digits are used up (a new range of stock needs a new first number).
 */
export function nextCheckNumber(highestUsed: number | null, firstNumber: number = DEFAULT_FIRST_CHECK_NUMBER): number | null {
  const next = highestUsed === null ? firstNumber : Math.max(highestUsed + 1, firstNumber);
  return isCheckNumber(next) ? next : null;
}

/** "Check 1234": the payout's reference once the check is mailed, and how sentences name it. */
export function checkLabel(checkNumber: number): string {
  return `Check ${checkNumber}`;
}

/** What the seller's timeline reads when a check is voided: "Check 1234 voided: lost in the mail". */
export function checkVoidedReason(checkNumber: number, reason: string): string {
  return `${checkLabel(checkNumber)} voided: ${reason.trim()}`;
}

const ONES = [
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
  'nineteen',
];
const TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];
const SCALES = ['', 'thousand', 'million', 'billion', 'trillion'];

/** 0 < n < 1000 in words: "four hundred eighty-five". */
function hundredsInWords(n: number): string {
  const words: string[] = [];
  const hundreds = Math.trunc(n / 100);
  const rest = n % 100;
  if (hundreds > 0) words.push(`${ONES[hundreds]} hundred`);
  if (rest >= 20) words.push(rest % 10 === 0 ? TENS[rest / 10]! : `${TENS[Math.trunc(rest / 10)]}-${ONES[rest % 10]}`);
  else if (rest > 0) words.push(ONES[rest]!);
  return words.join(' ');
}

/** A whole number of dollars in words, "one million two hundred thousand five"; exact on bigints. */
function dollarsInWords(dollars: bigint): string {
  if (dollars === 0n) return ONES[0]!;
  const groups: string[] = [];
  let rest = dollars;
  for (let scale = 0; rest > 0n; scale += 1, rest /= 1000n) {
    const group = Number(rest % 1000n);
    if (group === 0) continue;
    if (scale >= SCALES.length) throw new RangeError('An amount that large is not written on a check.');
    groups.unshift(SCALES[scale] ? `${hundredsInWords(group)} ${SCALES[scale]}` : hundredsInWords(group));
  }
  return groups.join(' ');
}

/**
 * The amount as a check's legal line spells it, from exact cents: 48520 -> "Four hundred
 * eighty-five and 20/100 dollars"; 1 -> "Zero and 01/100 dollars". The words are what a bank
 * honours when they and the figures disagree, so they are never computed through a float.
 */
export function amountInWords(cents: number | bigint): string {
  const value = typeof cents === 'bigint' ? cents : BigInt(cents);
  if (typeof cents === 'number' && !Number.isSafeInteger(cents)) {
    throw new RangeError(`An amount in cents must be a whole number, got ${String(cents)}.`);
  }
  if (value < 0n) throw new RangeError('A check cannot be for a negative amount.');
  const words = dollarsInWords(value / 100n);
  const fraction = String(value % 100n).padStart(2, '0');
  return `${words.charAt(0).toUpperCase()}${words.slice(1)} and ${fraction}/100 dollars`;
}

/** The figures as the check's amount box prints them: "$**485.20", the stars so nothing can be written in front. */
export function amountInFigures(cents: number): string {
  return `**${formatCents(cents).replace('$', '')}`;
}

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** "2026-11-23" as a real calendar day, or null. */
export function parseIsoDay(value: string): string | null {
  const match = ISO_DAY.exec(value);
  if (!match) return null;
  const at = new Date(`${value}T00:00:00.000Z`);
  return Number.isNaN(at.getTime()) || at.toISOString().slice(0, 10) !== value ? null : value;
}

/**
 * Why a check cannot be marked mailed on this day, or null: a check is mailed on a real day, not
 * after today and not before it was registered. Days are the business's (BUSINESS_TIME_ZONE), as
 * the appraiser who mails it reads the calendar: a check registered at 9 pm in New York was
 * registered that day, not the next UTC day.
 */
export function mailedOnProblem(mailedOn: string, registeredAt: Date, now: Date, timeZone: string): string | null {
  if (parseIsoDay(mailedOn) === null) return 'Please give the day the check was mailed as YYYY-MM-DD.';
  if (mailedOn > businessDateOf(now, timeZone)) return 'The day the check was mailed cannot be in the future.';
  const registered = businessDateOf(registeredAt, timeZone);
  if (mailedOn < registered) return `The check was registered on ${registered}, so it cannot have been mailed before that.`;
  return null;
}

export interface CheckStubFacts {
  checkNumber: number;
  /** The day printed on the check (YYYY-MM-DD). */
  date: string;
  payee: string;
  amountCents: number;
  submissionShortId: string;
  /** The accepted offer before any fee, and the fee kept. */
  offerCents: number;
  feeCents: number;
}

export interface CheckStubLines {
  memo: string;
  figures: string;
  words: string;
  /** The remittance stub the seller keeps: label and value, in print order. */
  remittance: readonly (readonly [label: string, value: string])[];
}

/** "Nov 23, 2026" for a YYYY-MM-DD day, whatever the printer's time zone. */
export function checkDateText(day: string): string {
  return utcShortDateWithYear(new Date(`${day}T12:00:00.000Z`));
}

/** What the printed check and its remittance stub say, line by line. */
export function checkStubLines(facts: CheckStubFacts): CheckStubLines {
  const memo = `Submission #${facts.submissionShortId}`;
  return {
    memo,
    figures: amountInFigures(facts.amountCents),
    words: amountInWords(facts.amountCents),
    remittance: [
      ['Check number', String(facts.checkNumber)],
      ['Date', checkDateText(facts.date)],
      ['Pay to', facts.payee],
      ['For', memo],
      ['Accepted offer', formatCents(facts.offerCents)],
      ['Fee', formatCents(facts.feeCents)],
      ['Net amount paid', formatCents(facts.amountCents)],
    ],
  };
}
