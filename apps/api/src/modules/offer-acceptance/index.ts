// The offer-acceptance module's public face: what other modules, the composition root and the jobs may use.
export { offerAcceptanceRoutes } from './offer-acceptance.routes.ts';
export { payMetReserve } from './pay-met-reserve.ts';
export { reservePayoutJobs } from './reserve-payout.jobs.ts';
