// The checks module's public face: what other modules, the composition root and the jobs may use.
export { checksRoutes } from './checks.routes.ts';
