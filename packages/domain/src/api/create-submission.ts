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

export const MAX_DESCRIPTION_LENGTH = 2000;
export const MAX_IMAGE_REFERENCE_LENGTH = 2048;

export const createSubmissionSchema = z
  .object({
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
    preliminaryQuoteMin: ignoredAmountSchema,
    preliminaryQuoteMax: ignoredAmountSchema,
    /** The seller's reserve (decision 040): an offer at or above it is accepted for them; below it, a free return. */
    reserve: reserveAmountSchema.nullish().transform((value) => value ?? null),
    /** How a reserve's acceptance pays: required with a reserve. */
    reservePayout: reservePayoutSchema.nullish().transform((value) => value ?? null),
  })
  .superRefine((body, ctx) => {
    // Only the limits are checked here: the field itself already explains zero, negative or text.
    const problem = validateCalculatorWeight(body.estimatedWeight, body.weightUnit);
    if (problem && problem !== weightMessages.zero && problem !== weightMessages.negative) {
      ctx.addIssue({ code: 'custom', message: problem, path: ['estimatedWeight'] });
    }
    const mismatch = body.material ? materialCategoryProblem(body.category, body.material) : null;
    if (mismatch) ctx.addIssue({ code: 'custom', message: mismatch, path: ['material'] });
    if (body.reserve !== null && body.reservePayout === null) {
      ctx.addIssue({ code: 'custom', message: reserveMessages.payoutNeeded, path: ['reservePayout'] });
    }
  });

/** What the form sends. */
export type CreateSubmissionInput = z.input<typeof createSubmissionSchema>;
/** What the route receives after validation. */
export type CreateSubmissionBody = z.output<typeof createSubmissionSchema>;
