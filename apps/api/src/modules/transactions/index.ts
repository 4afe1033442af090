// The transactions module's public face: what other modules, the composition root and the jobs may use.
export { applyRailReport, type RailReportOutcome } from './payout-handover.service.ts';
export { payoutsJobs } from './payouts.jobs.ts';
export { transactionsRoutes } from './transactions.routes.ts';
export {
  bankDetailsContext,
  findPayout,
  movePayout,
  payoutStates,
  queueHandover,
  toTransactionDto,
  transactionOfSubmission,
} from './transactions.service.ts';
