// GET /api/admin/retention and POST /api/admin/retention/erase (issue 28 item 7): finished
// submissions past their retention period (retention.ts), and the erase of their personal data.
import { z } from 'zod';

/** How many of each personal record an erase removes (or would remove). */
export const erasedCountsSchema = z.object({
  photos: z.number().int(),
  labelAddresses: z.number().int(),
  checkAddresses: z.number().int(),
  bankDetails: z.number().int(),
  statementIps: z.number().int(),
  /** The seller's ID checks: they go with the last of the seller's submissions past its period. */
  idChecks: z.number().int(),
});
export type ErasedCounts = z.infer<typeof erasedCountsSchema>;

export const retentionEntrySchema = z.object({
  submissionId: z.string(),
  /** The account's name: who the records are about. */
  sellerLabel: z.string(),
  status: z.string(),
  /** ISO instants: when it finished, and when its period ran out. */
  endedAt: z.string(),
  erasableFrom: z.string(),
  years: z.number().int(),
  /** True when the period came from the configured default (no rule was stored at receipt). */
  defaultPeriod: z.boolean(),
  wouldErase: erasedCountsSchema,
});
export type RetentionEntry = z.infer<typeof retentionEntrySchema>;

export const retentionListSchema = z.object({
  defaultYears: z.number().int(),
  minimumYears: z.number().int(),
  submissions: z.array(retentionEntrySchema),
});
export type RetentionList = z.infer<typeof retentionListSchema>;

export const MAX_ERASE_BATCH = 100;

export const eraseRecordsRequestSchema = z
  .object({
    submissionIds: z
      .array(
        z
          .string({ error: 'A submission id is text.' })
          .trim()
          .min(1, 'A submission id is not empty.')
          .max(64, 'A submission id is at most 64 characters.'),
        {
          error: 'Send submissionIds: the list of submissions to erase.',
        },
      )
      .min(1, 'Choose at least one submission to erase.')
      .max(MAX_ERASE_BATCH, `Erase at most ${MAX_ERASE_BATCH} submissions at a time.`)
      .refine((ids) => new Set(ids).size === ids.length, 'Each submission is listed once.'),
  })
  .strict();
export type EraseRecordsRequest = z.infer<typeof eraseRecordsRequestSchema>;

export const eraseRecordsResultSchema = z.object({
  erased: z.array(z.object({ submissionId: z.string(), counts: erasedCountsSchema })),
  /** Erased before: nothing more was changed (an erase is idempotent). */
  alreadyErased: z.array(z.string()),
});
export type EraseRecordsResult = z.infer<typeof eraseRecordsResultSchema>;
