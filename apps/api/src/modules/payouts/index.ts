// The payouts module's public face: what other modules, the composition root and the jobs may use.
export { achBatchesRoutes } from './ach-batches.routes.ts';
