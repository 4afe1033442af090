// The appraisal module's public face: what other modules, the composition root and the jobs may use.
export { appraisalRoutes } from './appraisal.routes.ts';
export { recordReturnDelivered } from './record-return-delivered.ts';
