// The check register's API (apps/api modules/checks; the appraisers' Checks panel reads it). Amounts
// are dollars as exact decimal strings; days are YYYY-MM-DD.
import { z } from 'zod';
import {
  CHECK_NUMBER_MAX,
  CHECK_VOID_REASON_MAX_LENGTH,
  checkNumberMessage,
  checkStatuses,
  parseIsoDay,
} from '../check-register.ts';
import { idSchema } from './common.ts';
import { shippingAddressDtoSchema } from './shipping-address.ts';

export const checkNumberSchema = z
  .number({ error: checkNumberMessage })
  .int(checkNumberMessage)
  .min(1, checkNumberMessage)
  .max(CHECK_NUMBER_MAX, checkNumberMessage);

/** POST /api/admin/payouts/checks: without a number, the next one after the highest used. */
export const registerCheckSchema = z.object({
  transactionId: idSchema('payout'),
  checkNumber: checkNumberSchema.optional(),
});
export type RegisterCheckInput = z.input<typeof registerCheckSchema>;

const mailedOnMessage = 'Please give the day the check was mailed as YYYY-MM-DD.';

/** POST /api/admin/payouts/checks/{id}/mailed. */
export const checkMailedSchema = z.object({
  mailedOn: z
    .string({ error: mailedOnMessage })
    .trim()
    .refine((value) => parseIsoDay(value) !== null, mailedOnMessage),
});
export type CheckMailedInput = z.input<typeof checkMailedSchema>;

const voidReasonMessage = `Please say why the check is voided (1 to ${CHECK_VOID_REASON_MAX_LENGTH} characters).`;

/** POST /api/admin/payouts/checks/{id}/void. */
export const voidCheckSchema = z.object({
  reason: z
    .string({ error: voidReasonMessage })
    .transform((value) => value.replace(/\s+/g, ' ').trim())
    .pipe(z.string().min(1, voidReasonMessage).max(CHECK_VOID_REASON_MAX_LENGTH, voidReasonMessage)),
});
export type VoidCheckInput = z.input<typeof voidCheckSchema>;

export const checkStatusSchema = z.enum(checkStatuses, { error: 'Status must be one of printed, mailed or voided.' });

const blankAsUnset = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

/** GET /api/admin/payouts/checks?status= : every check, or those in one status; newest first. */
export const checkListQuerySchema = z.object({ status: z.preprocess(blankAsUnset, checkStatusSchema.optional()) });

/** The register answers at most this many checks, newest first. */
export const CHECK_LIST_MAX = 100;

export const checkSchema = z.object({
  id: z.string(),
  transactionId: z.string(),
  submissionId: z.string(),
  submissionShortId: z.string(),
  checkNumber: z.number().int(),
  payee: z.string(),
  amount: z.string().describe('Dollars as an exact decimal string, e.g. "485.20".'),
  mailingAddress: shippingAddressDtoSchema,
  status: checkStatusSchema,
  registeredAt: z.string(),
  mailedOn: z.string().nullable(),
  voidedAt: z.string().nullable(),
  voidReason: z.string().nullable(),
  /** The payout's own state now, so the register shows where the money is. */
  payoutStatus: z.string(),
});
export type Check = z.infer<typeof checkSchema>;
export const checkListSchema = z.array(checkSchema);

/** GET /api/admin/payouts/checks/next-number: what the next check would be numbered (null when used up). */
export const nextCheckNumberSchema = z.object({ checkNumber: z.number().int().nullable() });
export type NextCheckNumber = z.infer<typeof nextCheckNumberSchema>;
