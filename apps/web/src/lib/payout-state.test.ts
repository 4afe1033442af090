import { describe, expect, test } from 'vitest';
import { aTransaction } from '@/testing/fixtures';
import { payoutPromiseLine, payoutStateLine } from './payout-state';

describe("the payout's state in one sentence", () => {
  test('paid by hand, with its reference; returned with the bank reason', () => {
    expect(
      payoutStateLine(aTransaction({ status: 'paid', reference: 'ACH-0412', statusChangedAt: '2026-11-23T15:00:00.000Z' })),
    ).toBe('Paid Nov 23 by ACH, reference ACH-0412.');
    expect(
      payoutStateLine(
        aTransaction({
          status: 'returned',
          rail: 'ach-file',
          statusReason: 'account closed (R02)',
          statusChangedAt: '2026-11-25T15:00:00.000Z',
        }),
      ),
    ).toBe('Returned Nov 25 by your bank: account closed (R02). Please give new payout details.');
  });

  test('a state or rail the lifecycle does not know gives nothing rather than a wrong sentence', () => {
    expect(payoutStateLine(aTransaction({ status: 'sent' }))).toBeNull();
    expect(payoutStateLine(aTransaction({ rail: 'carrier-pigeon' }))).toBeNull();
  });

  test('a large payout waiting for a second admin says so to the seller, and promises no rail time yet', () => {
    const waiting = aTransaction({ status: 'pending', rail: 'ach-file', awaitingApproval: true });
    expect(payoutStateLine(waiting)).toBe(
      'Being approved: a large payout is checked by a second member of our team before it is sent.',
    );
    expect(payoutPromiseLine(waiting)).toBeNull();
    expect(payoutPromiseLine({ ...waiting, awaitingApproval: false })).not.toBeNull();
  });
});
