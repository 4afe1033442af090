// Delivers the outbox over SMTP. Each e-mail has a delivery job (outbox.jobs.ts) that tries it up
// to MAX_EMAIL_ATTEMPTS times with a growing pause, then gives it up ('failed'). A claim on the row
// makes every path send an e-mail at most once, however often its job runs. deliverPendingEmails
// is the batch path (what tests deliver with): it retries once a claim is RETRY_AFTER_MS old.
import { MailSendError, type MailTransport } from '../../adapters/mail/mail-transport.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { markOutsideEffect } from '../../db/transaction-retry.ts';
import { enqueue } from '../../jobs/enqueue.ts';
import { whileDatabaseUnavailable } from '../../lib/database-unavailable.ts';
import { composeEmail, type MailSender } from './email-layout.ts';
import {
  claimEmail,
  claimPendingEmails,
  findEmail,
  listNeverTriedEmails,
  listOutbox,
  markEmailDead,
  markEmailFailed,
  markEmailSent,
  noteSentInDoubt,
  type OutboxRow,
} from './outbox.repository.ts';

// How another module sends an e-mail (the account e-mails of modules/users, say): into the outbox,
// in the caller's transaction, with its delivery job.
export { enqueueEmail } from './outbox.repository.ts';
export type { OutgoingEmail } from './outbox.repository.ts';
// What every e-mail looks like when it leaves (and in the demo mailbox).
export {
  composeEmail,
  type EmailFact,
  type EmailLayout,
  mailSenderOf,
  type MailSender,
  submissionLinkToken,
} from './email-layout.ts';

export const MAX_EMAIL_ATTEMPTS = 5;
export const RETRY_AFTER_MS = 2 * 60_000;
/** A delivery job's first retry waits 1 to 2 minutes, then each pause doubles. */
export const DELIVERY_RETRY_DELAY_SECONDS = 60;
const BATCH = 20;

export interface DeliveryResult {
  sent: number;
  failed: number;
}

const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

/**
 * Every e-mail leaves here: plain text and HTML, ending with the business identity (email-layout.ts).
 * The row is marked sent in a transaction whose COMMIT goes out in the same instant as SMTP's final
 * dot (adapters/mail/mail-transport.ts): a sender killed before that instant leaves the server an
 * unfinished message, which it discards, and the row unsent; one killed after it has both. So a
 * retry never sends an e-mail twice, and no e-mail is marked sent that the server never had.
 * A message the server refuses goes back to the caller's failure path (which also undoes "sent").
 */
async function send(db: Db, transport: MailTransport, sender: MailSender | string, email: OutboxRow) {
  const from = typeof sender === 'string' ? sender : sender.from;
  const message = composeEmail({ subject: email.subject, text: email.textBody, layout: email.layout }, sender);
  let unrecorded: unknown;
  try {
    await transport.send(
      {
        from,
        to: email.toAddress,
        subject: message.subject,
        text: message.text,
        html: message.html,
        messageId: outboxMessageId(email.id, from),
      },
      {
        atCommitPoint: (release) =>
          db
            .transaction(async (tx) => {
              await markEmailSent(tx, email.id);
              // Released, the message is the server's: this transaction is not run again.
              markOutsideEffect(tx);
              // No await from here to the COMMIT the transaction sends next.
              release();
            })
            .catch((err: unknown) => {
              unrecorded = err;
              throw err;
            }),
      },
    );
  } catch (err) {
    if (!(err instanceof MailSendError && err.afterRelease === 'in-doubt')) throw err;
    // Its answer lost after the dot: the server most likely has the message, as the row says.
    if (unrecorded === undefined) {
      await noteSentInDoubt(db, email.id, `Sent, but the SMTP server's answer was lost: ${err.message}`);
      return;
    }
  }
  // The dot went out but the COMMIT failed (the database went away in that instant): the server has
  // the message, so the row must say so, even if that means waiting out a database restart.
  if (unrecorded !== undefined) await whileDatabaseUnavailable(() => markEmailSent(db, email.id));
}

/**
 * One Message-ID per outbox row, whatever try sends it: should a message ever reach a server twice
 * (an answer lost in the one instant `send` cannot close), mail systems and the stack's chaos proof
 * recognise the copies as one message.
 */
export function outboxMessageId(outboxId: string, from: string): string {
  const domain = /@([A-Za-z0-9.-]+)/.exec(from)?.[1] ?? 'assay.invalid';
  return `<${outboxId}@${domain}>`;
}

export async function deliverPendingEmails(
  db: Db,
  transport: MailTransport,
  from: MailSender | string,
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
      await send(db, transport, from, email);
      result.sent += 1;
    } catch (err) {
      await markEmailFailed(db, email.id, messageOf(err), email.attempts >= MAX_EMAIL_ATTEMPTS);
      result.failed += 1;
    }
  }
  return result;
}

/** Another sender holds the e-mail right now; the job tries again after its pause. */
export class EmailBusyError extends Error {
  constructor(id: string) {
    super(`E-mail ${id} is being sent by another sender; trying again later.`);
    this.name = 'EmailBusyError';
  }
}

/**
 * One try of one e-mail, for its delivery job: 'sent', or 'done' when there is nothing to do (sent
 * already, given up, or gone). A failed send is recorded on the row and thrown, so the job is
 * retried; on the last attempt the row is given up first.
 */
export async function deliverEmail(
  db: Db,
  transport: MailTransport,
  from: MailSender | string,
  id: string,
  now: Date = new Date(),
): Promise<'sent' | 'done'> {
  const email = await claimEmail(db, id, {
    maxAttempts: MAX_EMAIL_ATTEMPTS,
    now,
    staleBefore: new Date(now.getTime() - RETRY_AFTER_MS),
  });
  if (!email) {
    const row = await findEmail(db, id);
    if (row?.status === 'pending' && row.attempts < MAX_EMAIL_ATTEMPTS) throw new EmailBusyError(id);
    return 'done';
  }
  try {
    await send(db, transport, from, email);
  } catch (err) {
    await markEmailFailed(db, id, messageOf(err), email.attempts >= MAX_EMAIL_ATTEMPTS, { releaseClaim: true });
    throw err;
  }
  return 'sent';
}

/** The dead-letter queue's side: an e-mail whose delivery job gave up is given up too. */
export async function giveUpEmail(db: Db, id: string) {
  await markEmailDead(db, id, 'The delivery job gave up after its last try.');
}

/** E-mails older than this that nobody ever tried get a new delivery job. */
export const NEVER_TRIED_AFTER_MS = 10 * 60_000;

/**
 * The safety net behind the delivery jobs: an e-mail written while SMTP was not configured, or
 * whose job was lost, gets a new delivery job. Two jobs for one e-mail still send it once.
 */
export async function requeueNeverTriedEmails(db: Db, now: Date = new Date()): Promise<number> {
  const rows = await listNeverTriedEmails(db, new Date(now.getTime() - NEVER_TRIED_AFTER_MS), 500);
  for (const row of rows) await enqueue(db, 'outbox-delivery', { outboxId: row.id });
  return rows.length;
}

/** The newest e-mails first: the demo's mailbox, where e-mail stays without SMTP. */
export function latestEmails(db: DbOrTx, limit: number) {
  return listOutbox(db, limit);
}
