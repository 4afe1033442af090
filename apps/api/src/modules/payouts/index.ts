// The payouts module's public face: what other modules, the composition root and the jobs may use.
// The rails that carry a payout out (checks, ACH, PayPal) are modules/payout-rails; accepting an
// offer, which records a payout, is the workflow modules/offer-acceptance.
export { recordHandoverGivenUp } from './payout-handover-record.ts';
export { findTransaction, listPayoutsAwaitingRail, type TransactionRow } from './payouts.repository.ts';
export { transactionsRoutes } from './payouts.routes.ts';
export {
  bankDetailsContext,
  findPayout,
  MAX_REFERENCE_LENGTH,
  type PayoutContext,
  payoutMessages,
  payoutStates,
  toTransactionDto,
  transactionOfSubmission,
} from './payout-view.ts';
export { amountsFor, shownDetails } from './payout-choice.ts';
export { movePayout, queueHandover, recordedRailOf } from './move-payout.ts';
export { type NewPayout, recordPayout } from './record-payout.ts';
