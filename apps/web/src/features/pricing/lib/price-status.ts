import { ADMIN_PRICE_SOURCE, isDemoPriceSource, isGemItemType, isPricingRowStale, itemTypes, type ItemType } from '@assay/domain';
import type { LivePricingRow } from '../api/get-pricing';

export const DEMO_PRICES_LABEL = 'Demo prices (simulated feed)';

/** How the page names where the metal prices came from. */
export function sourceLabel(source: string): string {
  if (isDemoPriceSource(source)) return DEMO_PRICES_LABEL;
  if (source === ADMIN_PRICE_SOURCE) return 'Prices set by our appraisers';
  return `Live prices from ${source}`;
}

export type KnownPricingRow = LivePricingRow & { itemType: ItemType };

/** Rows for the 11 known item types, in the order of SPEC 3 (golds, silver, platinum, palladium, gems). */
export function orderedRows(rows: readonly LivePricingRow[]): KnownPricingRow[] {
  const byType = new Map(rows.map((row) => [row.itemType, row] as const));
  return itemTypes.flatMap((type) => {
    const row = byType.get(type);
    return row ? [{ ...row, itemType: type }] : [];
  });
}

export function isRowStale(row: LivePricingRow, now: Date): boolean {
  if (typeof row.stale === 'boolean') return row.stale;
  // A server without the flag: the shared rule (feed prices older than 10 minutes; gems never).
  return isPricingRowStale(row.itemType as ItemType, row.updatedAt, now);
}

export interface PricingStatus {
  /** 'Demo prices (simulated feed)' when any price is simulated (DECISIONS), else the feed's name. */
  sourceLabel: string | null;
  isDemo: boolean;
  /** The newest price time. */
  updatedAt: Date | null;
  /** The oldest time among stale prices, when any is stale. */
  staleSince: Date | null;
  anyStale: boolean;
}

function toDate(value: string | null | undefined): Date | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

export function pricingStatus(rows: readonly LivePricingRow[], now: Date): PricingStatus {
  const metalRows = rows.filter((row) => !isGemItemType(row.itemType));
  const sources = new Set(metalRows.map((row) => row.source).filter((s): s is string => Boolean(s)));
  const isDemo = rows.some((row) => isDemoPriceSource(row.source));
  const first = [...sources][0];
  const label = isDemo ? DEMO_PRICES_LABEL : first ? sourceLabel(first) : null;

  const times = rows.map((row) => toDate(row.updatedAt)).filter((d): d is Date => d !== null);
  const updatedAt = times.length ? new Date(Math.max(...times.map((d) => d.getTime()))) : null;
  const staleRows = rows.filter((row) => isRowStale(row, now));
  const staleTimes = staleRows.map((row) => toDate(row.updatedAt)).filter((d): d is Date => d !== null);
  const staleSince = staleTimes.length ? new Date(Math.min(...staleTimes.map((d) => d.getTime()))) : null;
  return { sourceLabel: label, isDemo, updatedAt, staleSince, anyStale: staleRows.length > 0 };
}

/** The metals that get a 24-hour chart, with the pricing row that stands for each. */
export const chartedMetals = [
  { itemType: 'gold-24k', name: 'Gold 24K', color: '#a8790f' },
  { itemType: 'silver', name: 'Silver', color: '#5b6b82' },
  { itemType: 'platinum', name: 'Platinum', color: '#2c4a82' },
  { itemType: 'palladium', name: 'Palladium', color: '#7a4e9c' },
] as const satisfies readonly { itemType: ItemType; name: string; color: string }[];
