import { describe, expect, test } from 'vitest';
import {
  approvalRefusal,
  awaitsApproval,
  DEFAULT_DUAL_APPROVAL_ABOVE_CENTS,
  mayApprovePayout,
  needsDualApproval,
  parseDualApprovalAbove,
  payoutApprovalMessages,
} from './payout-approval.ts';

describe('four eyes on large payments: which payouts wait', () => {
  test('the default is $5,000.00, and "above" is strict', () => {
    expect(DEFAULT_DUAL_APPROVAL_ABOVE_CENTS).toBe(500_000);
    expect(needsDualApproval(500_000, 500_000)).toBe(false);
    expect(needsDualApproval(500_001, 500_000)).toBe(true);
    expect(needsDualApproval(499_999, 500_000)).toBe(false);
  });

  test.each([
    ['5000', 500_000],
    ['7500.5', 750_050],
    [' 0 ', 0],
    ['5,000', null],
    ['-1', null],
    ['1e4', null],
    ['5000.001', null],
    ['', null],
    ['five thousand', null],
  ])('DUAL_APPROVAL_ABOVE %j -> %j cents', (value, cents) => {
    expect(parseDualApprovalAbove(value)).toBe(cents);
  });

  test('a payout awaits approval only while it needs one and has none', () => {
    expect(awaitsApproval({ approvalRequired: true, approvedBy: null })).toBe(true);
    expect(awaitsApproval({ approvalRequired: true, approvedBy: 'admin-b' })).toBe(false);
    expect(awaitsApproval({ approvalRequired: false, approvedBy: null })).toBe(false);
  });
});

describe('who may approve', () => {
  const waiting = { approvalRequired: true, approvedBy: null, status: 'pending', offerMadeBy: 'admin-a' };

  test('not the admin who made the offer', () => {
    expect(approvalRefusal(waiting, 'admin-a')).toBe('offer-maker');
    expect(mayApprovePayout(waiting, 'admin-a')).toBe(false);
    expect(payoutApprovalMessages['offer-maker']).toBe('You made this offer; another admin must approve its payout.');
  });

  test('another admin may', () => {
    expect(approvalRefusal(waiting, 'admin-b')).toBeNull();
    expect(mayApprovePayout(waiting, 'admin-b')).toBe(true);
  });

  test('an offer with no recorded maker may be approved by any admin', () => {
    expect(approvalRefusal({ ...waiting, offerMadeBy: null }, 'admin-a')).toBeNull();
  });

  test('nobody approves twice, a payout that needs none, or one no longer pending', () => {
    expect(approvalRefusal({ ...waiting, approvedBy: 'admin-b' }, 'admin-b')).toBe('already-approved');
    expect(approvalRefusal({ ...waiting, approvedBy: 'admin-b' }, 'admin-c')).toBe('already-approved');
    expect(approvalRefusal({ ...waiting, approvalRequired: false }, 'admin-b')).toBe('not-required');
    expect(approvalRefusal({ ...waiting, status: 'paid' }, 'admin-b')).toBe('not-pending');
  });

  test('the rails say why they wait', () => {
    expect(payoutApprovalMessages.awaiting).toMatch(/second admin's approval/);
  });
});
