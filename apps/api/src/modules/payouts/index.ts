// The payouts module's public face: what other modules, the composition root and the jobs may use.
// The rails that carry a payout out (checks, ACH, PayPal) are modules/payout-rails.
export { recordHandoverGivenUp } from './payout-handover-record.ts';
export { findTransaction, listPayoutsAwaitingRail, type TransactionRow } from './payouts.repository.ts';
export { transactionsRoutes } from './payouts.routes.ts';
export {
  bankDetailsContext,
  findPayout,
  MAX_REFERENCE_LENGTH,
  payoutStates,
  toTransactionDto,
  transactionOfSubmission,
} from './payout-view.ts';
export { movePayout, queueHandover } from './move-payout.ts';
