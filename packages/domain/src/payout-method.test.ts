import { describe, expect, test } from 'vitest';
import { payoutMethodInfo, payoutMethods } from './payout-method.ts';
import { payoutMethodSchema } from './rule-schemas.ts';

describe('payout methods', () => {
  test('are ach, paypal and check', () => {
    expect(payoutMethods).toEqual(['ach', 'paypal', 'check']);
  });

  // SPEC 9 "Payout timing" and SPEC 2 payout view.
  test.each([
    ['ach', '1-2 business days', 'No fees', true],
    ['paypal', 'Instant', '2.9% + $0.30', false],
    ['check', '5-7 business days', 'No fees', false],
  ] as const)('%s pays in %s with %s', (method, timing, fee, recommended) => {
    expect(payoutMethodInfo[method]).toMatchObject({ timing, fee, recommended });
  });

  test('schema refuses other methods with a sentence', () => {
    expect(payoutMethodSchema.safeParse('wire').error?.issues[0]?.message).toBe(
      'Please choose how you want to be paid: ACH bank transfer, PayPal or paper check.',
    );
  });
});
