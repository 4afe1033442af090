// GET /api/payout-rates (public) and PUT /api/admin/payout-rates/{itemType} (appraisers): the
// published share of metal value (or of a gem's per-carat reference) Assay pays, per item type,
// and the history of changes (DECISIONS "The honest offer").
import { z } from 'zod';
import { itemTypeSchema } from '../rule-schemas.ts';

/** Changes the public list shows, newest first. */
export const PAYOUT_RATE_HISTORY_LIMIT = 100;

const percentSchema = z.string().regex(/^\d{1,3}\.\d{2}$/, 'A percent travels as text with 2 decimals, like "80.00".');

export const payoutRateViewSchema = z.object({
  itemType: itemTypeSchema,
  /** As the price table names it: 'Gold 14K'. */
  label: z.string(),
  minPercent: percentSchema,
  maxPercent: percentSchema,
  /** When an appraiser set this rate; null while the starting rate is in force. */
  since: z.iso.datetime().nullable(),
});
export type PayoutRateView = z.infer<typeof payoutRateViewSchema>;

export const payoutRateChangeSchema = z.object({
  itemType: itemTypeSchema,
  label: z.string(),
  minPercent: percentSchema,
  maxPercent: percentSchema,
  changedAt: z.iso.datetime(),
});
export type PayoutRateChange = z.infer<typeof payoutRateChangeSchema>;

/** GET /api/payout-rates, 200: the 11 rates in force (price-table order) and the newest changes. */
export const payoutRatesResponseSchema = z.object({
  rates: z.array(payoutRateViewSchema),
  history: z.array(payoutRateChangeSchema).max(PAYOUT_RATE_HISTORY_LIMIT),
});
export type PayoutRatesResponse = z.infer<typeof payoutRatesResponseSchema>;

export const payoutRateParamsSchema = z.object({ itemType: itemTypeSchema });
