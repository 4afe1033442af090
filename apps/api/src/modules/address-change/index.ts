// The address-change module's public face: what other modules, the composition root and the jobs may use.
export { addressChangeRoutes } from './address-change.routes.ts';
