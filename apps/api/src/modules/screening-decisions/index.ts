// The screening-decisions module's public face: what other modules, the composition root and the jobs may use.
export { screeningDecisionsRoutes } from './screening-decisions.routes.ts';
