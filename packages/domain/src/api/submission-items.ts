// The items of one parcel on the wire (issue 27 item 5, decision 042): what a submission's answer
// says of each item, and the seller's choices on an offer, item by item. Items are named by their
// position (1 to 10), which never changes once the submission exists; item 1 is SPEC's submission.
import { z } from 'zod';
import { itemDecisionKinds, itemDecisionsOutcomes, stoneChoices } from '../item-decisions.ts';
import { itemPositionSchema, MAX_ITEMS_PER_SUBMISSION } from '../item-position.ts';
import { MAX_COUNTER_DOLLARS, MAX_COUNTER_MESSAGE_LENGTH, offerMessages } from '../offer-lines.ts';
import { formatCents } from '../money.ts';

/** What became of an item once its offer was settled: bought, or on its way back. */
export const itemOutcomes = ['sold', 'returned'] as const;
export type ItemOutcome = (typeof itemOutcomes)[number];

export const submissionItemSchema = z.object({
  position: z.number().int(),
  category: z.string(),
  description: z.string(),
  estimatedWeight: z.number(),
  weightUnit: z.string(),
  /** What the seller said it is made of, or null when they did not say. */
  material: z.string().nullable(),
  /** What happens to its stones (return-stones, pay-for-stones, melt-with-stones); null: no stones. */
  stoneChoice: z.enum(stoneChoices).nullable(),
  /** The seller's photos of this item. */
  images: z.array(z.string()),
  preliminaryQuoteMin: z.string().nullable(),
  preliminaryQuoteMax: z.string().nullable(),
  /** What it is worth for insurance: the higher of its quote's maximum and its named metal's melt value. */
  declaredValue: z.string().nullable(),
  /**
   * The guaranteed floor promised on this item (decision 036, per item since 042): a share of its
   * quote's low end, when it was priced from a named metal; null otherwise.
   */
  guaranteeFloor: z.string().nullable(),
  /** Null while its offer is open; 'sold' (paid) or 'returned' (in the return parcel) once settled. */
  outcome: z.enum(itemOutcomes).nullable(),
});
export type SubmissionItem = z.infer<typeof submissionItemSchema>;

const decisionBase = { item: itemPositionSchema };
export const itemDecisionSchema = z.discriminatedUnion(
  'decision',
  [
    z.object({ ...decisionBase, decision: z.literal('accept') }),
    z.object({ ...decisionBase, decision: z.literal('decline') }),
    z.object({
      ...decisionBase,
      decision: z.literal('counter'),
      amount: z
        .number({ error: 'A counter-offer must be an amount in dollars, like 120.50.' })
        .positive('A counter-offer must be more than $0.00.')
        .max(MAX_COUNTER_DOLLARS, `A counter-offer can be at most ${formatCents(MAX_COUNTER_DOLLARS * 100)}.`)
        .multipleOf(0.01, 'A counter-offer can have at most two decimal places.'),
    }),
  ],
  { error: `Please choose ${itemDecisionKinds.join(', ')} for each item.` },
);
export type ItemDecisionBody = z.output<typeof itemDecisionSchema>;

/** POST /api/submissions/{id}/offer/items: one choice per item of the offer version the seller is looking at. */
export const itemDecisionsSchema = z.object({
  offerVersion: z
    .number({ error: 'offerVersion must be the whole number of the offer you are choosing on.' })
    .int('offerVersion must be the whole number of the offer you are choosing on.')
    .min(1, 'offerVersion must be the whole number of the offer you are choosing on.'),
  decisions: z
    .array(itemDecisionSchema, { error: 'decisions must be a list with one choice per item.' })
    .min(1, 'Please choose for each item.')
    .max(MAX_ITEMS_PER_SUBMISSION, `An offer has at most ${MAX_ITEMS_PER_SUBMISSION} items.`),
  /** With a counter: a note to the appraiser. */
  message: z
    .string({ error: 'The message must be text.' })
    .trim()
    .max(MAX_COUNTER_MESSAGE_LENGTH, offerMessages.counterMessageTooLong)
    .optional()
    .default(''),
});
export type ItemDecisionsBody = z.output<typeof itemDecisionsSchema>;

/**
 * What the choices came to. `sale`: every item accepted, nothing changed yet (the seller accepts
 * the offer with POST /api/transactions as before); `partial`: a new offer version holds only the
 * accepted items, for their total, to accept the same way (the declined items come back in one
 * parcel when it is paid); `return`: every item declined, the whole parcel is on its way back;
 * `counter`: the counter-offer is with the appraiser.
 */
export const itemDecisionsResponseSchema = z.object({
  outcome: z.enum(itemDecisionsOutcomes),
  /** The sentence the seller reads (itemDecisionsSentence). */
  sentence: z.string(),
  /** The offer version to accept or wait on now (on `return`, the declined one). */
  offerVersion: z.number().int(),
});
export type ItemDecisionsResponse = z.infer<typeof itemDecisionsResponseSchema>;
