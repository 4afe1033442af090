import { z } from 'zod';
import { payoutMethods, validationMessages, type PayoutMethod } from '@assay/domain';
import { copyIssues } from '@/lib/forms/form-schemas';

/** A blank field just says this; the toast then names the details that are missing. */
export const REQUIRED = 'Required';
export const payoutFields = ['accountName', 'routingNumber', 'accountNumber', 'email'] as const;
export type PayoutField = (typeof payoutFields)[number];
const requiredFields: Record<PayoutMethod, readonly PayoutField[]> = {
  ach: ['accountName', 'routingNumber', 'accountNumber'],
  paypal: ['email'],
  check: [],
};

const flatPayoutValues = z.object({
  payoutMethod: z.enum(payoutMethods),
  accountName: z.string(),
  routingNumber: z.string(),
  accountNumber: z.string(),
  email: z.string(),
});
export type FlatPayoutValues = z.input<typeof flatPayoutValues>;

export const emptyPayoutValues: FlatPayoutValues = {
  payoutMethod: 'ach',
  accountName: '',
  routingNumber: '',
  accountNumber: '',
  email: '',
};

/** The method and its details as the domain's payout schemas read them. */
export type PayoutChoiceInput =
  | { payoutMethod: 'ach'; payoutDetails: { accountName: string; routingNumber: string; accountNumber: string } }
  | { payoutMethod: 'paypal'; payoutDetails: { email: string } }
  | { payoutMethod: 'check'; payoutDetails: { method: 'check' } };

/**
 * A payout form holds the details flat (one field per input) and becomes a request body through a
 * domain schema (`finish`: createTransactionSchema on acceptance, retryPayoutSchema on a retry), so
 * the rules exist once and their messages land on the field they are about.
 */
export function flatPayoutSchema<T>(finish: (choice: PayoutChoiceInput) => z.ZodSafeParseResult<T>) {
  return flatPayoutValues.transform((values, ctx) => {
    const blank = requiredFields[values.payoutMethod].filter((field) => !values[field].trim());
    for (const field of blank) ctx.addIssue({ code: 'custom', path: [field], message: REQUIRED });
    if (blank.length > 0) return z.NEVER;
    const { payoutMethod, accountName, routingNumber, accountNumber, email } = values;
    const choice: PayoutChoiceInput =
      payoutMethod === 'ach'
        ? { payoutMethod, payoutDetails: { accountName, routingNumber, accountNumber } }
        : payoutMethod === 'paypal'
          ? { payoutMethod, payoutDetails: { email } }
          : { payoutMethod, payoutDetails: { method: 'check' } };
    const parsed = finish(choice);
    if (parsed.success) return parsed.data;
    copyIssues(ctx, parsed.error, (path) => {
      const field = path.at(-1);
      return typeof field === 'string' && (payoutFields as readonly string[]).includes(field) ? field : 'payoutMethod';
    });
    return z.NEVER;
  });
}

/** The toast for a form that did not pass: which details are missing, or the first bad one. */
export function invalidPayoutMessage(
  method: PayoutMethod,
  found: Partial<Record<PayoutField | 'payoutMethod', { message?: string }>>,
  fallback: string,
): string {
  const messages = payoutFields.map((field) => found[field]?.message).filter((message) => message !== undefined);
  if (messages.includes(REQUIRED)) return method === 'paypal' ? validationMessages.paypalEmail : validationMessages.bankDetails;
  return messages[0] ?? found.payoutMethod?.message ?? fallback;
}
