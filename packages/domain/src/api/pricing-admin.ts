// The appraisers' side of pricing: refresh from the feed now (SPEC 7 POST /api/pricing/refresh,
// SPEC 8 messages), set a gem's per-carat reference price, and see how the feed is doing.
import { z } from 'zod';
import { itemTypeSchema } from '../rule-schemas.ts';
import { MAX_GEM_PRICE_PER_CARAT, parseGemPricePerCarat } from '../price-rules.ts';
import { pricingListSchema, pricingRowSchema } from './pricing-row.ts';

/** SPEC 8 success message of a refresh. */
export const PRICING_UPDATED_MESSAGE = 'Pricing Updated - Live metal prices have been refreshed from a metals price service';
/** SPEC 8 failure message of a refresh; the server adds ': <reason>'. */
export const PRICING_REFRESH_FAILED_MESSAGE = 'Failed to refresh pricing from API';

const gemPriceMessage = `The price per carat must be an amount above 0 and at most ${MAX_GEM_PRICE_PER_CARAT}, with at most 2 decimals, like "1500.00".`;

export const gemPricePerCaratSchema = z
  .string({ error: 'The price per carat must be a decimal string, like "1500.00".' })
  .refine((text) => parseGemPricePerCarat(text) !== null, gemPriceMessage)
  .transform((text) => parseGemPricePerCarat(text)!);

/** PUT /api/pricing/{itemType} body (gems only). */
export const updateGemPriceSchema = z.object({ pricePerCarat: gemPricePerCaratSchema });
export type UpdateGemPriceInput = z.infer<typeof updateGemPriceSchema>;

export const pricingItemParamsSchema = z.object({ itemType: itemTypeSchema });

/** POST /api/pricing/refresh, 200. */
export const refreshPricingResponseSchema = z.object({
  message: z.string(),
  /** False when another instance refreshed a moment ago and its prices were kept. */
  refreshed: z.boolean(),
  source: z.string(),
  updatedAt: z.iso.datetime(),
  pricing: pricingListSchema,
});
export type RefreshPricingResponse = z.infer<typeof refreshPricingResponseSchema>;

/** PUT /api/pricing/{itemType}, 200. */
export const updateGemPriceResponseSchema = pricingRowSchema;

/** GET /api/pricing/status (admins): how the price feed is doing. */
export const pricingStatusSchema = z.object({
  provider: z.string(),
  source: z.string(),
  refreshSeconds: z.number().int(),
  /** When the metal prices now quoted were fetched; null before the first good refresh. */
  pricesUpdatedAt: z.iso.datetime().nullable(),
  stale: z.boolean(),
  lastSuccessAt: z.iso.datetime().nullable(),
  lastError: z.object({ message: z.string(), at: z.iso.datetime() }).nullable(),
});
export type PricingStatus = z.infer<typeof pricingStatusSchema>;
