// A refiner's settlement (issue 28 item 4): what came back for one or more melt lots, entered by
// hand or imported as CSV (docs/refiner-settlement-csv.md). Pure: the reader turns text into a
// settlement or a list of sentences naming the line and the field; the checks are one function
// for both paths; and the allocation splits a pooled settlement back onto its lots, to the cent.
import {
  addExact,
  compareExact,
  divideExact,
  formatExact,
  multiplyExact,
  parseExactDecimal,
  roundExact,
  subtractExact,
  type ExactDecimal,
} from './exact-decimal.ts';
import { WEIGHT_SCALE } from './melt-lot.ts';
import { isMeltMetal, meltMetalLabels, meltMetals, type MeltMetal } from './melt-sort.ts';
import { dollarsToCents, formatCents } from './money.ts';
import { gramsPerUnitText } from './weight.ts';

export const settlementChargeKinds = ['refining', 'assay', 'shipping', 'wire-fee', 'other'] as const;
export type SettlementChargeKind = (typeof settlementChargeKinds)[number];
export const settlementChargeLabels: Record<SettlementChargeKind, string> = {
  refining: 'Refining',
  assay: 'Assay',
  shipping: 'Shipping and insurance',
  'wire-fee': 'Wire fee',
  other: 'Other charges',
};

export function isSettlementChargeKind(value: string): value is SettlementChargeKind {
  return (settlementChargeKinds as readonly string[]).includes(value);
}

/** The CSV's columns, in the order the documented example writes them (any order is read). */
export const settlementCsvColumns = [
  'kind',
  'lot',
  'metal',
  'pre_melt_grams',
  'post_melt_grams',
  'assay_percent',
  'fine_oz',
  'price_per_oz',
  'amount',
  'detail',
] as const;
type Column = (typeof settlementCsvColumns)[number];

export const settlementRowKinds = ['refiner', 'reference', 'date', 'wire', 'lot', 'metal', 'charge'] as const;
export type SettlementRowKind = (typeof settlementRowKinds)[number];
const headerKinds = ['refiner', 'reference', 'date', 'wire'] as const;
type HeaderKind = (typeof headerKinds)[number];

/** The biggest file read: far above any refiner's statement, small enough to read at once. */
export const MAX_SETTLEMENT_CSV_CHARS = 1_000_000;
export const MAX_SETTLEMENT_ROWS = 5_000;
/** At most this many sentences are listed; the last one says how many more there were. */
export const MAX_SETTLEMENT_PROBLEMS = 50;
/** 10 tonnes: a typo guard for one lot's weight. */
export const MAX_LOT_GRAMS = 10_000_000;
export const MAX_PRICE_PER_OZ = 1_000_000;
export const MAX_FINE_OZ = 1_000_000;
/** $100,000,000.00: a typo guard for any amount on a settlement. */
export const MAX_SETTLEMENT_CENTS = 10_000_000_000;
export const MAX_SETTLEMENT_TEXT_LENGTH = 200;
/** Fine ounces are read to 4 decimals, and allocated between pooled lots in 0.0001 oz. */
export const FINE_OZ_SCALE = 4;

/**
 * How much the fine ounces paid may exceed what the post-melt weight holds at the assay, in troy
 * ounces: the refiner rounds its weights and ounces separately, so a thousandth more is rounding;
 * anything more is a statement paying for metal that was not in the lot, which we do not book.
 */
const FINE_OZ_ROUNDING_SLACK: ExactDecimal = { units: 1n, scale: 3 };

// ---------------------------------------------------------------------------------------------
// A small RFC 4180 reader: the domain imports only zod, and a settlement is a few hundred lines.

export interface CsvRecord {
  /** The line the record starts on, counting from 1. */
  readonly line: number;
  readonly fields: readonly string[];
}

export type CsvReadResult =
  { readonly ok: true; readonly records: readonly CsvRecord[] } | { readonly ok: false; readonly problem: string };

/**
 * Records of RFC 4180 text: comma-separated, fields optionally in double quotes (a quote inside
 * doubled), CRLF or LF line ends, a line end inside quotes kept. A leading byte-order mark is
 * dropped (spreadsheets write one) and blank lines are skipped.
 */
export function readCsv(text: string): CsvReadResult {
  const source = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const records: CsvRecord[] = [];
  let fields: string[] = [];
  let field = '';
  let line = 1;
  let recordLine = 1;
  let quoted = false;
  let wasQuoted = false;
  const endField = () => {
    fields.push(field);
    field = '';
    wasQuoted = false;
  };
  const endRecord = () => {
    endField();
    if (!(fields.length === 1 && fields[0] === '')) records.push({ line: recordLine, fields });
    fields = [];
  };
  for (let i = 0; i < source.length; i += 1) {
    const char = source[i]!;
    if (quoted) {
      if (char === '"') {
        if (source[i + 1] === '"') {
          field += '"';
          i += 1;
        } else quoted = false;
      } else {
        if (char === '\n') line += 1;
        field += char;
      }
      continue;
    }
    if (char === '"') {
      if (field !== '' || wasQuoted)
        return { ok: false, problem: `Line ${line}: a quote can only open a field; write "" for a quote inside a quoted field.` };
      quoted = true;
      wasQuoted = true;
    } else if (char === ',') {
      endField();
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && source[i + 1] === '\n') i += 1;
      endRecord();
      line += 1;
      recordLine = line;
    } else {
      if (wasQuoted)
        return { ok: false, problem: `Line ${line}: nothing may follow a quoted field's closing quote but a comma.` };
      field += char;
    }
  }
  if (quoted) return { ok: false, problem: `Line ${recordLine}: a quoted field is never closed.` };
  endRecord();
  return { ok: true, records };
}

// ---------------------------------------------------------------------------------------------
// The settlement as typed (a form) or read (a file): text everywhere, line numbers when read.

export interface SettlementDraftLot {
  readonly lotId: string;
  readonly preMeltGrams: string;
  readonly postMeltGrams: string;
  readonly line?: number;
}

export interface SettlementDraftMetal {
  /** Blank (null or '') for an assay of the whole pooled melt. */
  readonly lotId: string | null;
  readonly metal: string;
  readonly assayPercent: string;
  readonly fineOz: string;
  readonly pricePerOz: string;
  /** fine_oz × price_per_oz as the refiner wrote it, in dollars. */
  readonly amount: string;
  readonly line?: number;
}

export interface SettlementDraftCharge {
  readonly kind: string;
  /** Blank for a charge on the whole settlement, shared by the lots. */
  readonly lotId: string | null;
  readonly amount: string;
  readonly line?: number;
}

export interface SettlementDraft {
  readonly refiner: string;
  readonly reference: string;
  /** YYYY-MM-DD, the settlement's date. */
  readonly date: string;
  /** The wire received, in dollars. */
  readonly wire: string;
  readonly lots: readonly SettlementDraftLot[];
  readonly metals: readonly SettlementDraftMetal[];
  readonly charges: readonly SettlementDraftCharge[];
  /** Where each header field was read, for the sentences. */
  readonly headerLines?: Partial<Record<HeaderKind, number>>;
}

export interface SettlementLot {
  readonly lotId: string;
  /** Grams, 4 decimals. */
  readonly preMeltGrams: string;
  readonly postMeltGrams: string;
}

export interface SettlementMetal {
  /** null: the assay of the pooled melt of every lot of the settlement. */
  readonly lotId: string | null;
  readonly metal: MeltMetal;
  readonly assayPercent: string;
  readonly fineOz: string;
  readonly pricePerOz: string;
  readonly valueCents: number;
}

export interface SettlementCharge {
  readonly kind: SettlementChargeKind;
  readonly lotId: string | null;
  readonly amountCents: number;
}

export interface RefinerSettlement {
  readonly refiner: string;
  readonly reference: string;
  readonly date: string;
  readonly wireCents: number;
  readonly grossCents: number;
  readonly chargesCents: number;
  /** gross − charges; always equal to wireCents. */
  readonly netCents: number;
  readonly lots: readonly SettlementLot[];
  readonly metals: readonly SettlementMetal[];
  readonly charges: readonly SettlementCharge[];
}

export type SettlementReadResult =
  { readonly ok: true; readonly settlement: RefinerSettlement } | { readonly ok: false; readonly problems: readonly string[] };

const GRAMS_PER_OZ = parseExactDecimal(gramsPerUnitText.oz)!;
const HUNDRED: ExactDecimal = { units: 100n, scale: 0 };
const ZERO: ExactDecimal = { units: 0n, scale: 0 };
const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

function isRealDate(text: string): boolean {
  const match = DATE_PATTERN.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

function readPositive(text: string, maxScale: number, max: number): ExactDecimal | null {
  const value = parseExactDecimal(text, maxScale);
  if (!value || value.units <= 0n) return null;
  return compareExact(value, { units: BigInt(max), scale: 0 }) > 0 ? null : value;
}

function readCents(text: string, allowZero: boolean): number | null {
  const cents = dollarsToCents(text);
  if (cents === null || cents > MAX_SETTLEMENT_CENTS || (!allowZero && cents === 0)) return null;
  return cents;
}

function blankToNull(value: string | null): string | null {
  const text = value?.trim() ?? '';
  return text === '' ? null : text;
}

function where(line: number | undefined, fallback: string): string {
  return line === undefined ? fallback : `Line ${line}`;
}

const fineOzText = (value: ExactDecimal) => formatExact(roundExact(value, FINE_OZ_SCALE));

/**
 * The settlement, checked, or every problem found (each a sentence naming the line and field when
 * read from a file, or the lot and field when typed). What is checked: each header field present
 * and readable; every lot once, with weights in grams and post-melt at most pre-melt; every metal
 * line readable, its amount equal to fine ounces × price (within a cent: refiners round or cut),
 * its ounces no more than the melt holds at the assay; every lot paid for by a metal line of its
 * own or a pooled one; charges of a known kind on a listed lot or the whole settlement; and net
 * (gross − charges) equal to the wire to the cent.
 */
export function checkSettlement(draft: SettlementDraft): SettlementReadResult {
  return checkDraft(draft, true);
}

interface CheckedLots {
  readonly lots: SettlementLot[];
  /** Every lot id listed, with the line it was read on. */
  readonly lotLines: Map<string, number | undefined>;
  readonly postMelt: Map<string, ExactDecimal>;
  /** Whether every lot line was accepted, so the melt's weight is known. */
  readonly meltKnown: boolean;
}

function checkHeader(draft: SettlementDraft, problems: string[]) {
  const header = draft.headerLines ?? {};
  const at = (kind: HeaderKind) => where(header[kind], 'The settlement');
  const [refiner, reference, date] = [draft.refiner.trim(), draft.reference.trim(), draft.date.trim()];
  const textProblem = (value: string, kind: HeaderKind, what: string) => {
    if (value === '') problems.push(`${at(kind)}: the ${what} is missing.`);
    else if (value.length > MAX_SETTLEMENT_TEXT_LENGTH) {
      problems.push(`${at(kind)}: the ${what} can be at most ${MAX_SETTLEMENT_TEXT_LENGTH} characters.`);
    }
  };
  textProblem(refiner, 'refiner', "refiner's name");
  textProblem(reference, 'reference', 'settlement reference');
  if (!isRealDate(date)) problems.push(`${at('date')}: the date must be a real date written YYYY-MM-DD.`);
  const wireCents = readCents(draft.wire.trim(), false);
  if (wireCents === null) problems.push(`${at('wire')}: the wire amount must be in dollars above 0, like 12345.67.`);
  return { refiner, reference, date, wireCents };
}

function checkLots(rows: readonly SettlementDraftLot[], problems: string[]): CheckedLots {
  const before = problems.length;
  const lots: SettlementLot[] = [];
  const lotLines = new Map<string, number | undefined>();
  const postMelt = new Map<string, ExactDecimal>();
  for (const [index, lot] of rows.entries()) {
    const lotId = lot.lotId.trim();
    const at = where(lot.line, `Lot ${index + 1}`);
    if (lotId === '' || lotId.length > MAX_SETTLEMENT_TEXT_LENGTH) {
      problems.push(`${at}: the lot id is missing or longer than ${MAX_SETTLEMENT_TEXT_LENGTH} characters.`);
      continue;
    }
    const label = lot.line === undefined ? `Lot ${lotId}` : at;
    if (lotLines.has(lotId)) {
      const first = lotLines.get(lotId);
      const firstLine = first === undefined ? '' : ` (first on line ${first})`;
      problems.push(`${label}: lot ${lotId} is listed twice${firstLine}; every lot is settled once.`);
      continue;
    }
    lotLines.set(lotId, lot.line);
    const pre = readPositive(lot.preMeltGrams, WEIGHT_SCALE, MAX_LOT_GRAMS);
    const post = readPositive(lot.postMeltGrams, WEIGHT_SCALE, MAX_LOT_GRAMS);
    if (!pre) problems.push(`${label}: the pre-melt weight must be a positive number of grams (at most 4 decimals).`);
    if (!post) problems.push(`${label}: the post-melt weight must be a positive number of grams (at most 4 decimals).`);
    if (!pre || !post) continue;
    if (compareExact(post, pre) > 0) {
      problems.push(
        `${label}: the post-melt weight (${formatExact(post)} g) cannot be more than the pre-melt weight (${formatExact(pre)} g).`,
      );
      continue;
    }
    postMelt.set(lotId, post);
    lots.push({
      lotId,
      preMeltGrams: formatExact(roundExact(pre, WEIGHT_SCALE)),
      postMeltGrams: formatExact(roundExact(post, WEIGHT_SCALE)),
    });
  }
  if (rows.length === 0) problems.push('The settlement names no lot; add a lot line for each lot it pays for.');
  return { lots, lotLines, postMelt, meltKnown: problems.length === before };
}

function checkMetals(rows: readonly SettlementDraftMetal[], checked: CheckedLots, problems: string[]) {
  const { lots, lotLines, postMelt, meltKnown } = checked;
  const metals: SettlementMetal[] = [];
  const metalLines = new Map<string, number | undefined>();
  for (const [index, row] of rows.entries()) {
    const lotId = blankToNull(row.lotId);
    const metal = row.metal.trim().toLowerCase();
    const at = where(row.line, `Metal line ${index + 1}${lotId ? ` (lot ${lotId})` : ''}`);
    const before = problems.length;
    if (lotId !== null && !lotLines.has(lotId)) {
      problems.push(`${at}: lot ${lotId} has no lot line; list its weights on a lot line first.`);
    }
    if (!isMeltMetal(metal)) problems.push(`${at}: the metal must be one of ${meltMetals.join(', ')}.`);
    const assay = readPositive(row.assayPercent, 4, 100);
    if (!assay) problems.push(`${at}: the assay must be a percent above 0 and at most 100, like 58.12.`);
    const fineOz = readPositive(row.fineOz, FINE_OZ_SCALE, MAX_FINE_OZ);
    if (!fineOz) problems.push(`${at}: the fine ounces must be a positive number with at most ${FINE_OZ_SCALE} decimals.`);
    const price = readPositive(row.pricePerOz, 4, MAX_PRICE_PER_OZ);
    if (!price) problems.push(`${at}: the price per ounce must be an amount above 0, like 2650.25.`);
    const valueCents = readCents(row.amount.trim(), true);
    if (valueCents === null) problems.push(`${at}: the amount must be in dollars, like 4984.17.`);
    if (problems.length > before || !isMeltMetal(metal) || !assay || !fineOz || !price || valueCents === null) continue;

    const key = `${lotId ?? ''}\u0000${metal}`;
    if (metalLines.has(key)) {
      const melt = lotId ? `lot ${lotId}` : 'the pooled melt';
      problems.push(`${at}: ${meltMetalLabels[metal].toLowerCase()} is paid twice for ${melt}.`);
      continue;
    }
    metalLines.set(key, row.line);
    const exactCents = multiplyExact(multiplyExact(fineOz, price), HUNDRED);
    const difference = subtractExact({ units: BigInt(valueCents), scale: 0 }, exactCents);
    const absolute = difference.units < 0n ? { ...difference, units: -difference.units } : difference;
    if (compareExact(absolute, { units: 1n, scale: 0 }) > 0) {
      problems.push(
        `${at}: the amount (${formatCents(valueCents)}) is not the fine ounces times the price (${formatExact(fineOz)} oz × $${formatExact(price)} = ${formatCents(Number(roundExact(exactCents, 0).units))}).`,
      );
      continue;
    }
    // A melt with a refused lot is not known, so no metal line is measured against it.
    const meltGrams = lotId === null ? [...postMelt.values()].reduce(addExact, ZERO) : postMelt.get(lotId);
    if (meltKnown && meltGrams) {
      const holds = divideExact(multiplyExact(meltGrams, assay), multiplyExact(GRAMS_PER_OZ, HUNDRED), FINE_OZ_SCALE);
      if (compareExact(fineOz, addExact(holds, FINE_OZ_ROUNDING_SLACK)) > 0) {
        problems.push(
          `${at}: ${formatExact(fineOz)} fine oz is more than the melt holds (${formatExact(meltGrams)} g post-melt at ${formatExact(assay)}% is ${formatExact(holds)} oz).`,
        );
        continue;
      }
    }
    metals.push({
      lotId,
      metal,
      assayPercent: formatExact(assay),
      fineOz: fineOzText(fineOz),
      pricePerOz: formatExact(price),
      valueCents,
    });
  }
  if (rows.length === 0) {
    problems.push('The settlement pays for no metal; add a metal line (lot, metal, assay, fine ounces, price, amount).');
  }
  for (const metal of meltMetals) {
    const pooled = metals.some((m) => m.lotId === null && m.metal === metal);
    const own = metals.find((m) => m.lotId !== null && m.metal === metal);
    if (pooled && own) {
      problems.push(
        `${where(metalLines.get(`\u0000${metal}`), 'The settlement')}: ${meltMetalLabels[metal].toLowerCase()} is paid both for the pooled melt and for lot ${own.lotId}; use one or the other.`,
      );
    }
  }
  // Said from the rows as written, so a refused metal line does not also leave its lot unpaid.
  const paidFor = new Set(rows.map((m) => blankToNull(m.lotId)));
  for (const lot of lots) {
    if (!paidFor.has(null) && !paidFor.has(lot.lotId)) {
      problems.push(
        `${where(lotLines.get(lot.lotId), `Lot ${lot.lotId}`)}: lot ${lot.lotId} has no metal paid for it; add a metal line for it, or a pooled one.`,
      );
    }
  }
  return metals;
}

function checkCharges(rows: readonly SettlementDraftCharge[], lotLines: ReadonlyMap<string, unknown>, problems: string[]) {
  const charges: SettlementCharge[] = [];
  for (const [index, row] of rows.entries()) {
    const lotId = blankToNull(row.lotId);
    const kind = row.kind.trim().toLowerCase();
    const at = where(row.line, `Charge ${index + 1}`);
    const amountCents = readCents(row.amount.trim(), false);
    if (!isSettlementChargeKind(kind)) {
      problems.push(`${at}: the charge must be one of ${settlementChargeKinds.join(', ')} (in the detail column).`);
    }
    if (amountCents === null) problems.push(`${at}: a charge's amount must be in dollars above 0, like 85.00.`);
    const unknownLot = lotId !== null && !lotLines.has(lotId);
    if (unknownLot) {
      problems.push(`${at}: lot ${lotId} has no lot line; a charge is on a listed lot or on the whole settlement.`);
    }
    if (unknownLot || amountCents === null || !isSettlementChargeKind(kind)) continue;
    charges.push({ kind, lotId, amountCents });
  }
  return charges;
}

/** `totals`: whether to compare net and wire (not when rows were already refused: they are missing). */
function checkDraft(draft: SettlementDraft, totals: boolean): SettlementReadResult {
  const problems: string[] = [];
  const { refiner, reference, date, wireCents } = checkHeader(draft, problems);
  const checkedLots = checkLots(draft.lots, problems);
  const metals = checkMetals(draft.metals, checkedLots, problems);
  const charges = checkCharges(draft.charges, checkedLots.lotLines, problems);
  if (problems.length > 0 || !totals || wireCents === null) return { ok: false, problems: capped(problems) };

  const grossCents = metals.reduce((sum, m) => sum + m.valueCents, 0);
  const chargesCents = charges.reduce((sum, c) => sum + c.amountCents, 0);
  const netCents = grossCents - chargesCents;
  if (netCents !== wireCents) {
    return {
      ok: false,
      problems: [
        `The net (gross ${formatCents(grossCents)} less charges ${formatCents(chargesCents)} = ${formatCents(netCents)}) does not equal the wire of ${formatCents(wireCents)}; a settlement must match its wire to the cent.`,
      ],
    };
  }
  const lots = checkedLots.lots;
  return {
    ok: true,
    settlement: { refiner, reference, date, wireCents, grossCents, chargesCents, netCents, lots, metals, charges },
  };
}

/** What a settlement comes to as typed so far: a form shows it beside the wire before sending. */
export interface SettlementDraftTotals {
  readonly grossCents: number;
  readonly chargesCents: number;
  /** gross − charges; below 0 while the charges typed exceed the metal. */
  readonly netCents: number;
  /** null while the wire is not an amount yet. */
  readonly wireCents: number | null;
}

/**
 * The running totals of a half-typed settlement: an amount that does not read as dollars yet
 * counts nothing (checkSettlement names it), so the appraiser sees the net move as they type and
 * a cent's mismatch with the wire before the check refuses it.
 */
export function settlementDraftTotals(draft: Pick<SettlementDraft, 'wire' | 'metals' | 'charges'>): SettlementDraftTotals {
  const sum = (amounts: readonly string[]) => amounts.reduce((total, amount) => total + (dollarsToCents(amount) ?? 0), 0);
  const grossCents = sum(draft.metals.map((metal) => metal.amount));
  const chargesCents = sum(draft.charges.map((charge) => charge.amount));
  return { grossCents, chargesCents, netCents: grossCents - chargesCents, wireCents: dollarsToCents(draft.wire) };
}

function capped(problems: readonly string[]): string[] {
  if (problems.length <= MAX_SETTLEMENT_PROBLEMS) return [...problems];
  const shown = problems.slice(0, MAX_SETTLEMENT_PROBLEMS - 1);
  return [...shown, `…and ${problems.length - shown.length} more problems.`];
}

/**
 * Reads a settlement CSV (docs/refiner-settlement-csv.md): its first line names the columns, each
 * further line is one `kind` of row. Answers the checked settlement, or every problem found.
 */
export function parseSettlementCsv(text: string): SettlementReadResult {
  if (text.length > MAX_SETTLEMENT_CSV_CHARS) {
    return {
      ok: false,
      problems: [
        `The file is too long for a settlement: at most ${MAX_SETTLEMENT_CSV_CHARS.toLocaleString('en-US')} characters.`,
      ],
    };
  }
  const read = readCsv(text);
  if (!read.ok) return { ok: false, problems: [read.problem] };
  const [head, ...rows] = read.records;
  if (!head) return { ok: false, problems: ['The file is empty; a settlement starts with the line of column names.'] };
  if (rows.length > MAX_SETTLEMENT_ROWS) {
    return { ok: false, problems: [`A settlement can have at most ${MAX_SETTLEMENT_ROWS} lines; this one has ${rows.length}.`] };
  }
  const names = head.fields.map((name) => name.trim().toLowerCase());
  const index = new Map<string, number>();
  const headProblems: string[] = [];
  names.forEach((name, position) => {
    if (!(settlementCsvColumns as readonly string[]).includes(name)) {
      headProblems.push(
        `Line ${head.line}: "${name}" is not a settlement column; the columns are ${settlementCsvColumns.join(', ')}.`,
      );
    } else if (index.has(name)) headProblems.push(`Line ${head.line}: the column "${name}" is named twice.`);
    else index.set(name, position);
  });
  const missing = settlementCsvColumns.filter((column) => !index.has(column));
  if (missing.length > 0) headProblems.push(`Line ${head.line}: the column line lacks ${missing.join(', ')}.`);
  if (headProblems.length > 0) return { ok: false, problems: headProblems };

  const problems: string[] = [];
  const headerValues: Partial<Record<HeaderKind, string>> = {};
  const headerLines: Partial<Record<HeaderKind, number>> = {};
  const lots: SettlementDraftLot[] = [];
  const metals: SettlementDraftMetal[] = [];
  const charges: SettlementDraftCharge[] = [];
  for (const row of rows) {
    const get = (column: Column) => (row.fields[index.get(column)!] ?? '').trim();
    if (row.fields.length > names.length) {
      problems.push(`Line ${row.line}: it has ${row.fields.length} fields, more than the ${names.length} columns.`);
      continue;
    }
    const kind = get('kind').toLowerCase();
    if ((headerKinds as readonly string[]).includes(kind)) {
      const headerKind = kind as HeaderKind;
      if (headerLines[headerKind] !== undefined) {
        problems.push(
          `Line ${row.line}: a second ${headerKind} line (the first is on line ${headerLines[headerKind]}); a settlement has one.`,
        );
        continue;
      }
      headerLines[headerKind] = row.line;
      headerValues[headerKind] = headerKind === 'wire' ? get('amount') : get('detail');
    } else if (kind === 'lot') {
      lots.push({
        lotId: get('lot'),
        preMeltGrams: get('pre_melt_grams'),
        postMeltGrams: get('post_melt_grams'),
        line: row.line,
      });
    } else if (kind === 'metal') {
      metals.push({
        lotId: get('lot'),
        metal: get('metal'),
        assayPercent: get('assay_percent'),
        fineOz: get('fine_oz'),
        pricePerOz: get('price_per_oz'),
        amount: get('amount'),
        line: row.line,
      });
    } else if (kind === 'charge') {
      charges.push({ kind: get('detail'), lotId: get('lot'), amount: get('amount'), line: row.line });
    } else {
      problems.push(`Line ${row.line}: the kind "${get('kind')}" is not one of ${settlementRowKinds.join(', ')}.`);
    }
  }
  for (const kind of headerKinds) {
    if (headerLines[kind] === undefined)
      problems.push(`The file has no ${kind} line; a settlement names its refiner, reference, date and wire.`);
  }
  const checked = checkDraft(
    {
      refiner: headerValues.refiner ?? '',
      reference: headerValues.reference ?? '',
      date: headerValues.date ?? '',
      wire: headerValues.wire ?? '',
      lots,
      metals,
      charges,
      headerLines,
    },
    problems.length === 0,
  );
  if (problems.length === 0) return checked;
  // A missing header line is said once, by the file's sentence, not again by the field's.
  const fieldProblems = checked.ok ? [] : checked.problems.filter((p) => !p.startsWith('The settlement:'));
  return { ok: false, problems: capped([...problems, ...fieldProblems]) };
}

// ---------------------------------------------------------------------------------------------
// Pooling: one settlement, several lots.

/**
 * Splits a whole number into parts proportional to the weights, the parts adding up exactly
 * (largest remainder: each part is rounded down, then the units left over go one each to the
 * largest remainders, earlier weights first on a tie). All-zero weights share equally.
 */
export function allocateLargestRemainder(total: bigint, weights: readonly ExactDecimal[]): bigint[] {
  if (total < 0n) throw new RangeError('Only a non-negative total can be allocated.');
  if (weights.length === 0) {
    if (total === 0n) return [];
    throw new RangeError('A total cannot be allocated to no one.');
  }
  const scale = Math.max(...weights.map((w) => w.scale));
  let scaled = weights.map((w) => {
    if (w.units < 0n) throw new RangeError('Weights must not be negative.');
    return w.units * 10n ** BigInt(scale - w.scale);
  });
  let sum = scaled.reduce((a, b) => a + b, 0n);
  if (sum === 0n) {
    scaled = scaled.map(() => 1n);
    sum = BigInt(scaled.length);
  }
  const parts = scaled.map((w) => (total * w) / sum);
  const remainders = scaled.map((w, i) => ({ i, remainder: (total * w) % sum }));
  let left = total - parts.reduce((a, b) => a + b, 0n);
  remainders.sort((a, b) => (a.remainder === b.remainder ? a.i - b.i : a.remainder > b.remainder ? -1 : 1));
  for (const { i } of remainders) {
    if (left === 0n) break;
    parts[i]! += 1n;
    left -= 1n;
  }
  return parts;
}

/** actual ÷ estimated fine weight from 92% to 102% is a normal settlement (issue 28). */
export const ACCURACY_NORMAL_MIN_PERCENT = 92;
export const ACCURACY_NORMAL_MAX_PERCENT = 102;
export type AccuracyFlag = 'normal' | 'low' | 'high' | 'unknown';

/**
 * The buyer's testing accuracy for a lot: actual ÷ estimated fine weight in percent (1 decimal)
 * and its flag. Low means we paid sellers for metal that was not there; high, that our tests
 * under-read and sellers were paid too little. No estimate: unknown.
 */
export function fineWeightAccuracy(
  actualFineGrams: ExactDecimal,
  estimatedFineGrams: ExactDecimal | null,
): { readonly percent: string | null; readonly flag: AccuracyFlag } {
  if (!estimatedFineGrams || estimatedFineGrams.units <= 0n) return { percent: null, flag: 'unknown' };
  const actualHundred = multiplyExact(actualFineGrams, HUNDRED);
  const low =
    compareExact(actualHundred, multiplyExact(estimatedFineGrams, { units: BigInt(ACCURACY_NORMAL_MIN_PERCENT), scale: 0 })) < 0;
  const high =
    compareExact(actualHundred, multiplyExact(estimatedFineGrams, { units: BigInt(ACCURACY_NORMAL_MAX_PERCENT), scale: 0 })) > 0;
  return {
    percent: formatExact(divideExact(actualHundred, estimatedFineGrams, 1)),
    flag: low ? 'low' : high ? 'high' : 'normal',
  };
}

/** What our own tests said a lot holds: fine grams of the lot's metal (lotSummary's estimate). */
export interface LotFineEstimate {
  readonly metal: MeltMetal;
  readonly fineGrams: string;
}

export interface AllocatedLotMetal {
  readonly metal: MeltMetal;
  readonly assayPercent: string;
  /** post-melt grams × assay, 4 decimals: the fine metal the lot actually held. */
  readonly actualFineGrams: string;
  /** Fine ounces paid for this lot (its share of a pooled line). */
  readonly fineOz: string;
  readonly valueCents: number;
  /** Whether this comes from a pooled assay, shared by fine weight. */
  readonly pooled: boolean;
}

export interface AllocatedLot {
  readonly lotId: string;
  readonly metals: readonly AllocatedLotMetal[];
  readonly grossCents: number;
  readonly chargesByKind: Readonly<Record<SettlementChargeKind, number>>;
  readonly chargesCents: number;
  /** gross − charges; may be below 0 for a lot whose charges exceed its metal. */
  readonly netCents: number;
  readonly estimatedFineGrams: string | null;
  /** Actual fine grams of the estimate's metal, 4 decimals (null without an estimate). */
  readonly actualFineGrams: string | null;
  readonly accuracyPercent: string | null;
  readonly accuracy: AccuracyFlag;
}

const noCharges = (): Record<SettlementChargeKind, number> => ({ refining: 0, assay: 0, shipping: 0, 'wire-fee': 0, other: 0 });

/**
 * The settlement split back onto its lots. A metal line of a lot is that lot's. A pooled line (the
 * refiner melted the lots together and assayed the melt) is shared by each lot's fine weight,
 * its post-melt grams × the pooled assay; its cents and its 0.0001 oz by largest remainder, so the
 * lots add up to the line exactly. A charge on a lot is that lot's; a charge on the whole
 * settlement is shared by each lot's total actual fine weight (all metals), as refiners charge by
 * the ounce. The lots' nets add up to the wire, to the cent.
 */
export function allocateSettlement(
  settlement: RefinerSettlement,
  estimates: Readonly<Record<string, LotFineEstimate>> = {},
): AllocatedLot[] {
  const lotIds = settlement.lots.map((lot) => lot.lotId);
  const post = new Map(settlement.lots.map((lot) => [lot.lotId, parseExactDecimal(lot.postMeltGrams)!]));
  const metalsOf = new Map<string, AllocatedLotMetal[]>(lotIds.map((id) => [id, []]));
  const actualExact = new Map<string, Map<MeltMetal, ExactDecimal>>(lotIds.map((id) => [id, new Map()]));

  for (const line of settlement.metals) {
    const assay = parseExactDecimal(line.assayPercent)!;
    const fineOf = (lotId: string) => {
      const product = multiplyExact(post.get(lotId)!, assay);
      return { units: product.units, scale: product.scale + 2 };
    };
    const targets = line.lotId === null ? lotIds : [line.lotId];
    const weights = targets.map(fineOf);
    const cents = allocateLargestRemainder(BigInt(line.valueCents), weights);
    const fineOz = parseExactDecimal(line.fineOz)!;
    const ozUnits = allocateLargestRemainder(roundExact(fineOz, FINE_OZ_SCALE).units, weights);
    targets.forEach((lotId, i) => {
      actualExact.get(lotId)!.set(line.metal, weights[i]!);
      metalsOf.get(lotId)!.push({
        metal: line.metal,
        assayPercent: line.assayPercent,
        actualFineGrams: formatExact(roundExact(weights[i]!, WEIGHT_SCALE)),
        fineOz: formatExact({ units: ozUnits[i]!, scale: FINE_OZ_SCALE }),
        valueCents: Number(cents[i]!),
        pooled: line.lotId === null,
      });
    });
  }

  const chargesOf = new Map(lotIds.map((id) => [id, noCharges()]));
  const totalFine = lotIds.map((id) => [...actualExact.get(id)!.values()].reduce(addExact, ZERO));
  for (const charge of settlement.charges) {
    if (charge.lotId !== null) {
      chargesOf.get(charge.lotId)![charge.kind] += charge.amountCents;
      continue;
    }
    allocateLargestRemainder(BigInt(charge.amountCents), totalFine).forEach((part, i) => {
      chargesOf.get(lotIds[i]!)![charge.kind] += Number(part);
    });
  }

  return lotIds.map((lotId) => {
    const metals = [...metalsOf.get(lotId)!].sort((a, b) => meltMetals.indexOf(a.metal) - meltMetals.indexOf(b.metal));
    const grossCents = metals.reduce((sum, m) => sum + m.valueCents, 0);
    const chargesByKind = chargesOf.get(lotId)!;
    const chargesCents = settlementChargeKinds.reduce((sum, kind) => sum + chargesByKind[kind], 0);
    const estimate = estimates[lotId];
    const estimated = estimate ? parseExactDecimal(estimate.fineGrams) : null;
    const actual = estimate ? (actualExact.get(lotId)!.get(estimate.metal) ?? ZERO) : null;
    const accuracy = actual ? fineWeightAccuracy(actual, estimated) : { percent: null, flag: 'unknown' as const };
    return {
      lotId,
      metals,
      grossCents,
      chargesByKind,
      chargesCents,
      netCents: grossCents - chargesCents,
      estimatedFineGrams: estimated ? formatExact(roundExact(estimated, WEIGHT_SCALE)) : null,
      actualFineGrams: actual ? formatExact(roundExact(actual, WEIGHT_SCALE)) : null,
      accuracyPercent: accuracy.percent,
      accuracy: accuracy.flag,
    };
  });
}
