// The health module's public face: what other modules, the composition root and the jobs may use.
export { healthRoutes } from './health.routes.ts';
