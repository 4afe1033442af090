import { describe, expect, test } from 'vitest';
import {
  canFirePayoutTransition,
  needsNewPayoutDetails,
  payoutRetryNotice,
  payoutStateText,
  payoutStatuses,
  payoutTargetsFrom,
  payoutTransitionRefusal,
  payoutTransitions,
  readPayoutStateText,
} from './payout-lifecycle.ts';

describe('the payout lifecycle', () => {
  test('the moves a payout can make, derived from the named transitions', () => {
    expect(Object.fromEntries(payoutStatuses.map((s) => [s, payoutTargetsFrom(s)]))).toEqual({
      pending: ['processing', 'paid', 'failed'],
      processing: ['paid', 'failed', 'returned', 'unclaimed'],
      paid: ['returned'],
      failed: ['pending'],
      returned: ['pending'],
      unclaimed: ['pending'],
    });
  });

  test('no transition keeps the status it starts from', () => {
    for (const t of Object.values(payoutTransitions)) expect(t.from as readonly string[]).not.toContain(t.to);
  });

  test('a retry is only for a payout that did not reach the seller, and needs new details', () => {
    expect(canFirePayoutTransition('returned', 'retry')).toBe(true);
    expect(canFirePayoutTransition('paid', 'retry')).toBe(false);
    expect(canFirePayoutTransition('pending', 'retry')).toBe(false);
    expect(needsNewPayoutDetails('unclaimed')).toBe(true);
    expect(needsNewPayoutDetails('processing')).toBe(false);
  });

  test('a refused move is said in the words of the states', () => {
    expect(payoutTransitionRefusal('paid', 'confirmPaid')).toBe('This payout is "Paid", so it cannot become "Paid".');
    expect(payoutTransitionRefusal('failed', 'handToRail')).toBe('This payout is "Failed", so it cannot become "On its way".');
  });
});

describe('what the seller reads', () => {
  const at = new Date('2026-11-23T15:00:00.000Z');

  test('each state with its date, rail, reference and reason', () => {
    expect(payoutStateText({ status: 'processing', rail: 'ach-file', method: 'ach', at, reference: '091000010000412' })).toBe(
      'Sent Nov 23 by ACH, trace number 091000010000412.',
    );
    expect(payoutStateText({ status: 'paid', rail: 'ach-file', method: 'ach', at, reference: '091000010000412' })).toBe(
      'Paid Nov 23 by ACH, trace number 091000010000412.',
    );
    // PayPal's payout item while on its way, its transaction id once PayPal says it succeeded.
    expect(payoutStateText({ status: 'processing', rail: 'paypal', method: 'paypal', at, reference: 'HQST93QK' })).toBe(
      'Sent Nov 23 by PayPal, payout item HQST93QK.',
    );
    expect(payoutStateText({ status: 'paid', rail: 'manual', method: 'ach', at, reference: 'ACH-0412' })).toBe(
      'Paid Nov 23 by ACH, reference ACH-0412.',
    );
    // Sent by hand, it is on its way until the provider's confirmation is recorded (decision 034).
    expect(payoutStateText({ status: 'processing', rail: 'manual', method: 'paypal', at, reference: '5TY0' })).toBe(
      'Sent Nov 23 by PayPal, reference 5TY0; marked paid once PayPal confirms it.',
    );
    expect(payoutStateText({ status: 'processing', rail: 'manual', method: 'ach', at, reference: 'W-77' })).toBe(
      'Sent Nov 23 by ACH, reference W-77; marked paid once the bank confirms it.',
    );
    expect(payoutStateText({ status: 'pending', rail: 'manual', method: 'paypal', at })).toBe(
      'Waiting to be sent by PayPal (since Nov 23).',
    );
    expect(payoutStateText({ status: 'returned', rail: 'ach-file', method: 'ach', at, reason: 'account closed (R02)' })).toBe(
      'Returned Nov 23 by your bank: account closed (R02). Please give new payout details.',
    );
    expect(payoutStateText({ status: 'unclaimed', rail: 'paypal', method: 'paypal', at })).toBe(
      'Not claimed on PayPal by Nov 23. Please give new payout details.',
    );
    expect(payoutStateText({ status: 'failed', rail: 'check', method: 'check', at, reason: 'check voided' })).toBe(
      'Could not be paid Nov 23: check voided. Please give new payout details.',
    );
    expect(payoutStateText({ status: 'processing', rail: 'check', method: 'check', at, reference: '1001' })).toBe(
      'Check 1001 printed Nov 23; we mail it within 1 business day.',
    );
    expect(payoutStateText({ status: 'paid', rail: 'check', method: 'check', at, reference: 'Check 1001' })).toBe(
      'Paid by check 1001, mailed Nov 23; it usually arrives in 5-7 business days.',
    );
    expect(
      payoutStateText({ status: 'returned', rail: 'check', method: 'check', at, reason: 'Check 1001 voided: never arrived' }),
    ).toBe('Check stopped Nov 23: Check 1001 voided: never arrived. Please give new payout details.');
  });
});

describe('asking for new details', () => {
  test('says who sent the payment back and why, only while new details are needed', () => {
    expect(payoutRetryNotice({ status: 'returned', method: 'ach', reason: 'account closed (R02)' })).toBe(
      'Your bank returned the payment: account closed (R02).',
    );
    expect(payoutRetryNotice({ status: 'returned', method: 'paypal' })).toBe('PayPal returned the payment.');
    expect(payoutRetryNotice({ status: 'returned', method: 'check', reason: 'Check 1001 voided: never arrived' })).toBe(
      'We stopped the check: Check 1001 voided: never arrived.',
    );
    expect(payoutRetryNotice({ status: 'failed', method: 'paypal', reason: 'the receiver is blocked' })).toBe(
      'We could not send your payment: the receiver is blocked.',
    );
    expect(payoutRetryNotice({ status: 'unclaimed', method: 'paypal' })).toBe('The PayPal payment was not claimed.');
    for (const status of ['pending', 'processing', 'paid']) {
      expect(payoutRetryNotice({ status, method: 'ach', reason: 'x' })).toBeNull();
      expect(needsNewPayoutDetails(status)).toBe(false);
    }
  });
});

describe('the state sentence from values read back as text', () => {
  const at = new Date('2026-11-23T15:00:00.000Z');
  test('known values give the sentence; an unknown status, rail or method gives nothing', () => {
    expect(readPayoutStateText({ status: 'paid', rail: 'paypal', method: 'paypal', at, reference: 'PP-1' })).toBe(
      'Paid Nov 23 by PayPal, transaction ID PP-1.',
    );
    expect(readPayoutStateText({ status: 'sent', rail: 'manual', method: 'ach', at })).toBeNull();
    expect(readPayoutStateText({ status: 'paid', rail: 'pigeon', method: 'ach', at })).toBeNull();
    expect(readPayoutStateText({ status: 'paid', rail: 'manual', method: 'cash', at })).toBeNull();
    expect(readPayoutStateText({ status: undefined, rail: 'manual', method: 'ach', at })).toBeNull();
  });
});
