// The 12 things the pricing table quotes (SPEC 3). Gems are priced per carat and golds are
// derived from fine gold by purity, so the groups are named here once rather than re-listed.
export const itemTypes = [
  'gold-24k',
  'gold-22k',
  'gold-18k',
  'gold-14k',
  'gold-10k',
  'silver',
  'platinum',
  'palladium',
  'diamond',
  'ruby',
  'sapphire',
  'emerald',
] as const;

export type ItemType = (typeof itemTypes)[number];

export const gemItemTypes = ['diamond', 'ruby', 'sapphire', 'emerald'] as const satisfies readonly ItemType[];
export type GemItemType = (typeof gemItemTypes)[number];

export const goldItemTypes = ['gold-24k', 'gold-22k', 'gold-18k', 'gold-14k', 'gold-10k'] as const satisfies readonly ItemType[];
export type GoldItemType = (typeof goldItemTypes)[number];

export function isGemItemType(value: string): value is GemItemType {
  return (gemItemTypes as readonly string[]).includes(value);
}

export function isGoldItemType(value: string): value is GoldItemType {
  return (goldItemTypes as readonly string[]).includes(value);
}

/** Names people read in the price table and the calculator's select. */
export const itemTypeLabels: Record<ItemType, string> = {
  'gold-24k': 'Gold 24K',
  'gold-22k': 'Gold 22K',
  'gold-18k': 'Gold 18K',
  'gold-14k': 'Gold 14K',
  'gold-10k': 'Gold 10K',
  silver: 'Silver',
  platinum: 'Platinum',
  palladium: 'Palladium',
  diamond: 'Diamond',
  ruby: 'Ruby',
  sapphire: 'Sapphire',
  emerald: 'Emerald',
};
