// A melt lot (issue 28 item 3): items of one sort category gathered for one refiner, shipped,
// assayed, settled and closed. The lot's states, the sentences for the moves it refuses, who may
// join it, and its running totals at today's spot live here; the server stores the lot and calls
// these in the same transaction as the write, so a closed lot cannot change whatever the path.
import {
  addExact,
  compareExact,
  divideExact,
  formatExact,
  multiplyExact,
  roundExact,
  subtractExact,
  toExactDecimal,
  type ExactDecimal,
} from './exact-decimal.ts';
import { meltMetals, meltSortCategoryLabels, type MeltMetal, type MeltSortCategory } from './melt-sort.ts';
import { formatCents } from './money.ts';
import type { SpotPrices } from './price-rules.ts';
import { gramsPerUnitText, isWeightUnit, toGramsExact, type WeightUnit } from './weight.ts';

export const meltLotStates = ['open', 'shipped', 'assayed', 'settled', 'closed'] as const;
export type MeltLotState = (typeof meltLotStates)[number];
export const meltLotStateLabels: Record<MeltLotState, string> = {
  open: 'Open',
  shipped: 'Shipped to the refiner',
  assayed: 'Assayed',
  settled: 'Settled',
  closed: 'Closed',
};

export function isMeltLotState(value: string): value is MeltLotState {
  return (meltLotStates as readonly string[]).includes(value);
}

/**
 * Decision: the lot's life is one line, each state only to the next. A shipped lot never reopens
 * (its items are in a refiner's furnace; a lost parcel is an insurance claim, not a reopened lot),
 * and "assayed" is kept apart from "settled" because refiners send the assay days before the wire.
 */
const nextState: Record<MeltLotState, MeltLotState | null> = {
  open: 'shipped',
  shipped: 'assayed',
  assayed: 'settled',
  settled: 'closed',
  closed: null,
};

const article: Record<MeltLotState, string> = {
  open: 'An open',
  shipped: 'A shipped',
  assayed: 'An assayed',
  settled: 'A settled',
  closed: 'A closed',
};

export const meltLotMessages = {
  closed: 'A closed lot cannot be changed.',
  unknownState: (state: string) => `"${state}" is not a lot state; a lot is open, shipped, assayed, settled or closed.`,
  same: (state: MeltLotState) => `The lot is already ${state}.`,
  backwards: (from: MeltLotState, to: MeltLotState) => `${article[from]} lot cannot go back to ${to}.`,
  skip: (from: MeltLotState, to: MeltLotState) => `${article[from]} lot must be ${nextState[from]} before it is ${to}.`,
  notOpen: (state: MeltLotState) =>
    state === 'closed' ? 'A closed lot cannot be changed.' : `Items join or leave an open lot only; this lot is ${state}.`,
  otherCategory: (item: MeltSortCategory, lot: MeltSortCategory) =>
    `This item sorts as ${meltSortCategoryLabels[item]}; the lot is for ${meltSortCategoryLabels[lot]}.`,
  inThisLot: 'This item is already in this lot.',
  inAnotherLot: (lotId: string) => `This item is already in lot ${lotId}; take it out of that lot first.`,
  notInLot: 'This item is not in this lot.',
} as const;

export function nextLotState(state: MeltLotState): MeltLotState | null {
  return nextState[state];
}

/** Null when a lot may move from `from` to `to`, else the sentence the appraiser reads (a 409). */
export function lotTransitionProblem(from: MeltLotState, to: string): string | null {
  if (from === 'closed') return meltLotMessages.closed;
  if (!isMeltLotState(to)) return meltLotMessages.unknownState(to);
  if (to === from) return meltLotMessages.same(from);
  if (meltLotStates.indexOf(to) < meltLotStates.indexOf(from)) return meltLotMessages.backwards(from, to);
  if (nextState[from] !== to) return meltLotMessages.skip(from, to);
  return null;
}

/** Whether any field of a lot (its refiner, label, notes) may still be edited: all but a closed lot. */
export function lotEditProblem(state: MeltLotState): string | null {
  return state === 'closed' ? meltLotMessages.closed : null;
}

export interface LotJoinInput {
  readonly item: { readonly category: MeltSortCategory; readonly lotId: string | null };
  readonly lot: { readonly id: string; readonly category: MeltSortCategory; readonly state: MeltLotState };
}

/**
 * Null when the item may join the lot: the lot is open, the item sorts as the lot's category, and
 * it is in no lot yet. Holds (the hold period, a police hold) are the custody's rule and are
 * checked there and by the database; this is only what the lot itself requires.
 */
export function lotJoinProblem({ item, lot }: LotJoinInput): string | null {
  if (lot.state !== 'open') return meltLotMessages.notOpen(lot.state);
  if (item.lotId === lot.id) return meltLotMessages.inThisLot;
  if (item.lotId !== null) return meltLotMessages.inAnotherLot(item.lotId);
  if (item.category !== lot.category) return meltLotMessages.otherCategory(item.category, lot.category);
  return null;
}

/** Null when the item may leave the lot (back to its bin): the lot is open and holds it. */
export function lotLeaveProblem(input: {
  readonly itemLotId: string | null;
  readonly lot: { readonly id: string; readonly state: MeltLotState };
}): string | null {
  if (input.lot.state !== 'open') return meltLotMessages.notOpen(input.lot.state);
  if (input.itemLotId !== input.lot.id) return meltLotMessages.notInLot;
  return null;
}

export interface LotShipmentInput {
  readonly itemCount: number;
  /** The active refiner chosen, and whether it has the shipping address a carrier label needs. */
  readonly refiner: { readonly name: string; readonly hasAddress: boolean } | null;
  /** What the parcel is to be insured for, asked of the carrier. */
  readonly insuredCents: number;
  /** lotSummary's value at today's spot; null while a metal has no spot price. */
  readonly estimatedValueCents: number | null;
}

/**
 * Null when an open lot may ship, checked before the carrier is asked for a label (a real carrier
 * buys postage): it holds items, goes to a refiner with a shipping address, and is to be insured
 * for at least its value at today's spot (a lot in the mail is the business's largest single risk;
 * decision 036 insures a seller's parcel at full value, and the lot is the same metal).
 */
export function lotShipmentProblem(input: LotShipmentInput): string | null {
  if (input.itemCount === 0) return 'An empty lot cannot ship; add its items first.';
  if (!input.refiner) return 'Choose the refiner the lot ships to.';
  if (!input.refiner.hasAddress) return meltLotShipMessages.refinerWithoutAddress(input.refiner.name);
  if (input.estimatedValueCents === null) {
    return "The lot's value at today's spot is unknown (a metal has no price), so it cannot be insured for it.";
  }
  if (input.insuredCents < input.estimatedValueCents) {
    return `The lot must be insured for its value at today's spot (${formatCents(input.estimatedValueCents)}); it is insured for ${formatCents(input.insuredCents)}.`;
  }
  return null;
}

export const meltLotShipMessages = {
  refinerWithoutAddress: (name: string) =>
    `${name} has no shipping address, so no carrier label can be made for it; add its address on the Refiners page first.`,
  insuranceShort: (confirmed: string, asked: string, trackingNumber: string) =>
    `The carrier insured the parcel for ${confirmed}, less than the ${asked} asked, so the lot was not shipped and stays open. ` +
    `Void label ${trackingNumber} at the carrier, then ship the lot insured in full (a smaller lot, or a carrier that covers its value).`,
} as const;

/**
 * Null when the carrier confirmed the insurance asked; else the sentence that refuses the shipment.
 * A carrier that says nothing of insurance (the sample carrier, whose labels carry no postage) is
 * taken at the amount asked; a real carrier's confirmed amount below it means the insurance did not
 * go through, and an uninsured lot is never recorded as shipped insured.
 */
export function lotInsuranceProblem(input: {
  readonly askedCents: number;
  readonly confirmedCents: number | undefined;
  readonly trackingNumber: string;
}): string | null {
  if (input.confirmedCents === undefined || input.confirmedCents >= input.askedCents) return null;
  return meltLotShipMessages.insuranceShort(
    formatCents(input.confirmedCents),
    formatCents(input.askedCents),
    input.trackingNumber,
  );
}

/** One item as the lot counts it: weighed whole (metal and any stones), at its tested purity. */
export interface LotItem {
  readonly grossWeight: string | number;
  readonly weightUnit: WeightUnit;
  /** Tested fineness of the metal, percent ("58.3"). */
  readonly purityPercent: string | number;
  readonly stoneCount: number;
  /**
   * What the stones weigh, in the item's unit, when the appraiser knows it: taken off the gross
   * before the purity, since the refiner takes stones out before the melt. Unknown: none taken
   * off, so a lot "with stones" estimates high, which its accuracy then shows.
   */
  readonly stoneWeight?: string | number | null;
  readonly metal: MeltMetal;
}

export interface LotMetalSummary {
  readonly metal: MeltMetal;
  /** Estimated fine weight, 4 decimals. */
  readonly fineGrams: string;
  readonly fineTroyOunces: string;
  /** At today's spot, rounded half up to the cent; null without a spot price for this metal. */
  readonly valueCents: number | null;
}

export interface LotSummary {
  readonly itemCount: number;
  /** Total gross weight in grams, 4 decimals. */
  readonly grossGrams: string;
  readonly stoneCount: number;
  /** One entry per metal present, in meltMetals order. */
  readonly metals: readonly LotMetalSummary[];
  /** Sum of the metals' values; null while any metal present has no spot price. */
  readonly estimatedValueCents: number | null;
  readonly unpricedMetals: readonly MeltMetal[];
}

const HUNDRED: ExactDecimal = { units: 100n, scale: 0 };
const ZERO: ExactDecimal = { units: 0n, scale: 0 };
export const WEIGHT_SCALE = 4;
const GRAMS_PER_OZ = toExactDecimal(gramsPerUnitText.oz)!;

function requireDecimal(value: string | number, what: string, positive: boolean): ExactDecimal {
  const exact = toExactDecimal(value);
  if (!exact || exact.units < 0n || (positive && exact.units === 0n)) {
    throw new RangeError(`${what} must be a ${positive ? 'positive' : 'non-negative'} decimal, got ${String(value)}.`);
  }
  return exact;
}

/** Fine grams of one item: gross grams × purity / 100, exact. */
export function itemFineGramsExact(
  item: Pick<LotItem, 'grossWeight' | 'weightUnit' | 'purityPercent' | 'stoneWeight'>,
): ExactDecimal {
  if (!isWeightUnit(item.weightUnit)) throw new RangeError(`Unknown weight unit ${String(item.weightUnit)}.`);
  const gross = requireDecimal(item.grossWeight, 'A gross weight', true);
  const stones = item.stoneWeight == null ? ZERO : requireDecimal(item.stoneWeight, 'A stone weight', false);
  if (compareExact(stones, gross) > 0) throw new RangeError('The stones cannot weigh more than the whole item.');
  const metalGrams = toGramsExact(subtractExact(gross, stones), item.weightUnit);
  const purity = requireDecimal(item.purityPercent, 'A purity', false);
  const product = multiplyExact(metalGrams, purity);
  return { units: product.units, scale: product.scale + 2 };
}

/** grams → troy ounces, 4 decimals. */
export function gramsToTroyOunces(grams: ExactDecimal, scale = WEIGHT_SCALE): ExactDecimal {
  return divideExact(grams, GRAMS_PER_OZ, scale);
}

/** Value in cents of fine grams at a per-troy-ounce price, rounded once, half up. */
export function fineValueCents(fineGrams: ExactDecimal, pricePerOz: ExactDecimal): bigint {
  return divideExact(multiplyExact(multiplyExact(fineGrams, pricePerOz), HUNDRED), GRAMS_PER_OZ, 0).units;
}

/**
 * A lot's totals: gross grams, stones, estimated fine weight per metal (grams and troy ounces)
 * and its value at the given spot (the feed's: fine metal per troy ounce; a metal may be missing). Each metal's value is rounded once from the exact fine weight,
 * and the lot's value is their sum, so the lines shown always add up to the total.
 * Throws RangeError for an item the server should never have stored (no weight, bad purity).
 */
export function lotSummary(items: readonly LotItem[], spot: Partial<SpotPrices>): LotSummary {
  let gross: ExactDecimal = { units: 0n, scale: 0 };
  let stones = 0;
  const fine = new Map<MeltMetal, ExactDecimal>();
  for (const item of items) {
    if (!Number.isSafeInteger(item.stoneCount) || item.stoneCount < 0) {
      throw new RangeError(`A stone count must be a whole number of at least 0, got ${String(item.stoneCount)}.`);
    }
    if (!meltMetals.includes(item.metal)) throw new RangeError(`Unknown metal ${String(item.metal)}.`);
    const itemFine = itemFineGramsExact(item);
    gross = addExact(gross, toGramsExact(requireDecimal(item.grossWeight, 'A gross weight', true), item.weightUnit));
    stones += item.stoneCount;
    fine.set(item.metal, addExact(fine.get(item.metal) ?? { units: 0n, scale: 0 }, itemFine));
  }
  const unpriced: MeltMetal[] = [];
  const metals = meltMetals.flatMap((metal): LotMetalSummary[] => {
    const grams = fine.get(metal);
    if (!grams) return [];
    const priceText = spot[metal];
    const price = priceText === undefined ? null : toExactDecimal(priceText);
    const priced = price !== null && price.units > 0n;
    if (!priced) unpriced.push(metal);
    return [
      {
        metal,
        fineGrams: formatExact(roundExact(grams, WEIGHT_SCALE)),
        fineTroyOunces: formatExact(gramsToTroyOunces(grams)),
        valueCents: priced ? Number(fineValueCents(grams, price)) : null,
      },
    ];
  });
  const total = metals.reduce((sum, m) => sum + (m.valueCents ?? 0), 0);
  return {
    itemCount: items.length,
    grossGrams: formatExact(roundExact(gross, WEIGHT_SCALE)),
    stoneCount: stones,
    metals,
    estimatedValueCents: unpriced.length === 0 ? total : null,
    unpricedMetals: unpriced,
  };
}

/** One item's estimated fine grams, 4 decimals (the bin view's and the lot's item lines). */
export function itemFineGrams(item: Pick<LotItem, 'grossWeight' | 'weightUnit' | 'purityPercent' | 'stoneWeight'>): string {
  return formatExact(roundExact(itemFineGramsExact(item), WEIGHT_SCALE));
}
