import { and, asc, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { outbox } from '../../db/schema/index.ts';

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
}

export type OutboxRow = typeof outbox.$inferSelect;

/** Written in the caller's transaction, so an e-mail exists exactly when its cause was committed. */
export async function enqueueEmail(db: DbOrTx, email: OutgoingEmail) {
  const [row] = await db
    .insert(outbox)
    .values({ id: crypto.randomUUID(), toAddress: email.to, subject: email.subject, textBody: email.text })
    .returning();
  return row!;
}

/**
 * Marks up to `limit` pending e-mails as claimed by this sender and returns them. SKIP LOCKED lets
 * several instances claim side by side without sending anything twice; a claim older than
 * `staleBefore` was left by a sender that died and is taken over.
 */
export async function claimPendingEmails(db: DbOrTx, opts: { limit: number; maxAttempts: number; now: Date; staleBefore: Date }) {
  const claimable = db
    .select({ id: outbox.id })
    .from(outbox)
    .where(
      and(
        eq(outbox.status, 'pending'),
        lt(outbox.attempts, opts.maxAttempts),
        or(isNull(outbox.claimedAt), lt(outbox.claimedAt, opts.staleBefore)),
      ),
    )
    .orderBy(asc(outbox.createdAt))
    .limit(opts.limit)
    .for('update', { skipLocked: true });
  return db
    .update(outbox)
    .set({ claimedAt: opts.now, attempts: sql`${outbox.attempts} + 1` })
    .where(inArray(outbox.id, claimable))
    .returning();
}

export async function markEmailSent(db: DbOrTx, id: string) {
  await db.update(outbox).set({ status: 'sent', sentAt: new Date(), claimedAt: null, lastError: null }).where(eq(outbox.id, id));
}

/** Back to pending (to be retried once the claim goes stale) or failed for good. */
export async function markEmailFailed(db: DbOrTx, id: string, error: string, giveUp: boolean) {
  await db
    .update(outbox)
    .set({ lastError: error.slice(0, 500), status: giveUp ? 'failed' : 'pending' })
    .where(eq(outbox.id, id));
}

/** The newest e-mails first, for the demo mailbox. */
export function listOutbox(db: DbOrTx, limit = 50) {
  return db.select().from(outbox).orderBy(desc(outbox.createdAt)).limit(limit);
}
