// A guaranteed floor (issue 27 item 2): when the seller names the metal, its karat and the weight,
// the pre-ship quote carries a floor, a published share (GUARANTEE_FLOOR_PERCENT) of the quote's
// low end. The final offer is at least the floor unless what we measured differs from what was
// named; then the floor moves with the measured weight and purity, and the offer says, fact by
// fact, how much each one moved it. An offer below the (moved) floor for any other reason means a
// free return and a published goodwill payment (GUARANTEE_GOODWILL_CENTS).
import {
  compareExact,
  divideExact,
  formatExact,
  multiplyExact,
  parseExactDecimal,
  roundExact,
  subtractExact,
  type ExactDecimal,
} from './exact-decimal.ts';
import { isGemItemType, isGoldItemType, itemTypes, type ItemType } from './item-type.ts';
import { lineItemPosition } from './item-position.ts';
import { materialPurity } from './metal-quote.ts';
import { dollarsToCents, formatCents } from './money.ts';
import { isWeightUnit, toGramsExact, type WeightUnit } from './weight.ts';

export const DEFAULT_GUARANTEE_FLOOR_PERCENT = 90;
export const DEFAULT_GUARANTEE_GOODWILL_CENTS = 2_500;

const isItemType = (value: string): value is ItemType => (itemTypes as readonly string[]).includes(value);

const HUNDRED: ExactDecimal = { units: 100n, scale: 0 };
const GRAM_SCALE = 4;
const PURITY_SCALE = 3;

/** Whether a named material carries a floor: a metal (its fineness named or its usual alloy), never a gem. */
export function carriesGuaranteeFloor(material: ItemType | null | undefined): material is ItemType {
  return material != null && !isGemItemType(material);
}

/**
 * The floor in cents: percent of the quote's low end, rounded half away from zero to the cent.
 * Null when no metal was named, the low end is unreadable, or the percent is not 1 to 100.
 */
export function guaranteeFloorCents(input: {
  material: ItemType | null | undefined;
  preliminaryQuoteMin: string | null | undefined;
  floorPercent: number;
}): number | null {
  const { material, preliminaryQuoteMin, floorPercent } = input;
  if (!carriesGuaranteeFloor(material) || preliminaryQuoteMin == null) return null;
  if (!Number.isInteger(floorPercent) || floorPercent < 1 || floorPercent > 100) return null;
  const low = dollarsToCents(preliminaryQuoteMin);
  if (low === null || low <= 0) return null;
  const floor = divideExact(
    multiplyExact({ units: BigInt(low), scale: 0 }, { units: BigInt(floorPercent), scale: 0 }),
    HUNDRED,
    0,
  );
  return Number(floor.units);
}

/** Weight in grams and fineness in percent, as decimal text ("311.0350", "58.500"). */
export interface MetalFacts {
  readonly grams: string;
  readonly purityPercent: string;
}

/** What the seller named: the weight in grams and the named karat's (or the usual alloy's) fineness. */
export function namedFacts(material: ItemType, estimatedWeight: string | number, weightUnit: WeightUnit): MetalFacts | null {
  const weight = parseExactDecimal(String(estimatedWeight));
  const purity = parseExactDecimal(materialPurity(material));
  if (!weight || !purity || weight.units <= 0n) return null;
  return {
    grams: formatExact(roundExact(toGramsExact(weight, weightUnit), GRAM_SCALE)),
    purityPercent: formatExact(roundExact(multiplyExact(purity, HUNDRED), PURITY_SCALE)),
  };
}

/** A measured offer line as the appraiser recorded it. */
export interface MeasuredLine {
  readonly material: string | null;
  readonly weight: string;
  readonly weightUnit: string;
  readonly purityPercent: string | null;
}

/** Lines of the named metal: any karat for a named gold, the same metal otherwise. */
function sameMetal(named: ItemType, line: string | null): boolean {
  if (line === null) return false;
  return isGoldItemType(named) ? isGoldItemType(line) : line === named;
}

/**
 * What the appraiser measured of the named metal: the total weight of its lines and their
 * weight-averaged fineness. Null when no line of that metal carries a measured purity (SPEC's
 * one-number offer measures nothing).
 */
export function measuredFacts(named: ItemType, lines: readonly MeasuredLine[]): MetalFacts | null {
  let grams: ExactDecimal = { units: 0n, scale: 0 };
  let fine: ExactDecimal = { units: 0n, scale: 0 };
  for (const line of lines) {
    if (!sameMetal(named, line.material) || line.purityPercent === null || !isWeightUnit(line.weightUnit)) continue;
    const weight = parseExactDecimal(line.weight);
    const purity = parseExactDecimal(line.purityPercent);
    if (!weight || !purity) continue;
    const lineGrams = toGramsExact(weight, line.weightUnit);
    grams = addExact(grams, lineGrams);
    fine = addExact(fine, multiplyExact(lineGrams, purity));
  }
  if (grams.units <= 0n) return null;
  return {
    grams: formatExact(roundExact(grams, GRAM_SCALE)),
    purityPercent: formatExact(divideExact(fine, grams, PURITY_SCALE)),
  };
}

function addExact(a: ExactDecimal, b: ExactDecimal): ExactDecimal {
  return subtractExact(a, { units: -b.units, scale: b.scale });
}

/** One measured fact that differs from what was named, and what it did to the floor in cents. */
export interface FactEffect {
  /** The item (its position in the parcel) whose named fact it is. */
  readonly item: number;
  readonly fact: 'weight' | 'purity';
  /** Grams, or fineness in percent, as named and as measured. */
  readonly named: string;
  readonly measured: string;
  /** Negative when the fact lowered the floor. */
  readonly effectCents: number;
}

export type FloorJudgement =
  /** The offer is at or above the floor. */
  | { readonly kind: 'met'; readonly floorCents: number; readonly effects: readonly FactEffect[] }
  /** Below the floor, and the measured facts account for it: the floor they moved is met. */
  | {
      readonly kind: 'measured';
      readonly floorCents: number;
      readonly movedFloorCents: number;
      readonly effects: readonly FactEffect[];
    }
  /** Below the floor for another reason: the return is free and the goodwill is paid. */
  | {
      readonly kind: 'shortfall';
      readonly floorCents: number;
      readonly movedFloorCents: number;
      readonly effects: readonly FactEffect[];
      readonly goodwillCents: number;
    };

/**
 * The floor moved by the measured facts, one fact after the other: the weight's effect is
 * floor x (measured grams / named grams - 1), the purity's is what is left of floor x both ratios.
 * Each is rounded half away from zero to the cent, and together they are exactly the moved floor.
 */
export function floorEffects(
  floorCents: number,
  named: MetalFacts,
  measured: MetalFacts | null,
  item = 1,
): { movedFloorCents: number; effects: FactEffect[] } {
  const read = (text: string) => parseExactDecimal(text) ?? { units: 0n, scale: 0 };
  if (!measured) return { movedFloorCents: floorCents, effects: [] };
  const [ng, np, mg, mp] = [read(named.grams), read(named.purityPercent), read(measured.grams), read(measured.purityPercent)];
  if (ng.units <= 0n || np.units <= 0n) return { movedFloorCents: floorCents, effects: [] };
  const floor: ExactDecimal = { units: BigInt(floorCents), scale: 0 };
  const afterWeight = Number(divideExact(multiplyExact(floor, mg), ng, 0).units);
  const moved = Number(divideExact(multiplyExact(multiplyExact(floor, mg), mp), multiplyExact(ng, np), 0).units);
  const effects: FactEffect[] = [];
  if (compareExact(mg, ng) !== 0) {
    effects.push({ item, fact: 'weight', named: named.grams, measured: measured.grams, effectCents: afterWeight - floorCents });
  }
  if (compareExact(mp, np) !== 0) {
    effects.push({
      item,
      fact: 'purity',
      named: named.purityPercent,
      measured: measured.purityPercent,
      effectCents: moved - afterWeight,
    });
  }
  return { movedFloorCents: moved, effects };
}

/**
 * Whether an offer keeps the floor. Measured facts that raise the floor never hold an offer at or
 * above the named floor to more; facts that lower it excuse an offer down to the moved floor.
 */
export function judgeFloor(input: {
  floorCents: number;
  goodwillCents: number;
  named: MetalFacts;
  measured: MetalFacts | null;
  offerCents: number;
  /** The item whose floor it is; 1 in a parcel of one. */
  item?: number;
}): FloorJudgement {
  const { floorCents, goodwillCents, named, measured, offerCents, item = 1 } = input;
  const { movedFloorCents, effects } = floorEffects(floorCents, named, measured, item);
  return verdict({ floorCents, movedFloorCents, effects, offerCents, goodwillCents });
}

/** The one rule, for an item or a parcel: met, explained by the measured facts, or a shortfall. */
function verdict(input: {
  floorCents: number;
  movedFloorCents: number;
  effects: FactEffect[];
  offerCents: number;
  goodwillCents: number;
}): FloorJudgement {
  const { floorCents, movedFloorCents, effects, offerCents, goodwillCents } = input;
  if (offerCents >= floorCents) return { kind: 'met', floorCents, effects };
  if (movedFloorCents < floorCents && offerCents >= movedFloorCents) {
    return { kind: 'measured', floorCents, movedFloorCents, effects };
  }
  return { kind: 'shortfall', floorCents, movedFloorCents, effects, goodwillCents };
}

/** "58.500" -> "14.0K": a fineness in karats, one decimal, as the offer page names it. */
export function karatOfPurity(purityPercent: string): string {
  const purity = parseExactDecimal(purityPercent);
  if (!purity) return purityPercent;
  return `${formatExact(divideExact(multiplyExact(purity, { units: 24n, scale: 0 }), HUNDRED, 1))}K`;
}

/** One item of a parcel as the floor reads it: what the seller named and the floor stored with it at creation. */
export interface FloorItem {
  readonly position: number;
  readonly description: string;
  readonly material: string | null;
  readonly estimatedWeight: string | number;
  readonly weightUnit: string;
  /** Cents; null when no floor was promised on this item. */
  readonly guaranteeFloor: number | null;
}

/** An offer line as the floor reads it: its item (null on lines from before items: item 1), its amount and what it measured. */
export interface FloorLine extends MeasuredLine {
  readonly item: number | null;
  /** Cents. */
  readonly amount: number;
}

/** The item's named facts when it carries a floor, else null. */
function flooredItem(item: FloorItem): { material: ItemType; floorCents: number; named: MetalFacts } | null {
  const { material, guaranteeFloor, weightUnit } = item;
  if (material === null || !isItemType(material) || !carriesGuaranteeFloor(material) || guaranteeFloor === null) return null;
  if (!isWeightUnit(weightUnit)) return null;
  const named = namedFacts(material, item.estimatedWeight, weightUnit);
  return named && { material, floorCents: guaranteeFloor, named };
}

/**
 * The judgement of an offer version against the floors of a parcel's items (decision 042). Only
 * items that carry a floor and that the version prices count: a version that prices some items
 * (the kept ones of a partial sale) is judged on those. Their floors add up to the parcel's floor,
 * each moved only by the measured facts of its own lines, and their lines' amounts to the offer;
 * the verdict is judgeFloor's, so a parcel of one item is judged exactly as before, and the
 * goodwill is owed once per parcel. Null when no priced item carries a floor, and for an accepted
 * counter-offer: the seller named that amount, and its lines measure nothing.
 */
export function judgeParcelAgainstFloor(
  items: readonly FloorItem[],
  offer: { lines: readonly FloorLine[]; counterAccepted: boolean },
  goodwillCents: number | null,
): FloorJudgement | null {
  if (offer.counterAccepted) return null;
  let floorCents = 0;
  let movedFloorCents = 0;
  let offerCents = 0;
  const effects: FactEffect[] = [];
  let counted = 0;
  for (const item of [...items].sort((a, b) => a.position - b.position)) {
    const floored = flooredItem(item);
    const lines = offer.lines.filter((line) => lineItemPosition(line) === item.position);
    if (!floored || lines.length === 0) continue;
    const moved = floorEffects(floored.floorCents, floored.named, measuredFacts(floored.material, lines), item.position);
    counted += 1;
    floorCents += floored.floorCents;
    movedFloorCents += moved.movedFloorCents;
    offerCents += lines.reduce((sum, line) => sum + line.amount, 0);
    effects.push(...moved.effects);
  }
  if (counted === 0) return null;
  return verdict({ floorCents, movedFloorCents, effects, offerCents, goodwillCents: goodwillCents ?? 0 });
}

/** Whether the judgement owes the seller a free return and the goodwill. */
export function owesGoodwill(judgement: FloorJudgement | null): judgement is Extract<FloorJudgement, { kind: 'shortfall' }> {
  return judgement?.kind === 'shortfall';
}

/** The goodwill a judgement owes, in cents: the published amount on a shortfall, 0 otherwise. */
export function goodwillOwedCents(judgement: FloorJudgement | null): number {
  return owesGoodwill(judgement) ? judgement.goodwillCents : 0;
}

/**
 * The floor's terms as the FAQ and the quote calculator publish them, from GET /api/business:
 * one sentence in one place, so the two pages cannot promise different things.
 */
export function guaranteeTermsSentence(terms: { floorPercent: number; goodwillCents: number }): string {
  return (
    `When you name the metal, its karat and the weight, your quote carries a guaranteed floor: ` +
    `the final offer is at least ${terms.floorPercent}% of the quote's low end, unless the weight or purity ` +
    `we measure differs from what you named, and then the offer shows, line by line, how much each measured ` +
    `fact moved it. If the offer is below the floor for any other reason, the return is free` +
    (terms.goodwillCents > 0
      ? ` and we pay you ${formatCents(terms.goodwillCents)} goodwill, whether you accept or decline.`
      : '.')
  );
}
