// POST /api/submissions (SPEC 3, 7): the new-submission form validates with this schema and the
// route validates the same body, so the client hears the same sentence either way. The quote
// fields are tolerated but ignored: the server computes its own (DECISIONS).
import { z } from 'zod';
import { itemTypeSchema } from '../rule-schemas.ts';
import { MAX_IMAGES_PER_SUBMISSION } from '../limits.ts';
import { materialCategoryProblem } from '../metal-quote.ts';
import { submissionCategorySchema } from '../submission-category.ts';
import { MAX_WEIGHT_ANY_UNIT } from '../number-bounds.ts';
import { validateCalculatorWeight, weightMessages, weightUnitSchema } from '../weight.ts';
import { ignoredAmountSchema } from './common.ts';
import { reserveAmountSchema, reservePayoutSchema } from './seller-reserve.ts';
import { reserveMessages } from '../seller-reserve.ts';
import { stoneChoices } from '../item-decisions.ts';
import { MAX_ITEMS_PER_SUBMISSION } from '../item-position.ts';
import type { ItemType } from '../item-type.ts';
import type { SubmissionCategory } from '../submission-category.ts';
import type { WeightUnit } from '../weight.ts';

const stoneChoiceMessage = 'Please choose what happens to the stones: return-stones, pay-for-stones or melt-with-stones.';

export const MAX_DESCRIPTION_LENGTH = 2000;
export const MAX_IMAGE_REFERENCE_LENGTH = 2048;

/** One item's own fields: the body's top level is item 1 (SPEC), and each of `items` adds one. */
const itemFields = {
  category: submissionCategorySchema,
  description: z
    .string({ error: 'Please describe your item.' })
    .trim()
    .min(1, { error: 'Please describe your item.', abort: true })
    .max(MAX_DESCRIPTION_LENGTH, `Please keep the description to ${MAX_DESCRIPTION_LENGTH} characters or fewer.`),
  estimatedWeight: z
    .number({ error: 'Please enter the estimated weight as a number.' })
    .positive('The estimated weight must be greater than zero.')
    .max(MAX_WEIGHT_ANY_UNIT, weightMessages.tooLarge),
  weightUnit: weightUnitSchema,
  images: z
    .array(
      z
        .string({ error: 'Each photo must be an uploaded image address.' })
        .trim()
        .min(1, 'Each photo must be an uploaded image address.')
        .max(MAX_IMAGE_REFERENCE_LENGTH, 'A photo address is too long to be valid.'),
      { error: 'Photos must be a list of uploaded image addresses.' },
    )
    // zod runs an array's own checks even after a non-array input failed, so guard by hand.
    .superRefine((images, ctx) => {
      if (!Array.isArray(images)) return;
      if (images.length > MAX_IMAGES_PER_SUBMISSION) {
        ctx.addIssue({ code: 'custom', message: `You can add at most ${MAX_IMAGES_PER_SUBMISSION} photos.` });
      } else if (new Set(images).size !== images.length) {
        ctx.addIssue({ code: 'custom', message: 'Each photo can only be added once.' });
      }
    })
    .default([]),
  /**
   * What it is made of (a pricing item type), when the seller knows: the quote is then live price
   * x purity x weight x the payout rates. Null or absent: SPEC 9's table quote.
   */
  material: itemTypeSchema.nullish().transform((material) => material ?? null),
  /** What happens to a set piece's stones, chosen before testing (issue 27 item 5); null: no stones. */
  stoneChoice: z
    .enum(stoneChoices, { error: stoneChoiceMessage })
    .nullish()
    .transform((choice) => choice ?? null),
};

type ItemFields = { estimatedWeight: number; weightUnit: WeightUnit; category: SubmissionCategory; material: ItemType | null };

function checkItem(item: ItemFields, ctx: z.RefinementCtx, path: (string | number)[]) {
  // Only the limits are checked here: the field itself already explains zero, negative or text.
  const problem = validateCalculatorWeight(item.estimatedWeight, item.weightUnit);
  if (problem && problem !== weightMessages.zero && problem !== weightMessages.negative) {
    ctx.addIssue({ code: 'custom', message: problem, path: [...path, 'estimatedWeight'] });
  }
  const mismatch = item.material ? materialCategoryProblem(item.category, item.material) : null;
  if (mismatch) ctx.addIssue({ code: 'custom', message: mismatch, path: [...path, 'material'] });
}

/** An item after the first, in `items`. */
export const submissionItemInputSchema = z.object(itemFields).superRefine((item, ctx) => checkItem(item, ctx, []));
export type SubmissionItemInput = z.input<typeof submissionItemInputSchema>;
export type SubmissionItemBody = z.output<typeof submissionItemInputSchema>;

export const createSubmissionSchema = z
  .object({
    ...itemFields,
    /**
     * The parcel's other items (issue 27 item 5), each priced, photographed and decided on by
     * itself; the top-level fields are item 1, so SPEC's one-item body is unchanged.
     */
    items: z
      .array(submissionItemInputSchema, { error: 'items must be a list of items.' })
      .max(
        MAX_ITEMS_PER_SUBMISSION - 1,
        `One parcel can hold at most ${MAX_ITEMS_PER_SUBMISSION} items; please send the rest in another submission.`,
      )
      .default([]),
    preliminaryQuoteMin: ignoredAmountSchema,
    preliminaryQuoteMax: ignoredAmountSchema,
    /** The seller's reserve (decision 040): an offer at or above it is accepted for them; below it, a free return. */
    reserve: reserveAmountSchema.nullish().transform((value) => value ?? null),
    /** How a reserve's acceptance pays: required with a reserve. */
    reservePayout: reservePayoutSchema.nullish().transform((value) => value ?? null),
  })
  .superRefine((body, ctx) => {
    checkItem(body, ctx, []);
    if (body.reserve !== null && body.reservePayout === null) {
      ctx.addIssue({ code: 'custom', message: reserveMessages.payoutNeeded, path: ['reservePayout'] });
    }
  });

/** What the form sends. */
export type CreateSubmissionInput = z.input<typeof createSubmissionSchema>;
/** What the route receives after validation. */
export type CreateSubmissionBody = z.output<typeof createSubmissionSchema>;

/** Every item of a body, item 1 (the top level) first. */
export function itemsOfBody(body: CreateSubmissionBody): SubmissionItemBody[] {
  const { category, description, estimatedWeight, weightUnit, images, material, stoneChoice } = body;
  return [{ category, description, estimatedWeight, weightUnit, images, material, stoneChoice }, ...body.items];
}
