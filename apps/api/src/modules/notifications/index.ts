// The notifications module's public face: what other modules, the composition root and the jobs may use.
export { notificationContent, offerNotificationContent, type PayoutDestination } from './email-templates.ts';
export { notificationsRoutes } from './notifications.routes.ts';
export { notify, notifyAdmins } from './notifications.service.ts';
export { outboxJobs } from './outbox.jobs.ts';
export { composeEmail, enqueueEmail, latestEmails, type MailSender, mailSenderOf, type OutgoingEmail } from './outbox.service.ts';
