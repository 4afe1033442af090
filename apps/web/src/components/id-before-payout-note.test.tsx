// Why an ID check stands before the payout, as the seller reads it: the offer's size first, then
// the seller's state rule (the flag is set for it too), then an appraiser's request.
import { describe, expect, test } from 'vitest';
import type { SubmissionCompliance } from '@assay/domain';
import { idCheckReason, idCheckReasonText } from './id-before-payout-note';

const florida: SubmissionCompliance = {
  identityRequired: true,
  identityVerified: false,
  statementRequired: true,
  statementSigned: false,
  reason: 'Florida law (Fla. Stat. 538.31-538.37) requires your ID and a signed statement before we can pay you.',
};
const noRule: SubmissionCompliance = { ...florida, identityRequired: false, statementRequired: false, reason: null };

describe('idCheckReason', () => {
  test('above $10,000 the amount is the reason, whatever the state', () => {
    expect(idCheckReason({ finalOffer: '10000.01', requiresKyc: true, compliance: florida })).toBe('above-threshold');
  });

  test("a Florida seller's flagged offer below $10,000 is the state's law, not an appraiser's request", () => {
    const reason = idCheckReason({ finalOffer: '450.00', requiresKyc: true, compliance: florida });
    expect(reason).toBe('rule');
    expect(idCheckReasonText(reason!)).toBe('the law for your state');
  });

  test("where no rule asks, a flag below $10,000 is the appraiser's request; no flag, no check", () => {
    expect(idCheckReason({ finalOffer: '450.00', requiresKyc: true, compliance: noRule })).toBe('requested');
    expect(idCheckReason({ finalOffer: '450.00', requiresKyc: false, compliance: noRule })).toBeNull();
    expect(idCheckReason({ finalOffer: '450.00', requiresKyc: false, compliance: null })).toBeNull();
  });
});
