// The admin-mailbox module's public face: what other modules, the composition root and the jobs may use.
export { mailboxCountsJobs } from './admin-mailbox.counts.jobs.ts';
export { adminMailboxRoutes } from './admin-mailbox.routes.ts';
export { adminSubmissionOf } from './admin-mailbox.service.ts';
export { itemDispositionRoutes } from './item-disposition.routes.ts';
