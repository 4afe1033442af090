// Identity verification (DECISIONS "requiresKyc"): a payout of a flagged submission waits until
// the client has sent a photo of an ID with their details and an appraiser has approved them.
// GET /api/kyc answers the status, POST /api/kyc sends the details; appraisers review them.
import { z } from 'zod';
import { idIssuerProblem, normalizeIdIssuer } from '../id-issuer.ts';
import { idSchema } from './common.ts';

export const KYC_MIN_AGE = 18;
export const MAX_FULL_NAME_LENGTH = 200;
export const MAX_REJECTION_REASON_LENGTH = 500;

/** What the payout answers (409, error 'KYC_REQUIRED') while the identity is not verified. */
export const KYC_REQUIRED_MESSAGE = 'Please verify your identity before we can pay out more than $10,000.';

export const idTypes = ['drivers_license', 'passport', 'state_id'] as const;
export type IdType = (typeof idTypes)[number];
export const idTypeLabels: Record<IdType, string> = {
  drivers_license: "Driver's license",
  passport: 'Passport',
  state_id: 'State ID card',
};

export const kycStatuses = ['none', 'pending', 'approved', 'rejected'] as const;
export type KycStatus = (typeof kycStatuses)[number];

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const ISSUER_MESSAGE = 'Please choose who issued your ID: a US state, or for a passport a country.';

/**
 * Whole years between a 'YYYY-MM-DD' birth date and `today` (read in UTC); null when the text is
 * not a real calendar date. Someone born on 29 February turns a year older on 1 March in
 * non-leap years.
 */
export function ageOn(dateOfBirth: string, today: Date): number | null {
  const match = DATE_PATTERN.exec(dateOfBirth);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  const [ty, tm, td] = [today.getUTCFullYear(), today.getUTCMonth() + 1, today.getUTCDate()];
  const beforeBirthday = tm < month || (tm === month && td < day);
  return ty - year - (beforeBirthday ? 1 : 0);
}

/** ID numbers are kept as upper-case letters and digits; spaces and dashes people type are dropped. */
export function normalizeIdNumber(value: string): string {
  return value.replace(/[\s-]/g, '').toUpperCase();
}

/** The fields, each checked on its own; the schema below adds the checks across fields. */
export function kycSubmissionFieldsAt(now: () => Date) {
  return z.object({
    fullName: z
      .string({ error: 'Please enter your full legal name as it appears on your ID.' })
      .trim()
      .min(1, { error: 'Please enter your full legal name as it appears on your ID.', abort: true })
      .max(MAX_FULL_NAME_LENGTH, `Your name can be at most ${MAX_FULL_NAME_LENGTH} characters.`),
    dateOfBirth: z
      .string({ error: 'Please enter your date of birth as YYYY-MM-DD.' })
      .trim()
      .regex(DATE_PATTERN, { error: 'Please enter your date of birth as YYYY-MM-DD.', abort: true })
      .superRefine((value, ctx) => {
        const age = ageOn(value, now());
        if (age === null || age < 0 || age > 130) {
          ctx.addIssue({ code: 'custom', message: 'Please enter a real date of birth.' });
        } else if (age < KYC_MIN_AGE) {
          ctx.addIssue({ code: 'custom', message: `You must be at least ${KYC_MIN_AGE} years old to sell to Assay.` });
        }
      }),
    idType: z.enum(idTypes, { error: "Please choose the type of ID: driver's license, passport or state ID card." }),
    idNumber: z
      .string({ error: 'Please enter the number of your ID.' })
      .transform(normalizeIdNumber)
      .pipe(
        z
          .string()
          .min(1, { error: 'Please enter the number of your ID.', abort: true })
          .regex(/^[A-Z0-9]{4,30}$/, 'The ID number must be 4 to 30 letters and digits.'),
      ),
    /** The state (driver's license, state ID) or country (passport) that issued the ID: see id-issuer.ts. */
    idIssuer: z
      .string({ error: ISSUER_MESSAGE })
      .transform(normalizeIdIssuer)
      // Asked for at once with the other fields; whether it fits the ID type is checked across fields.
      .pipe(z.string().min(1, ISSUER_MESSAGE)),
    /** An image uploaded with purpose 'kyc'; its id or its '/api/objects/<id>' address. */
    idImageId: idSchema('ID photo').transform((value) => value.replace(/^\/api\/objects\//, '').replace(/\?.*$/, '')),
  });
}

/** The issuer must fit the ID type: police reports name the state or country that issued it. */
export function checkIdIssuer(value: { idType: string; idIssuer: string }, ctx: z.RefinementCtx): void {
  // An empty issuer already has the field's own message.
  if (value.idIssuer === '') return;
  const problem = idIssuerProblem(value.idType, value.idIssuer);
  if (problem) ctx.addIssue({ code: 'custom', path: ['idIssuer'], message: problem });
}

/** The schema checks age against the clock at the time of the check. */
export function kycSubmissionSchemaAt(now: () => Date) {
  return kycSubmissionFieldsAt(now).superRefine(checkIdIssuer);
}

export const kycSubmissionFields = kycSubmissionFieldsAt(() => new Date());
export const kycSubmissionSchema = kycSubmissionSchemaAt(() => new Date());
export type KycSubmissionInput = z.input<typeof kycSubmissionSchema>;
export type KycSubmissionBody = z.output<typeof kycSubmissionSchema>;

/** GET /api/kyc. rejectionReason only for 'rejected'; submittedAt of the latest record. */
export const kycStatusResponseSchema = z.object({
  status: z.enum(kycStatuses),
  submittedAt: z.string().nullable(),
  rejectionReason: z.string().nullable(),
});
export type KycStatusResponse = z.infer<typeof kycStatusResponseSchema>;

export const kycSubmitResponseSchema = z.object({ status: z.literal('pending') });

/** An appraiser's decision; a rejection says why, so the client knows what to fix. */
export const kycReviewSchema = z
  .object({
    approve: z.boolean({ error: 'Say whether the verification is approved (true) or rejected (false).' }),
    reason: z
      .string({ error: 'The reason must be text.' })
      .trim()
      .max(MAX_REJECTION_REASON_LENGTH, `Please keep the reason to ${MAX_REJECTION_REASON_LENGTH} characters or fewer.`)
      .optional(),
  })
  .superRefine((review, ctx) => {
    if (review.approve === false && !review.reason) {
      ctx.addIssue({
        code: 'custom',
        path: ['reason'],
        message: 'Please say why the verification is rejected, so the client can fix it.',
      });
    }
  });
export type KycReviewInput = z.input<typeof kycReviewSchema>;
