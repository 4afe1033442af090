// The webhooks module's public face: what other modules, the composition root and the jobs may use.
export { webhooksJobs } from './webhooks.jobs.ts';
export { webhooksRoutes } from './webhooks.routes.ts';
