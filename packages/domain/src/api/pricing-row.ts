// GET /api/pricing (SPEC 3): prices travel as decimal strings so no client or server turns them
// into binary floats. A row without a price for a unit answers null rather than "0", because a
// zero price must never produce a quote (DECISIONS "Prices").
import { z } from 'zod';
import { type ItemType } from '../item-type.ts';
import { itemTypeSchema } from '../rule-schemas.ts';

/** Non-negative, at most 4 decimals, no exponent: "2345.6789". */
export const PRICE_PATTERN = /^\d+(?:\.\d{1,4})?$/;
/** Signed percent, at most 4 decimals, no '%' sign: "-1.25", "+0.4", "0". */
export const PERCENT_PATTERN = /^[+-]?\d+(?:\.\d{1,4})?$/;

export const priceStringSchema = z
  .string({ error: 'A price must be a decimal string.' })
  .regex(PRICE_PATTERN, 'A price must be a non-negative amount with at most 4 decimals, like "2345.6789".');

export const percentStringSchema = z
  .string({ error: 'A 24-hour change must be a decimal string.' })
  .regex(PERCENT_PATTERN, 'A 24-hour change must be a percentage with at most 4 decimals, like "-1.25".');

export const pricingRowSchema = z.object({
  id: z.string(),
  itemType: itemTypeSchema,
  pricePerOz: priceStringSchema.nullable(),
  pricePerGram: priceStringSchema.nullable(),
  pricePerCarat: priceStringSchema.nullable(),
  change24h: percentStringSchema.nullable(),
  /** ISO 8601 time the price was fetched from the feed or set by an appraiser. */
  updatedAt: z.iso.datetime({ error: 'updatedAt must be an ISO 8601 time, like "2025-03-10T12:00:00.000Z".' }),
  /** Where the price came from: 'simulated' (demo prices), 'gold-api.com', 'metals.dev', 'admin', 'admin-reference'. */
  source: z.string({ error: 'A price must say where it came from.' }).min(1, 'A price must say where it came from.'),
  /** True when a feed price is older than PRICE_STALE_AFTER_MS (10 minutes); gems are never stale. */
  stale: z.boolean({ error: 'stale must be true or false.' }),
});
export type PricingRow = z.infer<typeof pricingRowSchema>;

export const pricingListSchema = z.array(pricingRowSchema);

export function findPricingRow<Row extends { readonly itemType: string }>(
  rows: readonly Row[] | null | undefined,
  itemType: ItemType | string | null | undefined,
): Row | null {
  if (!rows || !itemType) return null;
  return rows.find((row) => row.itemType === itemType) ?? null;
}
