// The submission-detail module's public face: what other modules, the composition root and the jobs may use.
export { submissionDetailRoutes } from './submission-detail.routes.ts';
