// The payout rails' public face: how a payout leaves us once recorded (checks mailed, ACH batches in
// Nacha files, PayPal Payouts handed over by a job), for the composition root, the jobs and the
// webhook workflow.
export { achBatchesRoutes } from './ach/ach-batches.routes.ts';
export { checksRoutes } from './checks/checks.routes.ts';
export { payoutsJobs } from './paypal/payout-handover.jobs.ts';
export { applyRailReport, type RailReportOutcome } from './paypal/payout-handover.service.ts';
