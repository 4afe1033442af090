// GET /api/pricing/history: the points of one item type's price chart, oldest first, at most
// PRICE_HISTORY_MAX_POINTS of them whatever the span asked for.
import { z } from 'zod';
import { itemTypeSchema } from '../rule-schemas.ts';
import { PRICE_HISTORY_DEFAULT_HOURS, PRICE_HISTORY_MAX_HOURS } from '../price-rules.ts';
import { priceStringSchema } from './pricing-row.ts';

const hoursMessage = `hours must be a whole number from 1 to ${PRICE_HISTORY_MAX_HOURS}.`;

export const priceHistoryQuerySchema = z.object({
  itemType: itemTypeSchema,
  hours: z.coerce
    .number({ error: hoursMessage })
    .int(hoursMessage)
    .min(1, hoursMessage)
    .max(PRICE_HISTORY_MAX_HOURS, hoursMessage)
    .default(PRICE_HISTORY_DEFAULT_HOURS),
});
export type PriceHistoryQuery = z.infer<typeof priceHistoryQuerySchema>;

export const priceHistoryPointSchema = z.object({
  recordedAt: z.iso.datetime(),
  pricePerOz: priceStringSchema,
  pricePerGram: priceStringSchema,
  pricePerCarat: priceStringSchema.nullable(),
});
export type PriceHistoryPoint = z.infer<typeof priceHistoryPointSchema>;

export const priceHistoryListSchema = z.array(priceHistoryPointSchema);
