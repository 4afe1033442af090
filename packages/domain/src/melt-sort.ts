// The sort categories of the back office (issue 28 item 3): a melt lot holds one category, because
// a refiner assays and pays a lot as one metal at one fineness, and stones are taken out (and
// weighed out) before the melt. Which category a tested item belongs to is decided here once, so
// the appraiser's bench, the bin view and the lot's "may this item join" check all agree.
import { compareExact, subtractExact, toExactDecimal, type ExactDecimal } from './exact-decimal.ts';
import { feedMetals, type FeedMetal } from './price-rules.ts';
import { isGemItemType, isGoldItemType, itemTypeLabels, type ItemType } from './item-type.ts';

/**
 * The metals a refiner pays for: the price feed's four, so a lot is valued at the feed's spot.
 * Gold-filled is paid as gold (its thin gold layer is the value).
 */
export const meltMetals = feedMetals;
export type MeltMetal = FeedMetal;
export const meltMetalLabels: Record<MeltMetal, string> = {
  gold: 'Gold',
  silver: 'Silver',
  platinum: 'Platinum',
  palladium: 'Palladium',
};

export function isMeltMetal(value: string): value is MeltMetal {
  return (meltMetals as readonly string[]).includes(value);
}

export const meltKarats = [8, 10, 14, 18, 22, 24] as const;
export type MeltKarat = (typeof meltKarats)[number];

/**
 * The nominal fineness of each karat in percent, as decimal text. 10k to 24k are the domain's own
 * (karat.ts: .417, .585, .750, .9167, .999); 8k is 8/24 to one decimal, as it is stamped (333).
 */
export const karatFinenessPercent: Record<MeltKarat, string> = {
  8: '33.3',
  10: '41.7',
  14: '58.5',
  18: '75.0',
  22: '91.67',
  24: '99.9',
};

/**
 * How far below a karat's nominal fineness a reading may be and still count as that karat, in
 * percentage points. Decision: 0.7, the under-fineness the US National Gold and Silver Stamping Act
 * allows an article assayed with its solder (7 parts per thousand). An honest 14k ring can read
 * 57.9% on the XRF; a reading lower than that is not 14k whatever its stamp.
 */
export const KARAT_TOLERANCE_PERCENT = '0.7';

type GoldCategory = `gold-${MeltKarat}k` | `gold-${MeltKarat}k-stones`;

export const meltSortCategories = [
  ...meltKarats.flatMap((karat): GoldCategory[] => [`gold-${karat}k`, `gold-${karat}k-stones`]),
  'gold-filled',
  'silver',
  'platinum',
  'palladium',
] as const satisfies readonly string[];
export type MeltSortCategory = GoldCategory | 'gold-filled' | 'silver' | 'platinum' | 'palladium';

export function isMeltSortCategory(value: string): value is MeltSortCategory {
  return (meltSortCategories as readonly string[]).includes(value);
}

function goldCategory(karat: MeltKarat, hasStones: boolean): MeltSortCategory {
  return hasStones ? `gold-${karat}k-stones` : `gold-${karat}k`;
}

export const meltSortCategoryLabels = Object.fromEntries(
  meltSortCategories.map((category) => [category, labelOf(category)]),
) as Record<MeltSortCategory, string>;

function labelOf(category: MeltSortCategory): string {
  const match = /^gold-(\d+)k(-stones)?$/.exec(category);
  if (match) return `Gold ${match[1]}K${match[2] ? ' with stones' : ''}`;
  if (category === 'gold-filled') return 'Gold-filled';
  return meltMetalLabels[category as Exclude<MeltSortCategory, GoldCategory | 'gold-filled'>];
}

/** The metal a refiner pays a category's lot for. */
export function metalOfCategory(category: MeltSortCategory): MeltMetal {
  if (category.startsWith('gold')) return 'gold';
  return category as Exclude<MeltMetal, 'gold'>;
}

/** The karat of a gold category, null for the others. */
export function karatOfCategory(category: MeltSortCategory): MeltKarat | null {
  const match = /^gold-(\d+)k/.exec(category);
  return match ? (Number(match[1]) as MeltKarat) : null;
}

/**
 * What an item is made of for sorting: the offer line's material (a karat gold, a white metal or a
 * gem), plain "gold" when only a reading says which karat, or "gold-filled".
 */
export type MeltMaterial = ItemType | 'gold' | 'gold-filled';

const HUNDRED: ExactDecimal = { units: 100n, scale: 0 };
const tolerance = toExactDecimal(KARAT_TOLERANCE_PERCENT)!;

function parsePurity(value: string | number | null | undefined): ExactDecimal | null {
  if (value === null || value === undefined || (typeof value === 'string' && value.trim() === '')) return null;
  return toExactDecimal(value, 4);
}

export const meltSortMessages = {
  untested: 'This item has no purity reading yet; test it before it is sorted for the melt.',
  badPurity: 'A purity must be a percent above 0 and at most 100, like 58.5.',
  gem: (material: ItemType) => `${itemTypeLabels[material]} is a gem; gems are not melted, so it has no melt category.`,
  belowLowestKarat: (purity: string) =>
    `A gold reading of ${purity}% is below 8K (${karatFinenessPercent[8]}% less the ${KARAT_TOLERANCE_PERCENT}-point tolerance); it is not karat gold: test it for gold-filled or plate.`,
  unknownMaterial: (material: string) => `"${material}" is not a material the melt sorts.`,
} as const;

/**
 * The karat a measured gold purity counts as: the highest karat whose nominal fineness, less
 * KARAT_TOLERANCE_PERCENT, is at or below the reading. Decision: a reading between two grades goes
 * to the LOWER one. The lot is sold to the refiner at its assay, but the seller was paid at the
 * karat we assigned: rounding up would pay for gold the item does not have, and a whole lot graded
 * up reads as "testing accuracy" below 100% when the settlement comes back. Null below 8K.
 */
export function karatFromPurity(purityPercent: string | number): MeltKarat | null {
  const purity = parsePurity(purityPercent);
  if (!purity || purity.units <= 0n || compareExact(purity, HUNDRED) > 0) return null;
  for (const karat of [...meltKarats].reverse()) {
    const threshold = subtractExact(toExactDecimal(karatFinenessPercent[karat])!, tolerance);
    if (compareExact(purity, threshold) >= 0) return karat;
  }
  return null;
}

export interface SortInput {
  readonly material: MeltMaterial | string;
  /** The tested fineness in percent ("58.3"); null while untested. */
  readonly purityPercent: string | number | null | undefined;
  readonly hasStones: boolean;
}

export type SortResult =
  { readonly ok: true; readonly category: MeltSortCategory } | { readonly ok: false; readonly reason: string };

/**
 * The melt category of a tested item, or the sentence why it has none. Gold is sorted by its
 * READING, not by the karat the seller or the stamp named: the reading is what the refiner pays.
 * Stones only split gold categories (white metals are melted with them removed and not split).
 */
export function sortCategoryOf(input: SortInput): SortResult {
  const { material, hasStones } = input;
  if (isGemItemType(material)) return { ok: false, reason: meltSortMessages.gem(material) };
  const known = material === 'gold' || material === 'gold-filled' || isGoldItemType(material) || isMeltMetal(material);
  if (!known) return { ok: false, reason: meltSortMessages.unknownMaterial(material) };
  const purity = parsePurity(input.purityPercent);
  if (input.purityPercent === null || input.purityPercent === undefined || input.purityPercent === '') {
    return { ok: false, reason: meltSortMessages.untested };
  }
  if (!purity || purity.units <= 0n || compareExact(purity, HUNDRED) > 0) {
    return { ok: false, reason: meltSortMessages.badPurity };
  }
  if (material === 'gold-filled') return { ok: true, category: 'gold-filled' };
  if (material === 'silver' || material === 'platinum' || material === 'palladium') {
    return { ok: true, category: material };
  }
  const karat = karatFromPurity(input.purityPercent as string | number);
  if (karat === null) {
    return { ok: false, reason: meltSortMessages.belowLowestKarat(String(input.purityPercent).trim()) };
  }
  return { ok: true, category: goldCategory(karat, hasStones) };
}
