// The three ways we pay (SPEC 2 "Payout view", SPEC 9 payout timing). Their promises are shown
// to people deciding how to be paid, so the wording lives in one place.
export const payoutMethods = ['ach', 'paypal', 'check'] as const;
export type PayoutMethod = (typeof payoutMethods)[number];

export function isPayoutMethod(value: unknown): value is PayoutMethod {
  return typeof value === 'string' && (payoutMethods as readonly string[]).includes(value);
}

export interface PayoutMethodInfo {
  readonly label: string;
  readonly timing: string;
  readonly fee: string;
  readonly recommended: boolean;
}

export const payoutMethodInfo: Record<PayoutMethod, PayoutMethodInfo> = {
  ach: { label: 'ACH Bank Transfer', timing: '1-2 business days', fee: 'No fees', recommended: true },
  paypal: { label: 'PayPal', timing: 'Instant', fee: '2.9% + $0.30', recommended: false },
  check: { label: 'Paper Check', timing: '5-7 business days', fee: 'No fees', recommended: false },
};
