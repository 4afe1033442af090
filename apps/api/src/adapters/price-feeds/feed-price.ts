// The one check every real feed applies to every price it reads: a JSON number or numeric text,
// above zero and below a sane ceiling (spotPriceFromFeed), turned into a 4-decimal string.
import { spotPriceFromFeed } from '@assay/domain';
import { z } from 'zod';

export const feedPriceSchema = z.unknown().transform((value, ctx) => {
  if (value === undefined || value === null) {
    ctx.addIssue({ code: 'custom', message: 'the price is missing' });
    return z.NEVER;
  }
  const price = spotPriceFromFeed(value);
  if (price === null) {
    ctx.addIssue({ code: 'custom', message: `the price ${JSON.stringify(value) ?? String(value)} is not a positive amount` });
    return z.NEVER;
  }
  return price;
});

/** "gold: the price is missing; silver: ..." from a zod error, for the admin's failure message. */
export function describeIssues(error: z.ZodError): string {
  return error.issues
    .map((issue) => (issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message))
    .join('; ');
}
