// Where every quoted price comes from (DECISIONS "Prices"): the feed quotes four metals per troy
// ounce; karat golds follow fine gold by purity; gems carry a per-carat price set by admins; the
// 24-hour change compares with stored history; and feed prices older than 10 minutes are stale.
// Pure rules, so the server that stores prices and any page that shows them agree to the digit.
import {
  compareExact,
  divideExact,
  exactDecimalFromNumber,
  formatExact,
  multiplyExact,
  parseExactDecimal,
  roundExact,
  subtractExact,
  type ExactDecimal,
} from './exact-decimal.ts';
import { isGemItemType, isGoldItemType, type GemItemType, type ItemType } from './item-type.ts';
import { derivedKaratPricePerOz, karatPurities, PRICE_SCALE, pricePerGramFromPerOz, pricePerOzFromPerGram } from './karat.ts';
import { isPriceStale, PRICE_STALE_AFTER_MS } from './limits.ts';
import { gramsPerUnitText } from './weight.ts';

/** What a metals price service quotes: fine metal, USD per troy ounce. */
export const feedMetals = ['gold', 'silver', 'platinum', 'palladium'] as const;
export type FeedMetal = (typeof feedMetals)[number];
/** USD per troy ounce as decimal strings, each above zero (see spotPriceFromFeed). */
export type SpotPrices = Record<FeedMetal, string>;

/** The item types whose prices come from the feed (everything but gems). */
export const metalItemTypes = [
  'gold-24k',
  'gold-22k',
  'gold-18k',
  'gold-14k',
  'gold-10k',
  'silver',
  'platinum',
  'palladium',
] as const satisfies readonly ItemType[];
export type MetalItemType = (typeof metalItemTypes)[number];

export function isMetalItemType(value: string): value is MetalItemType {
  return (metalItemTypes as readonly string[]).includes(value);
}

/** The feed metal each metal item type is quoted from. */
export const feedMetalOf: Record<MetalItemType, FeedMetal> = {
  'gold-24k': 'gold',
  'gold-22k': 'gold',
  'gold-18k': 'gold',
  'gold-14k': 'gold',
  'gold-10k': 'gold',
  silver: 'silver',
  platinum: 'platinum',
  palladium: 'palladium',
};

/** Sources a pricing row can name. Real feeds name their service ('gold-api.com', 'metals.dev'). */
export const SIMULATED_PRICE_SOURCE = 'simulated';
export const ADMIN_PRICE_SOURCE = 'admin';
export const ADMIN_REFERENCE_PRICE_SOURCE = 'admin-reference';

/** Simulated prices are demo prices and the page must say so. */
export function isDemoPriceSource(source: string | null | undefined): boolean {
  return source === SIMULATED_PRICE_SOURCE;
}

/**
 * No metal trades anywhere near a million dollars an ounce; a feed answering more is broken, and
 * the figure also keeps every derived price inside the database's numeric(14, 4).
 */
export const MAX_SPOT_PRICE_PER_OZ = '1000000';

function positiveWithin(value: ExactDecimal | null, max: string, scale: number): string | null {
  if (!value) return null;
  const rounded = roundExact(value, scale);
  if (rounded.units <= 0n || compareExact(rounded, parseExactDecimal(max)!) > 0) return null;
  return formatExact(rounded);
}

/**
 * A feed's price (a JSON number or numeric text) as a 4-decimal string, or null when it cannot be
 * quoted: missing, not a number, NaN, infinite, zero or negative (after rounding), or above
 * MAX_SPOT_PRICE_PER_OZ. DECISIONS: a zero, negative or missing price is never stored or quoted.
 */
export function spotPriceFromFeed(value: unknown): string | null {
  if (typeof value === 'number') return positiveWithin(exactDecimalFromNumber(value), MAX_SPOT_PRICE_PER_OZ, PRICE_SCALE);
  if (typeof value === 'string') return positiveWithin(parseExactDecimal(value), MAX_SPOT_PRICE_PER_OZ, PRICE_SCALE);
  return null;
}

export interface DerivedPrices {
  pricePerOz: string;
  pricePerGram: string;
  pricePerCarat: string | null;
}

/**
 * The seven metal rows from the four spot prices. Karat golds are fine gold per ounce times their
 * purity (karat.ts); every per-gram price is its own row's per-ounce price ÷ 31.1035, so the two
 * columns of a row always agree with each other. Metals have no per-carat price.
 */
export function metalPricesFromSpot(spots: SpotPrices): Record<MetalItemType, DerivedPrices> {
  const result = {} as Record<MetalItemType, DerivedPrices>;
  for (const itemType of metalItemTypes) {
    const spot = spotPriceFromFeed(spots[feedMetalOf[itemType]]);
    if (!spot) throw new RangeError(`The ${feedMetalOf[itemType]} price "${spots[feedMetalOf[itemType]]}" cannot be quoted.`);
    const pricePerOz = isGoldItemType(itemType) ? derivedKaratPricePerOz(spot, itemType) : spot;
    result[itemType] = { pricePerOz, pricePerGram: pricePerGramFromPerOz(pricePerOz), pricePerCarat: null };
  }
  return result;
}

/**
 * The spot prices behind stored metal rows (fine gold = 24k per ounce ÷ .999), or null when one is
 * missing or unusable. The simulated feed continues from them after a restart.
 */
export function spotPricesFromMetalPrices(perOz: Partial<Record<MetalItemType, string | null>>): SpotPrices | null {
  const read = (itemType: MetalItemType) => {
    const text = perOz[itemType];
    return text ? spotPriceFromFeed(text) : null;
  };
  const gold24k = read('gold-24k');
  const silver = read('silver');
  const platinum = read('platinum');
  const palladium = read('palladium');
  if (!gold24k || !silver || !platinum || !palladium) return null;
  const gold = formatExact(divideExact(parseExactDecimal(gold24k)!, parseExactDecimal(karatPurities['gold-24k'])!, PRICE_SCALE));
  return { gold, silver, platinum, palladium };
}

/** Gem prices are kept to the cent per carat. */
export const GEM_PRICE_SCALE = 2;
/** The highest per-carat reference price an admin may set; more is a typo, not a gem. */
export const MAX_GEM_PRICE_PER_CARAT = '1000000';
/** Text an admin may type as a per-carat price: digits with at most 2 decimals. */
export const GEM_PRICE_PATTERN = /^\d{1,7}(?:\.\d{1,2})?$/;

/** A per-carat price as a 2-decimal string, or null when it is not a positive amount up to the maximum. */
export function parseGemPricePerCarat(text: string): string | null {
  const trimmed = text.trim();
  if (!GEM_PRICE_PATTERN.test(trimmed)) return null;
  return positiveWithin(parseExactDecimal(trimmed), MAX_GEM_PRICE_PER_CARAT, GEM_PRICE_SCALE);
}

/**
 * A gem row from its per-carat price: per gram = per carat ÷ 0.2 (5 ct to the gram, SPEC 9),
 * per ounce = per gram × 31.1035. The calculator prices gems by the carat; the other two columns
 * only keep the table complete.
 */
export function gemPricesFromPerCarat(pricePerCarat: string): DerivedPrices {
  const perCarat = parseGemPricePerCarat(pricePerCarat);
  if (!perCarat)
    throw new RangeError(`A per-carat price must be above zero and at most ${MAX_GEM_PRICE_PER_CARAT}, got "${pricePerCarat}".`);
  const pricePerGram = formatExact(
    divideExact(parseExactDecimal(perCarat)!, parseExactDecimal(gramsPerUnitText.carats)!, PRICE_SCALE),
  );
  return { pricePerOz: pricePerOzFromPerGram(pricePerGram), pricePerGram, pricePerCarat: perCarat };
}

/**
 * Reference prices a fresh installation starts with, USD per carat, so the calculator answers for
 * gems before an appraiser has set anything. Deliberately conservative buy prices for a typical
 * 1 ct commercial-quality stone; admins replace them with their own.
 */
export const gemReferencePricesPerCarat: Record<GemItemType, string> = {
  diamond: '3500.00',
  ruby: '1200.00',
  sapphire: '900.00',
  emerald: '750.00',
};

/** The price a row's 24-hour change compares: per carat for gems that have one, else per ounce. */
export function headlinePrice(
  itemType: ItemType,
  prices: { pricePerOz: string | null; pricePerCarat: string | null },
): string | null {
  return isGemItemType(itemType) && prices.pricePerCarat ? prices.pricePerCarat : prices.pricePerOz;
}

/** Percentages are quoted to 2 decimals. */
export const CHANGE_SCALE = 2;

/**
 * Percent change from `previous` (the latest price at or before 24 hours ago) to `current`,
 * rounded half away from zero to 2 decimals, without a '+' sign: ("2000", "2050") -> "2.50".
 * Null when there is no earlier price, or either price is not a positive decimal string.
 */
export function change24hPercent(previous: string | null | undefined, current: string | null | undefined): string | null {
  if (!previous || !current) return null;
  const before = parseExactDecimal(previous);
  const now = parseExactDecimal(current);
  if (!before || !now || before.units <= 0n || now.units <= 0n) return null;
  const percent = divideExact(multiplyExact(subtractExact(now, before), { units: 100n, scale: 0 }), before, CHANGE_SCALE);
  return formatExact(percent);
}

export const CHANGE_WINDOW_MS = 24 * 60 * 60_000;

/**
 * Whether a row must be shown as stale. Feed prices age (DECISIONS: older than 10 minutes); a gem's
 * per-carat price is an appraiser's reference figure that stays valid until an appraiser changes it.
 */
export function isPricingRowStale(
  itemType: ItemType,
  updatedAt: Date | string | null | undefined,
  now: Date = new Date(),
): boolean {
  if (isGemItemType(itemType)) return false;
  return isPriceStale(updatedAt, now);
}

/** The first moment (ms since epoch) at which a feed price from `updatedAt` counts as stale. */
export function priceStaleFrom(updatedAt: Date): number {
  return updatedAt.getTime() + PRICE_STALE_AFTER_MS + 1;
}

/**
 * A scheduled refresh is skipped while the stored feed prices are younger than half the interval,
 * so N instances ticking every interval still refresh about once per interval, not N times.
 */
export function priceRefreshMinAgeMs(intervalMs: number): number {
  return Math.floor(intervalMs / 2);
}

/** Price history for the charts (GET /api/pricing/history). */
export const PRICE_HISTORY_DEFAULT_HOURS = 24;
export const PRICE_HISTORY_MAX_HOURS = 720;
export const PRICE_HISTORY_MAX_POINTS = 300;
/** Feed history is kept a little longer than the longest chart; appraisers' gem prices forever. */
export const PRICE_HISTORY_RETENTION_DAYS = 35;

/** Seconds per chart point so that `hours` of history fit in at most `maxPoints` points. */
export function historyBucketSeconds(hours: number, maxPoints = PRICE_HISTORY_MAX_POINTS): number {
  return Math.max(1, Math.ceil((hours * 3600) / maxPoints));
}
