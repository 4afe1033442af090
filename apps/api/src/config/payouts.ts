// Paying sellers, whatever the rail: the amount above which a second admin approves, and the
// check register's first number.
import {
  CHECK_NUMBER_MAX,
  DEFAULT_DUAL_APPROVAL_ABOVE_CENTS,
  DEFAULT_FIRST_CHECK_NUMBER,
  parseDualApprovalAbove,
} from '@assay/domain';
import { z } from 'zod';
import { emptyToUndefined } from './env.ts';

export const payoutsEnv = {
  // Four eyes on large payments (DECISIONS "Staff and demo safety"): dollars, exact to the cent; a
  // payout above it waits for a second admin, not the offer's maker, before any rail takes it.
  DUAL_APPROVAL_ABOVE: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .optional()
      .transform((value, issue) => {
        if (value === undefined) return DEFAULT_DUAL_APPROVAL_ABOVE_CENTS;
        const cents = parseDualApprovalAbove(value);
        if (cents === null) {
          issue.addIssue({
            code: 'custom',
            message: 'DUAL_APPROVAL_ABOVE must be an amount in dollars, like 5000 or 7500.50 (no sign, commas or symbol)',
          });
          return z.NEVER;
        }
        return cents;
      }),
  ),
  // The number the check register starts from (the first check of the bank's pre-numbered stock).
  CHECK_FIRST_NUMBER: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: 'CHECK_FIRST_NUMBER must be a whole number from 1 to 99999999' })
      .int('CHECK_FIRST_NUMBER must be a whole number from 1 to 99999999')
      .min(1, 'CHECK_FIRST_NUMBER must be a whole number from 1 to 99999999')
      .max(CHECK_NUMBER_MAX, 'CHECK_FIRST_NUMBER must be a whole number from 1 to 99999999')
      .default(DEFAULT_FIRST_CHECK_NUMBER),
  ),
};
