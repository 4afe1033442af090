// GET /api/admin/compliance/queue (DECISIONS "Compliance", issue 13 item 6): what blocks paying each
// seller, or melting each bought item, with what clears it.
import { z } from 'zod';

export const complianceBlockKinds = ['id', 'statement', 'report', 'sanctions', 'hold'] as const;
export type ComplianceBlockKind = (typeof complianceBlockKinds)[number];

/**
 * What clears a block: an appraiser's action (review the ID waiting in Identity checks, ask the
 * seller for one, decide the sanctions match, complete an item's police report line on its
 * submission), or nothing an appraiser does: the seller must act (sign the statement) or time must
 * pass (the hold).
 */
export const complianceClearers = [
  'review-id',
  'request-id',
  'decide-sanctions',
  'complete-report-line',
  'seller',
  'time',
  'none',
] as const;
export type ComplianceClearer = (typeof complianceClearers)[number];

export const complianceQueueItemSchema = z.object({
  submissionId: z.string(),
  shortId: z.string(),
  description: z.string(),
  customerLabel: z.string(),
  kind: z.enum(complianceBlockKinds),
  /** What blocks, in a sentence: "Florida law (Fla. Stat. 538.31-538.37) requires the seller's ID." */
  message: z.string(),
  clearedBy: z.enum(complianceClearers),
  /** What to do, in a sentence naming where: "Approve or reject the ID in Identity checks." */
  action: z.string(),
  /** The payout a sanctions hold is on, when there is one. */
  transactionId: z.string().nullable(),
});
export type ComplianceQueueItem = z.infer<typeof complianceQueueItemSchema>;

export const complianceQueueSchema = z.array(complianceQueueItemSchema);
