import { and, asc, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { outbox } from '../../db/schema/index.ts';
import { enqueue } from '../../jobs/enqueue.ts';
import type { EmailLayout } from './email-layout.ts';

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  /** What the HTML part adds to the text; stored with it, so every try sends the same HTML. */
  layout?: EmailLayout;
}

export type OutboxRow = typeof outbox.$inferSelect;

/**
 * Written in the caller's transaction with its delivery job, so an e-mail (and the job that sends
 * it) exists exactly when its cause was committed.
 */
export async function enqueueEmail(db: DbOrTx, email: OutgoingEmail) {
  const [row] = await db
    .insert(outbox)
    .values({
      id: crypto.randomUUID(),
      toAddress: email.to,
      subject: email.subject,
      textBody: email.text,
      layout: email.layout ?? null,
    })
    .returning();
  await enqueue(db, 'outbox-delivery', { outboxId: row!.id });
  return row!;
}

interface ClaimRules {
  maxAttempts: number;
  now: Date;
  /** A claim older than this was left by a sender that died (or, on the batch path, is a retry's pause). */
  staleBefore: Date;
}

const claimable = (rules: ClaimRules) =>
  and(
    eq(outbox.status, 'pending'),
    lt(outbox.attempts, rules.maxAttempts),
    or(isNull(outbox.claimedAt), lt(outbox.claimedAt, rules.staleBefore)),
  );

/**
 * Marks up to `limit` pending e-mails as claimed by this sender and returns them. SKIP LOCKED lets
 * several instances claim side by side without sending anything twice; a claim older than
 * `staleBefore` was left by a sender that died and is taken over.
 */
export async function claimPendingEmails(db: DbOrTx, opts: ClaimRules & { limit: number }) {
  const ids = db
    .select({ id: outbox.id })
    .from(outbox)
    .where(claimable(opts))
    .orderBy(asc(outbox.createdAt))
    .limit(opts.limit)
    .for('update', { skipLocked: true });
  return db
    .update(outbox)
    .set({ claimedAt: opts.now, attempts: sql`${outbox.attempts} + 1` })
    .where(inArray(outbox.id, ids))
    .returning();
}

/**
 * Claims one e-mail for its delivery job; null when it is sent, given up, or being sent by another
 * sender right now. The conditional update is what makes a job that runs twice send once.
 */
export async function claimEmail(db: DbOrTx, id: string, rules: ClaimRules) {
  const [row] = await db
    .update(outbox)
    .set({ claimedAt: rules.now, attempts: sql`${outbox.attempts} + 1` })
    .where(and(eq(outbox.id, id), claimable(rules)))
    .returning();
  return row ?? null;
}

export async function findEmail(db: DbOrTx, id: string) {
  const [row] = await db.select().from(outbox).where(eq(outbox.id, id));
  return row ?? null;
}

/** The claim stays: should the server refuse the message after all, it is the batch path's pause. */
export async function markEmailSent(db: DbOrTx, id: string) {
  await db.update(outbox).set({ status: 'sent', sentAt: new Date(), lastError: null }).where(eq(outbox.id, id));
}

/** A sent e-mail whose server never answered the final dot: it most likely has the message. */
export async function noteSentInDoubt(db: DbOrTx, id: string, note: string) {
  await db
    .update(outbox)
    .set({ lastError: note.slice(0, 500) })
    .where(eq(outbox.id, id));
}

/**
 * Back to pending or failed for good ('failed' is the dead-letter state the admin and demo views
 * show), also for a message the server refused after it was marked sent. The batch path keeps the
 * claim as its pause before a retry; a delivery job releases it, since its queue's backoff is the
 * pause.
 */
export async function markEmailFailed(
  db: DbOrTx,
  id: string,
  error: string,
  giveUp: boolean,
  options: { releaseClaim?: boolean } = {},
) {
  await db
    .update(outbox)
    .set({
      lastError: error.slice(0, 500),
      status: giveUp ? 'failed' : 'pending',
      sentAt: null,
      ...(options.releaseClaim ? { claimedAt: null } : {}),
    })
    .where(eq(outbox.id, id));
}

/** A delivery whose job reached the dead-letter queue while the e-mail was still pending. */
export async function markEmailDead(db: DbOrTx, id: string, reason: string) {
  await db
    .update(outbox)
    .set({ status: 'failed', claimedAt: null, lastError: sql`coalesce(${outbox.lastError}, ${reason.slice(0, 500)})` })
    .where(and(eq(outbox.id, id), eq(outbox.status, 'pending')));
}

/** Pending e-mails nobody ever tried to send, written before `writtenBefore`. */
export function listNeverTriedEmails(db: DbOrTx, writtenBefore: Date, limit: number) {
  return db
    .select({ id: outbox.id })
    .from(outbox)
    .where(
      and(eq(outbox.status, 'pending'), eq(outbox.attempts, 0), isNull(outbox.claimedAt), lt(outbox.createdAt, writtenBefore)),
    )
    .orderBy(asc(outbox.createdAt))
    .limit(limit);
}

/** The newest e-mails first, for the demo mailbox. */
export function listOutbox(db: DbOrTx, limit = 50) {
  return db.select().from(outbox).orderBy(desc(outbox.createdAt)).limit(limit);
}
