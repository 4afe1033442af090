// The payout-rates module's public face: what other modules, the composition root and the jobs may use.
export { payoutRatesRoutes } from './payout-rates.routes.ts';
export { currentPayoutRates, publishedPayoutRates } from './payout-rates.service.ts';
