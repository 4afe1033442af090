// The custody area's routes (issue 28 item 2, appraisers only): bins, where each received item is,
// its moves, and the search by submission, bin or tag.
import { z } from 'zod';
import { custodyMessages, custodyMoveTargets, custodyPlaces } from '../custody.ts';
import { idSchema } from './common.ts';

const binCodeSchema = z
  .string({ error: 'Give the bin a code, like B-01.' })
  .trim()
  .min(1, 'Give the bin a code, like B-01.')
  .max(20, 'A bin code has at most 20 characters.')
  .regex(/^[A-Za-z0-9][A-Za-z0-9 ._-]*$/, 'A bin code uses letters, digits, spaces, dots, dashes or underscores.')
  .transform((code) => code.toUpperCase());
const binLabelSchema = z
  .string({ error: 'Say what the bin holds or where it is.' })
  .trim()
  .min(1, 'Say what the bin holds or where it is.')
  .max(80, 'A bin label has at most 80 characters.');

export const binSchema = z.object({
  id: z.string(),
  code: z.string(),
  label: z.string(),
  archivedAt: z.iso.datetime().nullable(),
  /** Items in the bin now, and how many of them are ready (bought, hold passed). */
  itemCount: z.number().int(),
  readyCount: z.number().int(),
});
export type Bin = z.infer<typeof binSchema>;
export const binListSchema = z.object({ bins: z.array(binSchema), vaultCount: z.number().int() });
export type BinList = z.infer<typeof binListSchema>;

export const createBinBodySchema = z.strictObject({ code: binCodeSchema, label: binLabelSchema });
export type CreateBinBody = z.infer<typeof createBinBodySchema>;
export const renameBinBodySchema = z
  .strictObject({ code: binCodeSchema.optional(), label: binLabelSchema.optional() })
  .refine((body) => body.code !== undefined || body.label !== undefined, 'Give the bin a new code or a new label.');
export type RenameBinBody = z.infer<typeof renameBinBodySchema>;
export const binParamsSchema = z.object({ id: idSchema('bin') });
export const custodyItemParamsSchema = z.object({ itemId: idSchema('item') });

export const custodyItemSchema = z.object({
  itemId: z.string(),
  submissionId: z.string(),
  shortId: z.string(),
  position: z.number().int(),
  description: z.string(),
  tag: z.string(),
  place: z.enum(custodyPlaces),
  bin: z.object({ id: z.string(), code: z.string() }).nullable(),
  meltLotId: z.string().nullable(),
  submissionStatus: z.string(),
  itemOutcome: z.string().nullable(),
  /** The end of the hold (submissions.hold_until); null for a parcel received before the rules. */
  holdUntil: z.iso.datetime().nullable(),
  /** The hold has passed by the server's clock (the database's trigger keeps that clock, not the browser's). */
  holdOver: z.boolean(),
  ready: z.boolean(),
  movedAt: z.iso.datetime(),
  movedBy: z.string().nullable(),
  /** Sent back with a move: a move made by someone else since refuses this one (409). */
  version: z.number().int(),
  /** The case number of the item's active police hold (police-holds.ts), or null. */
  policeHoldCase: z.string().nullable(),
});
export type CustodyItem = z.infer<typeof custodyItemSchema>;
export const custodyItemListSchema = z.object({ items: z.array(custodyItemSchema) });
export type CustodyItemList = z.infer<typeof custodyItemListSchema>;
export const binDetailSchema = z.object({ bin: binSchema, items: z.array(custodyItemSchema) });
export type BinDetail = z.infer<typeof binDetailSchema>;

export const custodySearchQuerySchema = z
  .strictObject({
    submission: z.string().trim().min(1).max(128).optional(),
    bin: z.string().trim().min(1).max(128).optional(),
    tag: z.string().trim().min(1).max(20).optional(),
  })
  .refine((q) => [q.submission, q.bin, q.tag].filter((v) => v !== undefined).length === 1, custodyMessages.searchNeedsOne);
export type CustodySearchQuery = z.infer<typeof custodySearchQuerySchema>;

export const moveItemBodySchema = z
  .strictObject({
    to: z.enum(custodyMoveTargets, { error: 'Choose where the item goes: the vault, a bin, sold or returned.' }),
    binId: z.string().trim().min(1).max(128).optional(),
    version: z.number({ error: 'Send the version of the item you saw.' }).int().min(1),
    note: z.string().trim().max(500, 'A note has at most 500 characters.').optional(),
  })
  .superRefine((body, ctx) => {
    if (body.to === 'bin' && !body.binId) ctx.addIssue({ code: 'custom', path: ['binId'], message: custodyMessages.binRequired });
    if (body.to !== 'bin' && body.binId)
      ctx.addIssue({ code: 'custom', path: ['binId'], message: custodyMessages.binOnlyForBin });
  });
export type MoveItemBody = z.infer<typeof moveItemBodySchema>;

export const custodyMoveSchema = z.object({
  id: z.string(),
  fromPlace: z.enum(custodyPlaces).nullable(),
  fromBin: z.string().nullable(),
  fromMeltLotId: z.string().nullable(),
  toPlace: z.enum(custodyPlaces),
  toBin: z.string().nullable(),
  toMeltLotId: z.string().nullable(),
  by: z.string().nullable(),
  at: z.iso.datetime(),
  note: z.string().nullable(),
});
export type CustodyMove = z.infer<typeof custodyMoveSchema>;
export const custodyMovesSchema = z.object({ item: custodyItemSchema, moves: z.array(custodyMoveSchema) });
export type CustodyMoves = z.infer<typeof custodyMovesSchema>;
