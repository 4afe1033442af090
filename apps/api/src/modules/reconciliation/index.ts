// The reconciliation module's public face: what other modules, the composition root and the jobs may use.
export { reconciliationRoutes } from './reconciliation.routes.ts';
