// The compliance parts of the API (DECISIONS "Compliance"): what a seller must do before being paid
// (GET/POST /api/submissions/{id}/statement, the detail's `compliance`), the mailbox's hold and the
// appraiser's disposition of a bought item (POST /api/admin/submissions/{id}/disposition).
import { z } from 'zod';
import { dispositionActions } from '../compliance-gate.ts';

/** On the seller's submission detail: what the stored rule asks before payment, and why. Null before receipt. */
export const submissionComplianceSchema = z.object({
  identityRequired: z.boolean(),
  identityVerified: z.boolean(),
  statementRequired: z.boolean(),
  statementSigned: z.boolean(),
  /** "Florida law (Fla. Stat. 538.31-538.37) requires your ID and a signed statement before we can pay you." */
  reason: z.string().nullable(),
});
export type SubmissionCompliance = z.infer<typeof submissionComplianceSchema>;

/** GET /api/submissions/{id}/statement: the text this seller signs for this submission. */
export const sellerStatementResponseSchema = z.object({
  required: z.boolean(),
  signed: z.boolean(),
  signedAt: z.string().nullable(),
  statementVersion: z.string(),
  /** The name to type: the account's, as the signature is checked against it. */
  signAs: z.string(),
  text: z.string(),
});
export type SellerStatementResponse = z.infer<typeof sellerStatementResponseSchema>;

/** The mailbox's hold of a received item. */
export const holdStateSchema = z.object({
  until: z.string(),
  /** "Hold until Nov 28" */
  label: z.string(),
  /** "Florida: 10 days" */
  basis: z.string(),
  over: z.boolean(),
});
export type HoldState = z.infer<typeof holdStateSchema>;

export const dispositionSchema = z.object({
  action: z.string(),
  at: z.string(),
});

const dispositionActionMessage = 'Choose what to do with the item: melt, resell or consign.';

export const dispositionBodySchema = z.object({
  action: z.enum(dispositionActions, { error: dispositionActionMessage }),
  note: z
    .string({ error: 'A note is text of at most 500 characters.' })
    .trim()
    .max(500, 'A note can be at most 500 characters.')
    .optional(),
});
export type DispositionBody = z.infer<typeof dispositionBodySchema>;

export const signedStatementSchema = z.object({
  signed: z.literal(true),
  signedAt: z.string(),
  statementVersion: z.string(),
});
