// What the ACH batch routes take and answer (apps/api modules/payouts), and what the appraisers'
// ACH screen reads. Amounts are dollars as exact decimal strings ("1234.50"); never an account or
// routing number.
import { z } from 'zod';

const dollars = z.string().describe('Dollars as an exact decimal string, e.g. "1234.50".');
const traceNumber = z.string().describe("The entry's 15-digit trace number: the ODFI id and a 7-digit sequence.");

export const achBatchEntrySchema = z.object({
  transactionId: z.string(),
  submissionShortId: z.string(),
  amount: dollars,
  traceNumber,
});

export const achBatchSummarySchema = z.object({
  id: z.string(),
  fileName: z.string().describe('The name the file downloads under: assay-ach-<date>-<modifier>.txt.'),
  fileCreatedAt: z.string(),
  fileIdModifier: z.string(),
  entryCount: z.number().int(),
  waitingCount: z
    .number()
    .int()
    .describe('Entries still waiting for the bank (processing on the ACH rail); 0 once the batch is settled.'),
  total: dollars,
  createdAt: z.string(),
});

export const achBatchSchema = achBatchSummarySchema.extend({
  entries: z.array(achBatchEntrySchema),
  /** Payouts that could not be written (e.g. a name with no ASCII letters): still pending, for a person. */
  leftOut: z.array(z.object({ transactionId: z.string(), submissionShortId: z.string(), reason: z.string() })),
  exampleSettings: z
    .boolean()
    .describe('True when ACH_* settings are unset and examples stand in (never in production): no bank takes this file.'),
});

export const achBatchListSchema = z.array(achBatchSummarySchema);

export const achBatchSettledSchema = z.object({
  batchId: z.string(),
  paid: z.array(z.object({ transactionId: z.string(), traceNumber })),
  /** Entries already settled, returned or retried: left as they are. */
  unchanged: z.array(z.object({ transactionId: z.string(), traceNumber, status: z.string() })),
});

/** The largest return file taken: about 5,000 returns, far above a day's. */
export const ACH_RETURN_FILE_MAX_CHARS = 1_000_000;

export const achReturnImportSchema = z.object({
  file: z
    .string({ error: "Please send the bank's return file as text in the field file." })
    .min(1, "Please send the bank's return file as text in the field file.")
    .max(ACH_RETURN_FILE_MAX_CHARS, `The return file can be at most ${ACH_RETURN_FILE_MAX_CHARS} characters; split it.`)
    .describe('The Nacha return file exactly as the bank sent it (94-character records).'),
});

export const achReturnResultSchema = z.object({
  returned: z.array(
    z.object({
      transactionId: z.string(),
      submissionShortId: z.string(),
      traceNumber,
      returnCode: z.string(),
      reason: z.string(),
      amount: dollars,
    }),
  ),
  unmatched: z.array(z.object({ traceNumber: z.string(), returnCode: z.string(), amount: dollars, why: z.string() })),
  alreadyApplied: z.array(z.object({ transactionId: z.string(), traceNumber, returnCode: z.string(), status: z.string() })),
  /** Notifications of change (C-codes): nothing is moved; the corrected data stays out of the answer. */
  changeNotices: z.array(z.object({ traceNumber: z.string(), changeCode: z.string(), transactionId: z.string().nullable() })),
});

export type AchBatchDto = z.infer<typeof achBatchSchema>;
export type AchBatchSummaryDto = z.infer<typeof achBatchSummarySchema>;
export type AchReturnResult = z.infer<typeof achReturnResultSchema>;
export type AchBatchSettled = z.infer<typeof achBatchSettledSchema>;
