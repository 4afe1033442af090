import { describe, expect, test } from 'vitest';
import {
  payoutMethodInfo,
  payoutMethods,
  payoutRailsFor,
  payoutTiming,
  payoutTimingSentence,
  railPromise,
} from './payout-method.ts';
import { payoutMethodSchema } from './rule-schemas.ts';

describe('payout methods', () => {
  test('are ach, paypal and check', () => {
    expect(payoutMethods).toEqual(['ach', 'paypal', 'check']);
  });

  // SPEC 2 payout view.
  test.each([
    ['ach', 'No fees', true],
    ['paypal', '2.9% + $0.30', false],
    ['check', 'No fees', false],
  ] as const)('%s costs %s', (method, fee, recommended) => {
    expect(payoutMethodInfo[method]).toMatchObject({ fee, recommended });
  });

  test('schema refuses other methods with a sentence', () => {
    expect(payoutMethodSchema.safeParse('wire').error?.issues[0]?.message).toBe(
      'Please choose how you want to be paid: ACH bank transfer, PayPal or paper check.',
    );
  });
});

describe('which rail carries each method', () => {
  test('ACH in the daily files; PayPal by its API only when configured; checks through the check register', () => {
    expect(payoutRailsFor({ paypalApi: false })).toEqual({ ach: 'ach-file', paypal: 'manual', check: 'check' });
    expect(payoutRailsFor({ paypalApi: true })).toEqual({ ach: 'ach-file', paypal: 'paypal', check: 'check' });
  });
});

// SPEC 9 "Payout timing", where the issue (27 item 7) says more: "Instant" only when no person sends it.
describe('how long each method takes, by the rail configured', () => {
  test.each([
    ['ach', 'ach-file', '1-2 business days'],
    ['ach', 'manual', '1-2 business days'],
    ['check', 'check', '5-7 business days'],
    ['paypal', 'paypal', 'Instant'],
    ['paypal', 'manual', 'Within 24 hours'],
    ['paypal', undefined, 'Within 24 hours'],
  ] as const)('%s on the %s rail: %s', (method, rail, timing) => {
    expect(payoutTiming(method, rail)).toBe(timing);
  });

  test('the sentence never calls a payout a person sends instant', () => {
    expect(payoutTimingSentence('paypal', 'manual')).toBe('PayPal credits a payment as soon as our team sends it.');
    expect(payoutTimingSentence('paypal', 'paypal')).toBe(
      'PayPal Payouts sends PayPal payments within the hour, and PayPal credits them at once.',
    );
    expect(payoutTimingSentence('ach', 'ach-file')).toBe(
      'ACH bank transfers take 1-2 business days to reach your bank once we send them.',
    );
    expect(payoutTimingSentence('check', 'check')).toBe('A paper check takes 5-7 business days to arrive once we mail it.');
    for (const rail of ['manual', undefined] as const) {
      for (const method of payoutMethods) expect(payoutTimingSentence(method, rail).toLowerCase()).not.toContain('instant');
    }
  });

  test('what each rail promises before and after the seller chooses it', () => {
    expect(railPromise('manual', 'paypal')).toBe('Our team sends it within 24 hours; PayPal then credits it at once.');
    expect(railPromise('manual', 'ach')).toBe(
      'Our team sends it within 24 hours; it then reaches your bank in 1-2 business days.',
    );
    expect(railPromise('paypal', 'paypal')).toBe('It is sent by PayPal Payouts within the hour; PayPal credits it at once.');
    expect(railPromise('ach-file', 'ach')).toMatch(/next bank transfer file/);
    expect(railPromise('check', 'check')).toBe(
      'We print and mail the check within 1 business day; it usually arrives in 5-7 business days.',
    );
    // Checks go through the check register whichever rail the payout waits on.
    expect(railPromise('manual', 'check')).toBe(railPromise('check', 'check'));
  });
});
