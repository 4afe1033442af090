// PUT /api/submissions/{id}, admin only (SPEC 7): an offer, the weighed weight, internal notes
// and a status. Form inputs arrive as text, JSON clients send numbers; both are accepted and
// normalised here so the service sees one shape: the offer as a 2-decimal string, the weight as
// a number. Whether the status change itself is allowed is the status machine's job.
import { z } from 'zod';
import { validationMessages } from '../messages.ts';
import { centsToDecimalString, dollarsToCents } from '../money.ts';
import { formatBound, MAX_OFFER_DOLLARS, MAX_WEIGHT_ANY_UNIT } from '../number-bounds.ts';
import { offerLinesSchema } from '../offer-lines.ts';
import { submissionStatusSchema } from '../submission-status.ts';
import {
  MIN_WEIGHT_GRAMS,
  readWeight,
  validateCalculatorWeight,
  WEIGHT_DECIMALS,
  weightMessages,
  type WeightUnit,
} from '../weight.ts';

/** $10,000,000.00: no single parcel we buy is worth more; anything above is a typo. */
export const MAX_OFFER_CENTS = MAX_OFFER_DOLLARS * 100;
export const MAX_ADMIN_NOTES_LENGTH = 5000;

const isBlank = (value: string | number) => typeof value === 'string' && value.trim() === '';

export const finalOfferSchema = z
  .union(
    [
      z.string(),
      z
        .number()
        .min(0, 'The final offer must be more than $0.00.')
        .max(MAX_OFFER_DOLLARS, `The final offer cannot be more than ${formatBound(MAX_OFFER_DOLLARS, true)}.`),
    ],
    { error: 'The final offer must be an amount in dollars, like 1250.00.' },
  )
  .transform((value, ctx) => {
    if (isBlank(value)) {
      ctx.addIssue({ code: 'custom', message: validationMessages.offerAndWeight });
      return z.NEVER;
    }
    const cents = dollarsToCents(String(value));
    if (cents === null) {
      ctx.addIssue({
        code: 'custom',
        message: 'The final offer must be an amount in dollars with at most 2 decimals, like 1250.00.',
      });
    } else if (cents <= 0) {
      ctx.addIssue({ code: 'custom', message: 'The final offer must be more than $0.00.' });
    } else if (cents > MAX_OFFER_CENTS) {
      ctx.addIssue({ code: 'custom', message: `The final offer cannot be more than ${formatBound(MAX_OFFER_DOLLARS, true)}.` });
    } else {
      return centsToDecimalString(cents);
    }
    return z.NEVER;
  });

function actualWeightMessage(problem: string): string {
  switch (problem) {
    case weightMessages.zero:
    case weightMessages.negative:
      return 'The actual weight must be greater than zero.';
    case weightMessages.tooSmall:
      return `The actual weight is too small to weigh; the least we accept is ${MIN_WEIGHT_GRAMS} g.`;
    case weightMessages.tooPrecise:
      return `The actual weight can have at most ${WEIGHT_DECIMALS} decimal places.`;
    case weightMessages.tooLarge:
      return 'The actual weight is too large; the most we accept is 100 kg.';
    default:
      return 'The actual weight must be a number.';
  }
}

/**
 * What is wrong with the weighed weight, in the submission's unit; null when it is fine. The body
 * does not carry the unit, so the route's schema checks the most lenient limits and the service
 * (and the offer form, which knows the unit) check again with it.
 */
export function actualWeightProblem(weight: unknown, unit?: WeightUnit): string | null {
  const problem = validateCalculatorWeight(weight, unit);
  return problem === null ? null : actualWeightMessage(problem);
}

/** The weighed weight as a number, checked against the limits of `unit` when it is known. */
export function actualWeightSchemaFor(unit?: WeightUnit) {
  const weightNumber = z
    .number()
    .min(0, actualWeightMessage(weightMessages.negative))
    .max(MAX_WEIGHT_ANY_UNIT, actualWeightMessage(weightMessages.tooLarge));
  return z.union([z.string(), weightNumber], { error: 'The actual weight must be a number.' }).transform((value, ctx) => {
    if (isBlank(value)) {
      ctx.addIssue({ code: 'custom', message: validationMessages.offerAndWeight });
      return z.NEVER;
    }
    const problem = actualWeightProblem(value, unit);
    const weight = readWeight(value);
    if (!problem && weight !== null) return weight;
    ctx.addIssue({ code: 'custom', message: problem ?? actualWeightMessage(weightMessages.notANumber) });
    return z.NEVER;
  });
}

export const actualWeightSchema = actualWeightSchemaFor();

export const updateSubmissionSchema = z
  .object({
    finalOffer: finalOfferSchema.optional(),
    actualWeight: actualWeightSchema.optional(),
    adminNotes: z
      .string({ error: 'Notes must be text.' })
      .trim()
      .max(MAX_ADMIN_NOTES_LENGTH, `Notes can be at most ${MAX_ADMIN_NOTES_LENGTH} characters.`)
      .nullable()
      .optional(),
    status: submissionStatusSchema.optional(),
    /**
     * An itemised offer (DECISIONS "The honest offer"): its lines make the offer, and finalOffer,
     * when sent too, must be their sum; actualWeight defaults to the lines' weights added up.
     */
    offerLines: offerLinesSchema.optional(),
  })
  .superRefine((body, ctx) => {
    if (body.status === 'offered' && body.offerLines === undefined) {
      if (body.finalOffer === undefined) {
        ctx.addIssue({ code: 'custom', message: validationMessages.offerAndWeight, path: ['finalOffer'] });
      }
      if (body.actualWeight === undefined) {
        ctx.addIssue({ code: 'custom', message: validationMessages.offerAndWeight, path: ['actualWeight'] });
      }
    }
    const changes = [body.finalOffer, body.actualWeight, body.adminNotes, body.status, body.offerLines];
    if (changes.every((value) => value === undefined)) {
      ctx.addIssue({
        code: 'custom',
        message: 'Nothing to update: send a final offer, actual weight, notes or status.',
      });
    }
  });

/** What the admin form sends. */
export type UpdateSubmissionInput = z.input<typeof updateSubmissionSchema>;
/** What the route receives: finalOffer as "1250.00", actualWeight as a number. */
export type UpdateSubmissionBody = z.output<typeof updateSubmissionSchema>;
