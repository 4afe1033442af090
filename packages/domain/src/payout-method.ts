// The three ways we pay (SPEC 2 "Payout view", SPEC 9 payout timing) and the rails that carry them.
// Their promises are shown to people deciding how to be paid, and what a method promises depends on
// whether a person or a rail sends it, so the wording lives here, in one place.
export const payoutMethods = ['ach', 'paypal', 'check'] as const;
export type PayoutMethod = (typeof payoutMethods)[number];

export function isPayoutMethod(value: unknown): value is PayoutMethod {
  return typeof value === 'string' && (payoutMethods as readonly string[]).includes(value);
}

/**
 * How the money moves: by hand (an appraiser pays and records the reference), an ACH batch file
 * for the company's bank, PayPal Payouts, or a mailed check.
 */
export const payoutRails = ['manual', 'ach-file', 'paypal', 'check'] as const;
export type PayoutRail = (typeof payoutRails)[number];

export function isPayoutRail(value: string | null | undefined): value is PayoutRail {
  return (payoutRails as readonly string[]).includes(value ?? '');
}

/**
 * Which rail carries each method here: ACH in the daily Nacha files, PayPal by the Payouts API when
 * it is configured (else a person sends it), checks through the check register (printed on the
 * bank's stock, numbered and mailed). What the seller is promised follows from it (payoutTiming,
 * railPromise).
 */
export function payoutRailsFor({ paypalApi }: { paypalApi: boolean }): Record<PayoutMethod, PayoutRail> {
  return { ach: 'ach-file', paypal: paypalApi ? 'paypal' : 'manual', check: 'check' };
}

export interface PayoutMethodInfo {
  readonly label: string;
  readonly fee: string;
  readonly recommended: boolean;
}

export const payoutMethodInfo: Record<PayoutMethod, PayoutMethodInfo> = {
  ach: { label: 'ACH Bank Transfer', fee: 'No fees', recommended: true },
  paypal: { label: 'PayPal', fee: '2.9% + $0.30', recommended: false },
  check: { label: 'Paper Check', fee: 'No fees', recommended: false },
};

/** SPEC 9: how long a bank transfer and a mailed check take once they are sent. */
const ACH_ARRIVES = '1-2 business days';
const CHECK_ARRIVES = '5-7 business days';

/**
 * How long the method takes, on its card and in the FAQ (SPEC 9 "PayPal: instant"). PayPal is
 * "Instant" only when the PayPal Payouts rail sends it with no person in between; when our team
 * sends it by hand (PAYPAL_* not configured) the true promise is the team's 24 hours. Without a
 * known rail (an old page, a failed read) the careful wording is said.
 */
export function payoutTiming(method: PayoutMethod, rail: PayoutRail | null | undefined): string {
  switch (method) {
    case 'ach':
      return ACH_ARRIVES;
    case 'check':
      return CHECK_ARRIVES;
    case 'paypal':
      return rail === 'paypal' ? 'Instant' : 'Within 24 hours';
  }
}

/**
 * What the rail promises, said before and after the seller chooses it: a person sends a manual
 * payout, so it is never "instant" (DECISIONS: texts promise what the rail does).
 */
export function railPromise(rail: PayoutRail, method: PayoutMethod): string {
  // Every check goes through the check register, whichever rail the payout waits on.
  if (method === 'check') return `We print and mail the check within 1 business day; it usually arrives in ${CHECK_ARRIVES}.`;
  switch (rail) {
    case 'manual':
      return method === 'paypal'
        ? 'Our team sends it within 24 hours; PayPal then credits it at once.'
        : `Our team sends it within 24 hours; it then reaches your bank in ${ACH_ARRIVES}.`;
    case 'ach-file':
      return `It goes in our next bank transfer file (every business day); it then reaches your bank in ${ACH_ARRIVES}.`;
    case 'paypal':
      return 'It is sent by PayPal Payouts within the hour; PayPal credits it at once.';
    case 'check':
      return `We print and mail the check within 1 business day; it usually arrives in ${CHECK_ARRIVES}.`;
  }
}

/**
 * The FAQ's and the e-mails' sentence of every method's timing once we send it, for the rails
 * configured here (GET /api/business's payoutRails on the web).
 */
export function payoutTimingSentence(method: PayoutMethod, rail: PayoutRail | null | undefined): string {
  switch (method) {
    case 'ach':
      return `ACH bank transfers take ${ACH_ARRIVES} to reach your bank once we send them.`;
    case 'check':
      return `A paper check takes ${CHECK_ARRIVES} to arrive once we mail it.`;
    case 'paypal':
      return rail === 'paypal'
        ? 'PayPal Payouts sends PayPal payments within the hour, and PayPal credits them at once.'
        : 'PayPal credits a payment as soon as our team sends it.';
  }
}
