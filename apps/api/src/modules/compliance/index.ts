// The compliance module's public face: what other modules, the composition root and the jobs may use.
export { sellerStatementRoutes } from './compliance.routes.ts';
export { complianceAtReceipt, disposeItem, paymentBlockers, submissionComplianceOf } from './compliance.service.ts';
export { kycRoutes } from './kyc/kyc.routes.ts';
export { idNumberContext, latestKycRecord, recordKycCheck } from './kyc/kyc.service.ts';
export { complianceReportsRoutes } from './reports/reports.routes.ts';
export {
  decidePossibleMatch,
  findListOf,
  findScreening,
  listScreeningRows,
  type ScreeningRow,
} from './sanctions/sanctions.repository.ts';
export { sanctionsRoutes } from './sanctions/sanctions.routes.ts';
export { holdPayoutOnSanctionsMatch, syncSellerHolds } from './sanctions/screening.service.ts';
