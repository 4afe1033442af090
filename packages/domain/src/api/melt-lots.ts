// The melt lots' routes (issue 28 item 3, appraisers only): the lots with their totals at today's
// spot, one lot with its items, a new lot, an item added by its custody tag or taken out, and the
// lot moved one state on (open -> shipped needs the shipment's fields).
import { z } from 'zod';
import { dollarsToCents } from '../money.ts';
import { meltLotStates } from '../melt-lot.ts';
import { meltMetals, meltSortCategories } from '../melt-sort.ts';
import { idSchema } from './common.ts';

export const meltLotRouteMessages = {
  category: 'Choose the sort category of the lot, like Gold 14K.',
  tag: "Type the tag on the item's bag, like AS-000123.",
  state: 'Choose the state the lot moves to: assayed, settled or closed.',
  refiner: 'Choose the refiner the lot ships to from the list.',
  unknownRefiner: 'That refiner is not in the list of active refiners; choose one from the list.',
  insured: 'Type what the parcel is insured for, in dollars and cents, like 12500.00.',
  shipWithLabel:
    'A lot ships with a carrier label: use Ship (POST /api/admin/melt-lots/{id}/ship) with the refiner and the insured value.',
  tagNotFound: (tag: string) => `No item has the tag ${tag}.`,
  notBought: 'Only an item we have bought goes into a melt lot; this one has not been paid for or is going back.',
  notInCustody: 'Only an item in the vault or a bin goes into a melt lot; this one has left our custody.',
  lotNotFound: 'That melt lot does not exist.',
  changedMeanwhile: 'Someone else changed this lot a moment ago; reload and try again.',
  noLabel: 'This lot has no carrier label: it has not shipped yet.',
} as const;

const insuredSchema = z
  .string({ error: meltLotRouteMessages.insured })
  .trim()
  .max(16, meltLotRouteMessages.insured)
  .refine((value) => {
    const cents = dollarsToCents(value);
    // Up to a billion dollars: more is a typo, and the money column holds less than ten.
    return cents !== null && cents > 0 && cents <= 100_000_000_000;
  }, meltLotRouteMessages.insured);

export const createMeltLotBodySchema = z.strictObject({
  category: z.enum(meltSortCategories, { error: meltLotRouteMessages.category }),
});
export type CreateMeltLotBody = z.infer<typeof createMeltLotBodySchema>;

export const addLotItemBodySchema = z.strictObject({
  tag: z.string({ error: meltLotRouteMessages.tag }).trim().min(1, meltLotRouteMessages.tag).max(20, meltLotRouteMessages.tag),
});
export type AddLotItemBody = z.infer<typeof addLotItemBodySchema>;

/** The moves after shipping: one state on. Shipping is its own command (POST .../ship), since it buys a label. */
export const advanceMeltLotBodySchema = z.strictObject({
  to: z
    .enum(meltLotStates, { error: meltLotRouteMessages.state })
    .refine((to) => to !== 'shipped', meltLotRouteMessages.shipWithLabel),
});
export type AdvanceMeltLotBody = z.infer<typeof advanceMeltLotBodySchema>;

/**
 * POST /api/admin/melt-lots/{id}/ship: the label is bought through the configured carrier, from the
 * business's address to the refiner's, insured for `insuredValue` (at least the lot's value at
 * today's spot); the refiner is an active one of the list, with a shipping address.
 */
export const shipMeltLotBodySchema = z.strictObject({
  refinerId: z
    .string({ error: meltLotRouteMessages.refiner })
    .trim()
    .min(1, meltLotRouteMessages.refiner)
    .max(128, meltLotRouteMessages.refiner),
  insuredValue: insuredSchema,
});
export type ShipMeltLotBody = z.infer<typeof shipMeltLotBodySchema>;

export const meltLotParamsSchema = z.object({ id: idSchema('melt lot') });
export const meltLotItemParamsSchema = z.object({ id: idSchema('melt lot'), itemId: idSchema('item') });

const lotMetalSchema = z.object({
  metal: z.enum(meltMetals),
  fineGrams: z.string(),
  fineTroyOunces: z.string(),
  valueCents: z.number().int().nullable(),
});

export const meltLotSchema = z.object({
  id: z.string(),
  /** "LOT-0001", from the database's sequence; what a refiner's settlement names. */
  number: z.string(),
  category: z.enum(meltSortCategories),
  state: z.enum(meltLotStates),
  itemCount: z.number().int(),
  grossGrams: z.string(),
  stoneCount: z.number().int(),
  metals: z.array(lotMetalSchema),
  /** At today's spot; null while a metal in it has no price. */
  estimatedValueCents: z.number().int().nullable(),
  refinerName: z.string().nullable(),
  /** The label's carrier ("USPS", "Assay Sample"); null before shipping or for a lot shipped before labels were bought. */
  carrier: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  /** The service bought ("Priority") and its postage, when the carrier says. */
  service: z.string().nullable(),
  postageCents: z.number().int().nullable(),
  /** What the carrier confirmed the parcel is insured for. */
  insuredValueCents: z.number().int().nullable(),
  /** True when the lot has a label to print (GET .../label.pdf); false for a sample label's `validForPostage`. */
  hasLabel: z.boolean(),
  validForPostage: z.boolean().nullable(),
  createdBy: z.string().nullable(),
  createdAt: z.iso.datetime(),
  shippedAt: z.iso.datetime().nullable(),
  assayedAt: z.iso.datetime().nullable(),
  settledAt: z.iso.datetime().nullable(),
  closedAt: z.iso.datetime().nullable(),
  version: z.number().int(),
});
export type MeltLot = z.infer<typeof meltLotSchema>;
export const meltLotListSchema = z.object({ lots: z.array(meltLotSchema) });
export type MeltLotList = z.infer<typeof meltLotListSchema>;

export const meltLotItemSchema = z.object({
  itemId: z.string(),
  tag: z.string(),
  submissionId: z.string(),
  shortId: z.string(),
  position: z.number().int(),
  description: z.string(),
  weight: z.string(),
  weightUnit: z.string(),
  purityPercent: z.string(),
  fineGrams: z.string(),
  stoneCount: z.number().int(),
  addedAt: z.iso.datetime(),
});
export type MeltLotItem = z.infer<typeof meltLotItemSchema>;
export const meltLotDetailSchema = z.object({ lot: meltLotSchema, items: z.array(meltLotItemSchema) });
export type MeltLotDetail = z.infer<typeof meltLotDetailSchema>;
