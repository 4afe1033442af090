// The pricing module's public face: what other modules, the composition root and the jobs may use.
export { pricingJobs } from './pricing.jobs.ts';
export { pricingRoutes } from './pricing.routes.ts';
export { type PriceHistoryEntry, PricingService, recordPriceHistory } from './pricing.service.ts';
export { lockPricesAt, priceLockOf, priceLocksOf } from './price-locks.ts';
