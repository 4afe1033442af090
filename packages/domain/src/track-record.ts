// Our track record, published (issue 27 item 3, decision 039): per submission category, over the
// last TRACK_RECORD_WINDOW_DAYS, how the final offer compared with the preliminary quote's midpoint
// (the "estimate" of the free-return rule, free-return.ts) and how often it met the guaranteed floor
// (guarantee-floor.ts). The server feeds it the rows; the pages print what it answers, so the
// figures, the window and the minimum count are stated in one place.
import { isGemItemType, type ItemType } from './item-type.ts';
import { submissionCategories, type SubmissionCategory } from './submission-category.ts';

/** The window, counted back from now by the time the final offer was made. */
export const TRACK_RECORD_WINDOW_DAYS = 90;
/** Fewer offers than this in a category publish no figure: one parcel is not a record. */
export const TRACK_RECORD_MIN_COUNT = 5;
/** Shares are in basis points: 10 000 is 100%. */
export const BASIS_POINTS = 10_000;

/** One final offer as the track record reads it. All money in integer cents. */
export interface TrackRecordRow {
  readonly category: string;
  readonly quoteMinCents: number | null;
  readonly quoteMaxCents: number | null;
  readonly offerCents: number;
  /**
   * The guaranteed floor of the items the offer prices (their floors summed, decision 042); null
   * when none of them carries one.
   */
  readonly floorCents: number | null;
  /**
   * What the offer pays for those floored items; absent: the whole offer (a parcel of one). An
   * item without a floor must not lift the parcel over it.
   */
  readonly floorOfferCents?: number | null;
  readonly offeredAt: Date;
}

/** A figure, or why there is none. */
export type TrackRecordFigure =
  | { readonly kind: 'figure'; readonly basisPoints: number; readonly count: number }
  | { readonly kind: 'not-enough-data'; readonly count: number };

export interface TrackRecordCategory {
  readonly category: SubmissionCategory;
  /** Final offers in the window with a usable quote. */
  readonly count: number;
  /** The median of final offer / quote midpoint. */
  readonly medianShareOfQuote: TrackRecordFigure;
  /** Of the offers whose submission carried a floor, the share at or above it. */
  readonly shareAtOrAboveFloor: TrackRecordFigure;
}

/** A fraction n/d with d > 0, kept exact. */
interface Ratio {
  readonly n: bigint;
  readonly d: bigint;
}

function compareRatios(a: Ratio, b: Ratio): number {
  const left = a.n * b.d;
  const right = b.n * a.d;
  return left < right ? -1 : left > right ? 1 : 0;
}

/** n/d in basis points, rounded half up (n, d >= 0). */
function basisPoints({ n, d }: Ratio): number {
  return Number((2n * n * BigInt(BASIS_POINTS) + d) / (2n * d));
}

/**
 * The median of exact ratios: the middle one of an odd count, the mean of the two middle ones of
 * an even count (computed exactly, rounded once, to the basis point).
 */
function medianBasisPoints(ratios: Ratio[]): number {
  const sorted = [...ratios].sort(compareRatios);
  const upper = sorted[Math.floor(sorted.length / 2)]!;
  if (sorted.length % 2 === 1) return basisPoints(upper);
  const lower = sorted[sorted.length / 2 - 1]!;
  return basisPoints({ n: lower.n * upper.d + upper.n * lower.d, d: 2n * lower.d * upper.d });
}

function figure(count: number, compute: () => number): TrackRecordFigure {
  return count < TRACK_RECORD_MIN_COUNT ? { kind: 'not-enough-data', count } : { kind: 'figure', basisPoints: compute(), count };
}

function usableCents(value: number | null): value is number {
  return value !== null && Number.isSafeInteger(value) && value >= 0;
}

/**
 * Per category (SPEC's three, always all three, in their order): the median final offer as a
 * share of the quote's midpoint, and the share of floor-carrying offers at or above the floor.
 * Rows outside (now - window, now], of an unknown category, or without a usable quote (missing,
 * or a midpoint of $0) are left out.
 */
export function trackRecord(rows: readonly TrackRecordRow[], now: Date): TrackRecordCategory[] {
  const since = now.getTime() - TRACK_RECORD_WINDOW_DAYS * 24 * 60 * 60 * 1000;
  return submissionCategories.map((category) => {
    const shares: Ratio[] = [];
    let withFloor = 0;
    let metFloor = 0;
    for (const row of rows) {
      const at = row.offeredAt.getTime();
      if (row.category !== category || !(at > since && at <= now.getTime())) continue;
      if (!usableCents(row.quoteMinCents) || !usableCents(row.quoteMaxCents) || !usableCents(row.offerCents)) continue;
      const quoteSum = row.quoteMinCents + row.quoteMaxCents;
      if (quoteSum <= 0) continue;
      // offer / ((min + max) / 2) = 2 x offer / (min + max)
      shares.push({ n: 2n * BigInt(row.offerCents), d: BigInt(quoteSum) });
      if (row.floorCents !== null && row.floorCents > 0) {
        withFloor += 1;
        if ((row.floorOfferCents ?? row.offerCents) >= row.floorCents) metFloor += 1;
      }
    }
    return {
      category,
      count: shares.length,
      medianShareOfQuote: figure(shares.length, () => medianBasisPoints(shares)),
      shareAtOrAboveFloor: figure(withFloor, () => basisPoints({ n: BigInt(metFloor), d: BigInt(withFloor) })),
    };
  });
}

/** 9_650 -> "96.5%", 10_000 -> "100%": a share in basis points as the pages print it. */
export function formatBasisPoints(basisPoints: number): string {
  const whole = Math.floor(basisPoints / 100);
  const rest = basisPoints % 100;
  if (rest === 0) return `${whole}%`;
  return `${whole}.${String(rest).padStart(2, '0').replace(/0$/, '')}%`;
}

/**
 * The categories a calculator's metal or gem is sent under: a gem as a loose gem; a metal as
 * jewelry or as coins/scrap, which the calculator does not tell apart, so both are shown.
 */
export function trackRecordCategoriesOf(itemType: ItemType): readonly SubmissionCategory[] {
  return isGemItemType(itemType) ? ['gems'] : ['jewelry', 'scrap'];
}
