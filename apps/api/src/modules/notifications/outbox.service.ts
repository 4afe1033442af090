// Delivers the outbox over SMTP. An e-mail is tried up to MAX_ATTEMPTS times; between tries it
// waits for its claim to go stale, which doubles as the retry delay.
import type { MailTransport } from '../../adapters/mail/mail-transport.ts';
import type { Db } from '../../db/client.ts';
import { claimPendingEmails, markEmailFailed, markEmailSent } from './outbox.repository.ts';

export const MAX_EMAIL_ATTEMPTS = 5;
export const RETRY_AFTER_MS = 2 * 60_000;
const BATCH = 20;

export interface DeliveryResult {
  sent: number;
  failed: number;
}

export async function deliverPendingEmails(
  db: Db,
  transport: MailTransport,
  from: string,
  now: () => Date = () => new Date(),
): Promise<DeliveryResult> {
  const at = now();
  const claimed = await claimPendingEmails(db, {
    limit: BATCH,
    maxAttempts: MAX_EMAIL_ATTEMPTS,
    now: at,
    staleBefore: new Date(at.getTime() - RETRY_AFTER_MS),
  });
  const result: DeliveryResult = { sent: 0, failed: 0 };
  for (const email of claimed) {
    try {
      await transport.send({ from, to: email.toAddress, subject: email.subject, text: email.textBody });
      await markEmailSent(db, email.id);
      result.sent += 1;
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      await markEmailFailed(db, email.id, message, email.attempts >= MAX_EMAIL_ATTEMPTS);
      result.failed += 1;
    }
  }
  return result;
}
