// Sanctions screening as the app records it (DECISIONS "Compliance"): each screening of a seller's
// name against the loaded OFAC SDN list, the decision an appraiser takes on a possible match, and
// the hold a possible match puts on the seller's payouts until then.
import { z } from 'zod';

/** Where a name was screened: when an appraiser approves an ID, or before a payout. */
export const screeningContexts = ['id-review', 'payout'] as const;
export type ScreeningContext = (typeof screeningContexts)[number];

/**
 * 'clear': nothing on the list came close; 'possible-match': waits for an appraiser, who makes it
 * 'cleared' (not the listed person) or 'blocked' (nothing is ever paid to this seller).
 */
export const screeningStatuses = ['clear', 'possible-match', 'cleared', 'blocked'] as const;
export type ScreeningStatus = (typeof screeningStatuses)[number];

/** Why a payout may not move whatever its rail: under review, or blocked for good. */
export const complianceHolds = ['sanctions-review', 'sanctions-blocked'] as const;
export type ComplianceHold = (typeof complianceHolds)[number];

export const complianceHoldMessages: Record<ComplianceHold, string> = {
  'sanctions-review':
    "This payout is held: the seller's name is a possible match on the sanctions list, and an appraiser must clear or block it first.",
  'sanctions-blocked': 'This payout is blocked: an appraiser found the seller on the sanctions list. It is never paid.',
};

/** The sentence for a payout's hold as stored (transactions.compliance_hold), for every rail's refusal. */
export function complianceHoldMessage(hold: string): string {
  return (complianceHoldMessages as Record<string, string>)[hold] ?? complianceHoldMessages['sanctions-review'];
}

/** The loaded list is shown with a warning past this age (issue 13). */
export const SANCTIONS_LIST_STALE_AFTER_DAYS = 7;

export const screeningDecisionSchema = z.object({
  decision: z.enum(['clear', 'block'], { message: "The decision is 'clear' or 'block'." }),
  reason: z
    .string({ message: 'Give the reason for the decision (3 to 500 characters).' })
    .trim()
    .min(3, 'Give the reason for the decision (3 to 500 characters).')
    .max(500, 'The reason is at most 500 characters.'),
});
export type ScreeningDecision = z.infer<typeof screeningDecisionSchema>;

export const screeningMatchSchema = z.object({
  entNum: z.number().int(),
  listedName: z.string(),
  matchedName: z.string(),
  matchedOn: z.enum(['name', 'alias']),
  score: z.number(),
  type: z.string(),
  programs: z.array(z.string()),
});
export type ScreeningMatchDto = z.infer<typeof screeningMatchSchema>;

export const sanctionsScreeningSchema = z.object({
  id: z.string(),
  userId: z.string(),
  customerLabel: z.string(),
  transactionId: z.string().nullable(),
  context: z.enum(screeningContexts),
  listId: z.string(),
  listPublishedOn: z.string(),
  screenedName: z.string(),
  matches: z.array(screeningMatchSchema),
  status: z.enum(screeningStatuses),
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
  reason: z.string().nullable(),
  createdAt: z.string(),
});
export type SanctionsScreening = z.infer<typeof sanctionsScreeningSchema>;

export const sanctionsListStateSchema = z.union([
  z.object({
    loaded: z.literal(true),
    publishedOn: z.string(),
    loadedAt: z.string(),
    entryCount: z.number().int(),
    ageDays: z.number().int(),
    stale: z.boolean(),
  }),
  z.object({ loaded: z.literal(false), message: z.string() }),
]);
export type SanctionsListState = z.infer<typeof sanctionsListStateSchema>;

/** What the reviewer of an ID hears of the screening of its name (on approval; null on rejection). */
export const idReviewScreeningSchema = z.object({
  status: z.enum([...screeningStatuses, 'not-screened']),
  message: z.string(),
  matches: z.array(screeningMatchSchema),
});
export type IdReviewScreening = z.infer<typeof idReviewScreeningSchema>;
