// The admins' reconciliation (issue 12 item 6): each payout's rail state, as the transactions
// module keeps it, against what its ledger lines say, judged by the domain's reconcilePayout. It
// is empty when every payout agrees, which every journey must leave it.
import {
  type LedgerPayoutStatus,
  type PayoutRail,
  type PayoutStatus,
  reconcilePayout,
  centsToDecimalString,
} from '@assay/domain';
import type { DbOrTx } from '../../db/client.ts';
import { payoutStates } from '../payouts/index.ts';
import { type AccountSums, ledgerRailOf, linesFromSums, sumLedgerByPayoutAndAccount } from '../ledger/index.ts';

export interface PayoutDisagreement {
  transactionId: string;
  submissionId: string;
  status: PayoutStatus;
  rail: PayoutRail;
  amount: string;
  /** The domain's sentence: what the rail says against what the ledger shows. */
  reason: string;
}

/** Payouts whose rail state and ledger disagree, oldest first; [] when all agree. */
export async function ledgerReconciliation(db: DbOrTx): Promise<PayoutDisagreement[]> {
  const [payouts, sums] = await Promise.all([payoutStates(db), sumLedgerByPayoutAndAccount(db)]);
  const sumsOf = new Map<string, AccountSums[]>();
  for (const { transactionId, ...sum } of sums) sumsOf.set(transactionId, [...(sumsOf.get(transactionId) ?? []), sum]);
  const disagreements: PayoutDisagreement[] = [];
  for (const payout of payouts) {
    const base = {
      transactionId: payout.id,
      submissionId: payout.submissionId,
      status: payout.status,
      rail: payout.rail,
      amount: centsToDecimalString(payout.amount),
    };
    const result = reconcilePayout({
      railStatus: payout.status as LedgerPayoutStatus,
      amountCents: payout.amount,
      lines: linesFromSums(sumsOf.get(payout.id) ?? []),
      rail: ledgerRailOf(payout.rail),
    });
    if (!result.agrees) disagreements.push({ ...base, reason: result.reason });
  }
  return disagreements;
}
