// The police holds' routes (issue 28 item 6, appraisers only): place a hold on a received item,
// list an item's holds, release one or surrender the item to the police.
import { z } from 'zod';
import { policeHoldStatuses } from '../police-holds.ts';
import { idSchema } from './common.ts';

function field(what: string, max: number) {
  const message = `Give the ${what}.`;
  return z.string({ error: message }).trim().min(1, message).max(max, `The ${what} has at most ${max} characters.`);
}

export const placePoliceHoldBodySchema = z.strictObject({
  itemId: idSchema('item'),
  agency: field('agency', 120),
  officer: field("officer's name", 120),
  badgeNumber: field('badge number', 40),
  caseNumber: field('case number', 60),
  reason: field('reason for the hold', 1000),
});
export type PlacePoliceHoldBody = z.infer<typeof placePoliceHoldBodySchema>;

export const releasePoliceHoldBodySchema = z.strictObject({
  note: z.string({ error: 'Say why the hold is released.' }).trim().max(1000, 'A note has at most 1000 characters.').optional(),
});
export type ReleasePoliceHoldBody = z.infer<typeof releasePoliceHoldBodySchema>;

export const surrenderPoliceHoldBodySchema = z.strictObject({
  reference: field('police receipt or reference', 120),
});
export type SurrenderPoliceHoldBody = z.infer<typeof surrenderPoliceHoldBodySchema>;

export const policeHoldParamsSchema = z.object({ id: idSchema('police hold') });
export const policeHoldListQuerySchema = z.strictObject({ item: idSchema('item') });

export const policeHoldSchema = z.object({
  id: z.string(),
  itemId: z.string(),
  submissionId: z.string(),
  agency: z.string(),
  officer: z.string(),
  badgeNumber: z.string(),
  caseNumber: z.string(),
  reason: z.string(),
  status: z.enum(policeHoldStatuses),
  placedBy: z.string().nullable(),
  placedAt: z.iso.datetime(),
  endedBy: z.string().nullable(),
  endedAt: z.iso.datetime().nullable(),
  releaseNote: z.string().nullable(),
  surrenderReference: z.string().nullable(),
  /** The cost written off the ledger when the item was surrendered, in cents. */
  writtenOffCents: z.number().int().nullable(),
});
export type PoliceHold = z.infer<typeof policeHoldSchema>;
export const policeHoldListSchema = z.object({ holds: z.array(policeHoldSchema) });
export type PoliceHoldList = z.infer<typeof policeHoldListSchema>;
