// The tax-reporting view's public face: the year-end seller list's routes.
export { taxReportingRoutes } from './tax-reporting.routes.ts';
