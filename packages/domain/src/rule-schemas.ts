// The zod schemas of the rule modules (item types, payout methods and statuses, payout rates, the
// business identity), kept apart from the rules themselves: a page that needs only a rule (the
// landing page's badges, labels and percent ranges) then does not load zod (issue 15 budget).
import { z } from 'zod';
import { compareExact, formatExact, roundExact } from './exact-decimal.ts';
import { itemTypes } from './item-type.ts';
import { payoutStatuses } from './payout-lifecycle.ts';
import { type PayoutMethod, payoutMethods, payoutRails } from './payout-method.ts';
import { parsePercent } from './payout-rates.ts';

export const itemTypeSchema = z.enum(itemTypes, { error: 'Please choose a metal or gem from the list.' });

export const payoutMethodSchema = z.enum(payoutMethods, {
  error: 'Please choose how you want to be paid: ACH bank transfer, PayPal or paper check.',
});

export const payoutStatusSchema = z.enum(payoutStatuses, {
  error: 'Status must be one of pending, processing, paid, failed, returned or unclaimed.',
});

const percentText = (what: string) =>
  z
    .string({ error: `${what} must be a percent from 0 to 100, like "85.50".` })
    .refine(
      (text) => parsePercent(text) !== null,
      `${what} must be a percent from 0 to 100 with at most 2 decimals, like "85.50".`,
    )
    .transform((text) => formatExact(roundExact(parsePercent(text)!, 2)));

export const payoutRateInputSchema = z
  .object({ minPercent: percentText('The minimum'), maxPercent: percentText('The maximum') })
  .refine(
    (rate) => {
      const [min, max] = [parsePercent(rate.minPercent), parsePercent(rate.maxPercent)];
      // A malformed field already has its own message.
      return !min || !max || compareExact(min, max) <= 0;
    },
    {
      message: 'The minimum cannot be above the maximum.',
      path: ['minPercent'],
    },
  );

/** The public identity: GET /api/business, the About page, the landing page's badges, e-mails. */
export const businessIdentitySchema = z.object({
  legalName: z.string(),
  /** One line: "Name, Street, [Suite,] City, ST 12345". */
  address: z.string(),
  licences: z.array(z.object({ authority: z.string(), number: z.string() })),
  insurer: z.string(),
  /** The most one parcel is insured for, in cents. */
  insuredLimitCents: z.number().int().nonnegative(),
  appraisers: z.array(z.object({ name: z.string(), credential: z.string() })),
  /**
   * The guaranteed floor's published terms (issue 27 item 2): the floor's share of the quote's low
   * end, in percent, and the goodwill paid with a free return when an offer misses it unexplained.
   */
  guarantee: z.object({ floorPercent: z.number().int().min(1).max(100), goodwillCents: z.number().int().nonnegative() }),
  /** True when these are the fictional demo/development values, not a real business. */
  example: z.boolean(),
  /**
   * The state parcels are received in (the vault): its rule is weighed with the seller's, so the
   * web states the rule before shipping from the same combination the payment gate uses.
   */
  receivingState: z.string().length(2).optional(),
  /**
   * Which rail carries each payout method here (payoutRailsFor): what the payout page promises. An
   * object of the three methods rather than a record, so that OpenAPI (and the web's types made
   * from it) names each key instead of "any string".
   */
  payoutRails: z
    .object({ ach: z.enum(payoutRails), paypal: z.enum(payoutRails), check: z.enum(payoutRails) } satisfies Record<
      PayoutMethod,
      unknown
    >)
    .optional(),
});
export type BusinessIdentity = z.infer<typeof businessIdentitySchema>;
