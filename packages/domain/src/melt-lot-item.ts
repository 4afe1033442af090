// What a bought item brings to a melt lot (issue 28 item 3): its sort category and the figures the
// lot's totals count, read from the lines of its current offer (what was tested and paid for) and
// the seller's stone choice. Kept apart from storage so the server's "add to lot" and its lists
// read one answer.
import { isGemItemType, type ItemType } from './item-type.ts';
import type { StoneChoice } from './item-decisions.ts';
import { type LotItem } from './melt-lot.ts';
import { metalOfCategory, sortCategoryOf, type MeltSortCategory } from './melt-sort.ts';
import { isWeightUnit } from './weight.ts';

export interface OfferedLine {
  readonly material: ItemType | null;
  readonly purityPercent: string | null;
  readonly weight: string;
  readonly weightUnit: string;
}

export type LotItemReading =
  | { readonly ok: true; readonly category: MeltSortCategory; readonly item: LotItem }
  | { readonly ok: false; readonly reason: string };

export const meltLotItemMessages = {
  noMetalLine: 'This item has no tested metal line on its offer, so it cannot be sorted for the melt.',
  twoMetals: 'This item was offered as more than one metal or fineness; a lot takes an item of one sort only.',
} as const;

/**
 * Decision: the stones go into the melt (the lot is "with stones") only when the seller chose
 * "Melt with the stones"; returned or bought stones are taken out at the bench before the metal is
 * tested. Stone count: the item's gem lines, at least one for an item melted with its stones (the
 * seller said it has some; the refiner's "with stones" charge is per lot, not per stone).
 */
export function lotItemOf(stoneChoice: StoneChoice | null, lines: readonly OfferedLine[]): LotItemReading {
  const metalLines = lines.filter((line) => line.material !== null && !isGemItemType(line.material));
  const gemLines = lines.filter((line) => line.material !== null && isGemItemType(line.material));
  if (metalLines.length === 0) return { ok: false, reason: meltLotItemMessages.noMetalLine };
  const hasStones = stoneChoice === 'melt-with-stones';
  let category: MeltSortCategory | null = null;
  for (const line of metalLines) {
    const sorted = sortCategoryOf({ material: line.material!, purityPercent: line.purityPercent, hasStones });
    if (!sorted.ok) return sorted;
    if (category !== null && category !== sorted.category) return { ok: false, reason: meltLotItemMessages.twoMetals };
    category = sorted.category;
  }
  const first = metalLines[0]!;
  if (metalLines.some((line) => line.weightUnit !== first.weightUnit || line.purityPercent !== first.purityPercent)) {
    return { ok: false, reason: meltLotItemMessages.twoMetals };
  }
  if (!isWeightUnit(first.weightUnit)) return { ok: false, reason: meltLotItemMessages.noMetalLine };
  const grossWeight = metalLines.reduce((sum, line) => sum + Number(line.weight), 0);
  return {
    ok: true,
    category: category!,
    item: {
      grossWeight: metalLines.length === 1 ? first.weight : grossWeight.toFixed(4),
      weightUnit: first.weightUnit,
      purityPercent: first.purityPercent!,
      stoneCount: hasStones ? Math.max(1, gemLines.length) : 0,
      stoneWeight: null,
      metal: metalOfCategory(category!),
    },
  };
}
