// The business module's public face: what other modules, the composition root and the jobs may use.
export { businessRoutes } from './business.routes.ts';
export { publishedBusiness } from './business.service.ts';
