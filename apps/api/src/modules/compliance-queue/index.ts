// The compliance-queue module's public face: what other modules, the composition root and the jobs may use.
export { complianceQueueRoutes } from './compliance-queue.routes.ts';
