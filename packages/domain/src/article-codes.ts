// The article code of a police report row (issue 28 item 6): LeadsOnline-style reports classify
// each item by a short code an officer can filter on. Ours is plain and fixed: the kind of article
// from the seller's category, then what it is made of.
//
//   category   material                         code
//   jewelry    gold-10k ... gold-24k            JEWELRY-GOLD
//   jewelry    silver | platinum | palladium    JEWELRY-SILVER | JEWELRY-PLATINUM | JEWELRY-PALLADIUM
//   jewelry    a gem, or not named              JEWELRY-OTHER
//   scrap      a metal as above                 SCRAP-GOLD | SCRAP-SILVER | SCRAP-PLATINUM | SCRAP-PALLADIUM
//   scrap      not named                        SCRAP-OTHER
//   gems       diamond | ruby | sapphire | emerald   GEM-DIAMOND | GEM-RUBY | GEM-SAPPHIRE | GEM-EMERALD
//   gems       anything else                    GEM-OTHER
import type { ItemType } from './item-type.ts';
import type { SubmissionCategory } from './submission-category.ts';

const kindOfCategory: Record<SubmissionCategory, string> = { jewelry: 'JEWELRY', scrap: 'SCRAP', gems: 'GEM' };

const metalOf = (material: ItemType | null): string | null => {
  if (material === null) return null;
  if (material.startsWith('gold-')) return 'GOLD';
  if (material === 'silver' || material === 'platinum' || material === 'palladium') return material.toUpperCase();
  return null;
};

const gems = new Set<string>(['diamond', 'ruby', 'sapphire', 'emerald']);

/** The article code for an item of this category made of this material (null: not named). */
export function articleCodeOf(category: SubmissionCategory, material: ItemType | null): string {
  const kind = kindOfCategory[category];
  if (category === 'gems') return `${kind}-${material && gems.has(material) ? material.toUpperCase() : 'OTHER'}`;
  return `${kind}-${metalOf(material) ?? 'OTHER'}`;
}
