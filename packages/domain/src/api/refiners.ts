// Refiners (issue 28 item 4), admin routes: GET/POST /api/admin/refiners, PATCH /api/admin/refiners/{id},
// POST .../{id}/retire. A refiner's charges are its terms as written in its agreement; a settlement
// carries the charges actually made, so these are for reference and the settlement form's defaults.
// Settlements: POST /api/admin/refiner-settlements (typed in) and .../import (CSV), GET the list.
import { z } from 'zod';
import { dollarsToCents } from '../money.ts';
import { parseExactDecimal, compareExact } from '../exact-decimal.ts';
import { idSchema } from './common.ts';
import { shippingAddressDtoSchema, shippingAddressSchema } from './shipping-address.ts';

const name = z
  .string({ error: "Please give the refiner's name." })
  .trim()
  .min(1, "Please give the refiner's name.")
  .max(120, "The refiner's name must be at most 120 characters.");
const terms = z.string({ error: 'The terms must be text.' }).trim().max(2000, 'The terms must be at most 2000 characters.');

/** Dollars and cents, or blank (null) for a charge this refiner does not make. */
const fee = (what: string) =>
  z
    .string({ error: `Please give the ${what} in dollars, like 35.00, or leave it blank.` })
    .trim()
    .nullable()
    .refine((value) => {
      if (value === null || value === '') return true;
      const cents = dollarsToCents(value);
      return cents !== null && cents <= 100_000_000;
    }, `Please give the ${what} in dollars, like 35.00, or leave it blank.`)
    .transform((value) => (value === '' ? null : value));

const percent = z
  .string({ error: 'Please give the refining charge as a percent from 0 to 100, like 1.5, or leave it blank.' })
  .trim()
  .nullable()
  .refine((value) => {
    if (value === null || value === '') return true;
    const parsed = parseExactDecimal(value, 3);
    return parsed !== null && parsed.units >= 0n && compareExact(parsed, { units: 100n, scale: 0 }) <= 0;
  }, 'Please give the refining charge as a percent from 0 to 100, like 1.5, or leave it blank.')
  .transform((value) => (value === '' ? null : value));

export const refinerInputSchema = z.object({
  name,
  terms: terms.default(''),
  refiningPercent: percent.default(null),
  refiningPerOz: fee('refining charge per ounce').default(null),
  assayFee: fee('assay fee').default(null),
  shippingFee: fee('shipping charge').default(null),
  wireFee: fee('wire fee').default(null),
  // Where a lot's carrier label sends it, checked as a seller's address is (one address rule).
  // Blank for a refiner that receives no lots by carrier; such a refiner cannot be shipped to.
  address: shippingAddressSchema.nullable().default(null),
});
export type RefinerInput = z.input<typeof refinerInputSchema>;
export type RefinerFields = z.output<typeof refinerInputSchema>;

export const refinerParamsSchema = z.object({ id: idSchema('refiner') });

export const refinerViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  terms: z.string(),
  refiningPercent: z.string().nullable(),
  refiningPerOz: z.string().nullable(),
  assayFee: z.string().nullable(),
  shippingFee: z.string().nullable(),
  wireFee: z.string().nullable(),
  address: shippingAddressDtoSchema.nullable(),
  retired: z.boolean(),
});
export type RefinerView = z.infer<typeof refinerViewSchema>;
export const refinersResponseSchema = z.object({ refiners: z.array(refinerViewSchema) });
export type RefinersResponse = z.infer<typeof refinersResponseSchema>;

export const refinerMessages = {
  nameTaken: (refinerName: string) => `A refiner named ${refinerName} is already in the list.`,
  retired: 'This refiner was retired; a retired refiner cannot be changed.',
} as const;

export const settlementLotViewSchema = z.object({
  lotId: z.string(),
  lotNumber: z.string(),
  preMeltGrams: z.string(),
  postMeltGrams: z.string(),
  grossCents: z.number(),
  chargesCents: z.number(),
  netCents: z.number(),
  costCents: z.number(),
  estimatedFineGrams: z.string().nullable(),
  actualFineGrams: z.string().nullable(),
});

export const settlementViewSchema = z.object({
  id: z.string(),
  refinerId: z.string().nullable(),
  refinerName: z.string(),
  reference: z.string(),
  date: z.string(),
  wireCents: z.number(),
  grossCents: z.number(),
  chargesCents: z.number(),
  source: z.enum(['form', 'csv']),
  createdAt: z.string(),
  lots: z.array(settlementLotViewSchema),
});
export type SettlementView = z.infer<typeof settlementViewSchema>;
export const settlementsResponseSchema = z.object({ settlements: z.array(settlementViewSchema) });
export type SettlementsResponse = z.infer<typeof settlementsResponseSchema>;
