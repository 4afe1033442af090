import { and, asc, eq, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { outbox } from '../../db/schema/index.ts';

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
}

/** Written in the caller's transaction, so an e-mail exists exactly when its cause was committed. */
export async function enqueueEmail(db: DbOrTx, email: OutgoingEmail) {
  const [row] = await db
    .insert(outbox)
    .values({ id: crypto.randomUUID(), toAddress: email.to, subject: email.subject, textBody: email.text })
    .returning();
  return row!;
}

export function findPendingEmails(db: DbOrTx, maxAttempts: number, limit = 20) {
  return db
    .select()
    .from(outbox)
    .where(and(eq(outbox.status, 'pending'), lt(outbox.attempts, maxAttempts)))
    .orderBy(asc(outbox.createdAt))
    .limit(limit);
}

export async function markEmailSent(db: DbOrTx, id: string) {
  await db.update(outbox).set({ status: 'sent', sentAt: new Date() }).where(eq(outbox.id, id));
}

export async function markEmailFailed(db: DbOrTx, id: string, attempts: number, error: string, giveUp: boolean) {
  await db
    .update(outbox)
    .set({ attempts, lastError: error.slice(0, 500), status: giveUp ? 'failed' : 'pending' })
    .where(eq(outbox.id, id));
}

export function listOutbox(db: DbOrTx, limit = 50) {
  return db.select().from(outbox).orderBy(asc(outbox.createdAt)).limit(limit);
}
