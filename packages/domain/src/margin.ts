// The margin, visible (issue 28 item 5): what we paid sellers against what refiners paid us, per
// lot, per submission and per month, with the guaranteed floor's cost (goodwill) beside it; and how
// well our tests estimate the fine metal, per refiner over time. Pure sums over what the records
// hold (allocated settlements, what each item cost), in integer cents and exact decimals; the
// figures a chart needs are turned into numbers last, for drawing only.
import { addExact, divideExact, formatExact, parseExactDecimal, roundExact, type ExactDecimal } from './exact-decimal.ts';
import { WEIGHT_SCALE } from './melt-lot.ts';
import { allocateLargestRemainder, fineWeightAccuracy, type AccuracyFlag } from './refiner-settlement.ts';

/** The four sums every margin is made of, in cents. */
export interface MarginFigures {
  /** What the sellers were paid for the items (their purchase price, inventory:purchases). */
  readonly paidToSellersCents: number;
  /** What refiners paid for the metal, before their charges (revenue:metal-sales). */
  readonly receivedCents: number;
  /** The refiners' charges (expense:refining-charges). */
  readonly feesCents: number;
  /** Goodwill paid because an offer missed the guaranteed floor (expense:goodwill), shown beside. */
  readonly goodwillCents: number;
}

export interface Margin extends MarginFigures {
  /** received − fees: what the wire brought. */
  readonly netReceivedCents: number;
  /** received − fees − paid to sellers. */
  readonly grossMarginCents: number;
  /**
   * Gross margin as a percent of what refiners paid (received), 1 decimal, half away from zero;
   * negative for a loss. Null when nothing was received: see marginOf.
   */
  readonly marginPercent: string | null;
  /** The gross margin less the goodwill: what the guaranteed floor cost us, taken off. */
  readonly marginAfterGoodwillCents: number;
}

const ZERO: ExactDecimal = { units: 0n, scale: 0 };

function assertCents(value: number, what: string): void {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`${what} must be a whole, non-negative number of cents, got ${String(value)}.`);
  }
}

/**
 * The margin of the figures. Decision: the percent is of revenue (what refiners paid), the way a
 * buyer reads "we keep 8% of what the metal fetches". With no revenue (nothing settled yet, or a
 * lot the refiner paid nothing for) there is no percent: it is null, shown as "—", never 0% or
 * -100%, because a share of nothing says nothing; the cents still show the loss.
 * Throws RangeError for figures that are not whole, non-negative cents.
 */
export function marginOf(figures: MarginFigures): Margin {
  const { paidToSellersCents, receivedCents, feesCents, goodwillCents } = figures;
  assertCents(paidToSellersCents, 'Paid to sellers');
  assertCents(receivedCents, 'Received');
  assertCents(feesCents, 'Fees');
  assertCents(goodwillCents, 'Goodwill');
  const netReceivedCents = receivedCents - feesCents;
  const grossMarginCents = netReceivedCents - paidToSellersCents;
  const marginPercent =
    receivedCents === 0
      ? null
      : formatExact(
          divideExact({ units: BigInt(grossMarginCents) * 100n, scale: 0 }, { units: BigInt(receivedCents), scale: 0 }, 1),
        );
  return {
    paidToSellersCents,
    receivedCents,
    feesCents,
    goodwillCents,
    netReceivedCents,
    grossMarginCents,
    marginPercent,
    marginAfterGoodwillCents: grossMarginCents - goodwillCents,
  };
}

/** "8.4%", "-2.0%", or "—" when there is no percent (nothing received). */
export function formatMarginPercent(margin: Pick<Margin, 'marginPercent'>): string {
  return margin.marginPercent === null ? '—' : `${margin.marginPercent}%`;
}

function sumFigures(rows: readonly MarginFigures[]): MarginFigures {
  return rows.reduce(
    (sum, row) => ({
      paidToSellersCents: sum.paidToSellersCents + row.paidToSellersCents,
      receivedCents: sum.receivedCents + row.receivedCents,
      feesCents: sum.feesCents + row.feesCents,
      goodwillCents: sum.goodwillCents + row.goodwillCents,
    }),
    { paidToSellersCents: 0, receivedCents: 0, feesCents: 0, goodwillCents: 0 },
  );
}

// --- per lot ---------------------------------------------------------------------------------

export interface LotMarginInput {
  readonly lotId: string;
  /** The lot's items' purchase prices, summed. */
  readonly paidToSellersCents: number;
  /** The lot's gross and charges from its settlement's allocation (allocateSettlement); 0 while unsettled. */
  readonly receivedCents: number;
  readonly feesCents: number;
}

export type LotMargin = Margin & { readonly lotId: string };

/** Each lot's margin, in the order given. Goodwill belongs to submissions, so a lot shows none. */
export function marginByLot(lots: readonly LotMarginInput[]): LotMargin[] {
  return lots.map((lot) => ({ lotId: lot.lotId, ...marginOf({ ...lot, goodwillCents: 0 }) }));
}

// --- per submission --------------------------------------------------------------------------

export interface MarginItem {
  readonly itemId: string;
  readonly submissionId: string;
  /** The lot the item went into; null while it is in a bin. */
  readonly lotId: string | null;
  /** What the seller was paid for this item. */
  readonly paidCents: number;
  /** Our estimate of its fine metal (grams, as tested), by which its lot's proceeds are shared. */
  readonly estimatedFineGrams: string;
}

/** A settled lot's proceeds, from its settlement's allocation. */
export interface SettledLotProceeds {
  readonly lotId: string;
  readonly receivedCents: number;
  readonly feesCents: number;
}

export interface ItemProceeds {
  readonly receivedCents: number;
  readonly feesCents: number;
}

function readGrams(text: string, itemId: string): ExactDecimal {
  const value = parseExactDecimal(text);
  if (!value || value.units < 0n)
    throw new RangeError(`Item ${itemId}'s estimated fine weight must be a non-negative decimal, got "${text}".`);
  return value;
}

/**
 * Each item's share of its settled lot: the lot's received and fees split by the items' estimated
 * fine weight (largest remainder, so a lot's items add up to the lot to the cent; a lot whose
 * items weigh nothing by estimate shares equally). Items in no lot or an unsettled one get nothing.
 */
export function itemProceeds(
  items: readonly MarginItem[],
  settledLots: readonly SettledLotProceeds[],
): Map<string, ItemProceeds> {
  const proceeds = new Map<string, ItemProceeds>();
  for (const lot of settledLots) {
    assertCents(lot.receivedCents, `Lot ${lot.lotId}'s received`);
    assertCents(lot.feesCents, `Lot ${lot.lotId}'s fees`);
    const members = items.filter((item) => item.lotId === lot.lotId);
    if (members.length === 0) continue;
    const weights = members.map((item) => readGrams(item.estimatedFineGrams, item.itemId));
    const received = allocateLargestRemainder(BigInt(lot.receivedCents), weights);
    const fees = allocateLargestRemainder(BigInt(lot.feesCents), weights);
    members.forEach((item, i) => proceeds.set(item.itemId, { receivedCents: Number(received[i]!), feesCents: Number(fees[i]!) }));
  }
  return proceeds;
}

export type SubmissionMargin = Margin & {
  readonly submissionId: string;
  readonly settledItemCount: number;
  /** Items not yet settled: their cost is left out of the margin and shown here instead. */
  readonly pendingItemCount: number;
  readonly pendingPaidCents: number;
};

/**
 * Each submission's margin, in order of first appearance (items first, then submissions that only
 * paid goodwill). Decision: the margin counts the settled items only, paid against received, so a
 * half-melted parcel does not look like a loss; what the unsettled items cost is shown beside as
 * pending. The submission's goodwill is shown whole, settled or not.
 */
export function marginBySubmission(input: {
  readonly items: readonly MarginItem[];
  readonly settledLots: readonly SettledLotProceeds[];
  readonly goodwillCents?: Readonly<Record<string, number>>;
}): SubmissionMargin[] {
  const goodwill = input.goodwillCents ?? {};
  const proceeds = itemProceeds(input.items, input.settledLots);
  const order = [...new Set([...input.items.map((item) => item.submissionId), ...Object.keys(goodwill)])];
  return order.map((submissionId) => {
    const own = input.items.filter((item) => item.submissionId === submissionId);
    own.forEach((item) => assertCents(item.paidCents, `Item ${item.itemId}'s price`));
    const settled = own.filter((item) => proceeds.has(item.itemId));
    const pending = own.filter((item) => !proceeds.has(item.itemId));
    const figures = sumFigures(
      settled.map((item) => ({ paidToSellersCents: item.paidCents, goodwillCents: 0, ...proceeds.get(item.itemId)! })),
    );
    return {
      submissionId,
      ...marginOf({ ...figures, goodwillCents: goodwill[submissionId] ?? 0 }),
      settledItemCount: settled.length,
      pendingItemCount: pending.length,
      pendingPaidCents: pending.reduce((sum, item) => sum + item.paidCents, 0),
    };
  });
}

// --- per month -------------------------------------------------------------------------------

const DAY_PATTERN = /^(\d{4})-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

/** "2026-11-27" -> "2026-11". Throws RangeError for anything but a YYYY-MM-DD day. */
export function monthOf(day: string): string {
  if (!DAY_PATTERN.test(day)) throw new RangeError(`A day must be written YYYY-MM-DD, got "${day}".`);
  return day.slice(0, 7);
}

export interface MonthlyLotInput extends LotMarginInput {
  /** The settlement's date: a lot's margin falls in the month it settled. */
  readonly settledOn: string;
}

export interface GoodwillPayment {
  readonly paidOn: string;
  readonly cents: number;
}

export type MonthMargin = Margin & { readonly month: string; readonly lotCount: number };

/**
 * Each month's margin, oldest first: the lots settled in it (their cost is matched to the month
 * their metal was sold, not the month the items were bought) and the goodwill paid in it. A month
 * with only goodwill is listed too (no revenue: no percent).
 */
export function marginByMonth(lots: readonly MonthlyLotInput[], goodwill: readonly GoodwillPayment[] = []): MonthMargin[] {
  const months = new Map<string, { rows: MarginFigures[]; lotCount: number }>();
  const monthRow = (month: string) => {
    const row = months.get(month) ?? { rows: [], lotCount: 0 };
    months.set(month, row);
    return row;
  };
  for (const lot of lots) {
    const row = monthRow(monthOf(lot.settledOn));
    row.rows.push({ ...lot, goodwillCents: 0 });
    row.lotCount += 1;
  }
  for (const payment of goodwill) {
    assertCents(payment.cents, 'Goodwill');
    monthRow(monthOf(payment.paidOn)).rows.push({
      paidToSellersCents: 0,
      receivedCents: 0,
      feesCents: 0,
      goodwillCents: payment.cents,
    });
  }
  return [...months.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([month, { rows, lotCount }]) => ({ month, lotCount, ...marginOf(sumFigures(rows)) }));
}

// --- testing accuracy per refiner over time -------------------------------------------------

export interface LotAccuracyInput {
  readonly refiner: string;
  readonly settledOn: string;
  /** From allocateSettlement: our estimate and what the lot held, of the lot's metal. */
  readonly estimatedFineGrams: string;
  readonly actualFineGrams: string;
}

export interface AccuracyPoint {
  /** "2026-11"; "all" for a refiner's overall figure. */
  readonly month: string;
  readonly lotCount: number;
  readonly estimatedFineGrams: string;
  readonly actualFineGrams: string;
  /** Σ actual ÷ Σ estimated in percent, 1 decimal: heavy lots count for more, as they cost more. */
  readonly percent: string | null;
  readonly flag: AccuracyFlag;
}

export interface RefinerAccuracy {
  readonly refiner: string;
  readonly overall: AccuracyPoint;
  /** Oldest first, months with settled lots only. */
  readonly months: readonly AccuracyPoint[];
}

function accuracyPoint(month: string, lots: readonly LotAccuracyInput[]): AccuracyPoint {
  const read = (text: string) => {
    const value = parseExactDecimal(text);
    if (!value || value.units < 0n) throw new RangeError(`A fine weight must be a non-negative decimal, got "${text}".`);
    return value;
  };
  const estimated = lots.reduce((sum, lot) => addExact(sum, read(lot.estimatedFineGrams)), ZERO);
  const actual = lots.reduce((sum, lot) => addExact(sum, read(lot.actualFineGrams)), ZERO);
  const { percent, flag } = fineWeightAccuracy(actual, estimated);
  return {
    month,
    lotCount: lots.length,
    estimatedFineGrams: formatExact(roundExact(estimated, WEIGHT_SCALE)),
    actualFineGrams: formatExact(roundExact(actual, WEIGHT_SCALE)),
    percent,
    flag,
  };
}

/** Each refiner's accuracy overall and month by month, refiners in order of first appearance. */
export function accuracyByRefiner(lots: readonly LotAccuracyInput[]): RefinerAccuracy[] {
  const refiners = [...new Set(lots.map((lot) => lot.refiner))];
  return refiners.map((refiner) => {
    const own = lots.filter((lot) => lot.refiner === refiner);
    const months = [...new Set(own.map((lot) => monthOf(lot.settledOn)))].sort();
    return {
      refiner,
      overall: accuracyPoint('all', own),
      months: months.map((month) =>
        accuracyPoint(
          month,
          own.filter((lot) => monthOf(lot.settledOn) === month),
        ),
      ),
    };
  });
}

// --- what a chart (uPlot) draws ---------------------------------------------------------------

/** Unix seconds at 00:00 UTC on the first of the month ("2026-11" -> 1793491200). */
export function monthStartSeconds(month: string): number {
  const [year, monthNumber] = monthOf(`${month}-01`).split('-').map(Number) as [number, number];
  return Date.UTC(year, monthNumber - 1, 1) / 1000;
}

export interface ChartData {
  /** The months on the x axis, and the same as unix seconds, which uPlot reads. */
  readonly months: readonly string[];
  readonly x: readonly number[];
  /** One line each; null where the line has no point that month (uPlot leaves a gap). */
  readonly series: readonly { readonly label: string; readonly values: readonly (number | null)[] }[];
}

/**
 * The accuracy chart: one line per refiner, its monthly percent. Numbers here are for drawing
 * only; the figures to read stay the decimal text above.
 */
export function accuracyChartData(refiners: readonly RefinerAccuracy[]): ChartData {
  const months = [...new Set(refiners.flatMap((r) => r.months.map((point) => point.month)))].sort();
  return {
    months,
    x: months.map(monthStartSeconds),
    series: refiners.map((r) => ({
      label: r.refiner,
      values: months.map((month) => {
        const percent = r.months.find((point) => point.month === month)?.percent;
        return percent == null ? null : Number(percent);
      }),
    })),
  };
}

/** The margin chart: received, paid to sellers, gross margin and goodwill per month, in dollars, for drawing. */
export function marginChartData(months: readonly MonthMargin[]): ChartData {
  const dollars = (pick: (m: MonthMargin) => number) => months.map((m) => pick(m) / 100);
  return {
    months: months.map((m) => m.month),
    x: months.map((m) => monthStartSeconds(m.month)),
    series: [
      { label: 'Received from refiners', values: dollars((m) => m.receivedCents) },
      { label: 'Paid to sellers', values: dollars((m) => m.paidToSellersCents) },
      { label: 'Gross margin', values: dollars((m) => m.grossMarginCents) },
      { label: 'Goodwill paid', values: dollars((m) => m.goodwillCents) },
    ],
  };
}
