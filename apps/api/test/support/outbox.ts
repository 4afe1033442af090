// Delivers what the outbox holds now, as the delivery jobs would, so a test can read the e-mails
// at once instead of waiting for the job engine (which tests do not run).
import { type DeliveryResult, deliverPendingEmails, mailSenderOf } from '../../src/modules/notifications/outbox.service.ts';
import type { TestApp } from './test-app.ts';

/** Null when the app has no SMTP transport: e-mails then stay in the outbox. */
export async function flushOutbox(t: TestApp): Promise<DeliveryResult | null> {
  const transport = t.app.ctx.mail;
  if (!transport) return null;
  return deliverPendingEmails(t.db, transport, mailSenderOf(t.config));
}
