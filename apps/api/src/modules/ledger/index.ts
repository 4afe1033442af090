// The ledger module's public face: what other modules, the composition root and the jobs may use.
export { type AccountSums, sumLedgerByPayoutAndAccount } from './ledger.repository.ts';
export { ledgerRoutes } from './ledger.routes.ts';
export { ledgerReconciliationSchema } from './ledger.schemas.ts';
export {
  asLedgerConflict,
  LedgerConflict,
  ledgerRailOf,
  linesFromSums,
  postGoodwillOwed,
  postOfferAccepted,
  postPayoutMove,
  postRefinerSettlement,
  postPoliceSurrender,
} from './ledger.service.ts';
