// What the compliance rules need from the environment: the business's calendar and how alike a
// name must be to a listed one to hold a payout.
import { DEFAULT_RECORDS_RETENTION_YEARS, DEFAULT_TAX_REPORTING_THRESHOLD_CENTS, dollarsToCents } from '@assay/domain';
import { z } from 'zod';
import { emptyToUndefined } from './env.ts';

/** SANCTIONS_MATCH_THRESHOLD unset: a Jaro-Winkler similarity of at least this is a possible match. */
export const DEFAULT_SCREENING_THRESHOLD = 0.92;

export const complianceEnv = {
  // The business's own calendar: compliance hold periods end at midnight there, and a report's
  // "day of purchases" is that day (DECISIONS "Compliance").
  BUSINESS_TIME_ZONE: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .refine(isTimeZone, { message: 'BUSINESS_TIME_ZONE must be an IANA time zone such as America/New_York' })
      .default('America/New_York'),
  ),
  // Sanctions screening (DECISIONS "Compliance"): a seller's name at least this similar (Jaro-Winkler,
  // 0..1) to a listed name or alias holds the payout for an appraiser's decision.
  SANCTIONS_MATCH_THRESHOLD: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number()
      .gt(0.5, 'SANCTIONS_MATCH_THRESHOLD must be above 0.5 (lower matches nearly every name)')
      .max(1, 'SANCTIONS_MATCH_THRESHOLD must be at most 1')
      .default(DEFAULT_SCREENING_THRESHOLD),
  ),
  // The year-end seller list (packages/domain tax-year-report.ts): sellers paid at least this much
  // (dollars, exact to the cent) in a calendar year are listed for the accountant's information returns.
  TAX_REPORTING_THRESHOLD: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .optional()
      .transform((value, issue) => {
        if (value === undefined) return DEFAULT_TAX_REPORTING_THRESHOLD_CENTS;
        const cents = dollarsToCents(value);
        if (cents === null) {
          issue.addIssue({
            code: 'custom',
            message: 'TAX_REPORTING_THRESHOLD must be an amount in dollars, like 600 or 2000.00 (no sign, commas or symbol)',
          });
          return z.NEVER;
        }
        return cents;
      }),
  ),
  // Records retention (packages/domain retention.ts): years a finished submission with no stored
  // rule keeps its personal data, and the floor under every rule's own years.
  RECORDS_RETENTION_YEARS: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number()
      .int('RECORDS_RETENTION_YEARS must be a whole number of years')
      .min(1, 'RECORDS_RETENTION_YEARS must be at least 1')
      .max(100, 'RECORDS_RETENTION_YEARS must be at most 100')
      .default(DEFAULT_RECORDS_RETENTION_YEARS),
  ),
  RECORDS_RETENTION_MINIMUM_YEARS: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number()
      .int('RECORDS_RETENTION_MINIMUM_YEARS must be a whole number of years')
      .min(1, 'RECORDS_RETENTION_MINIMUM_YEARS must be at least 1')
      .max(100, 'RECORDS_RETENTION_MINIMUM_YEARS must be at most 100')
      .default(3),
  ),
};

/** Whether Intl knows the zone (every IANA name Node's ICU carries). */
function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}
