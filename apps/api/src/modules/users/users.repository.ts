import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { sessions, twoFactors, users } from '../../db/schema/index.ts';

export async function findUserByEmail(db: DbOrTx, email: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
    .limit(1);
  return row ?? null;
}

export async function setAdminFlag(db: DbOrTx, userId: string, isAdmin: boolean) {
  await db.update(users).set({ isAdmin, updatedAt: new Date() }).where(eq(users.id, userId));
}

export async function promoteAdmins(db: DbOrTx, emails: string[]) {
  if (emails.length === 0) return 0;
  const rows = await db
    .update(users)
    .set({ isAdmin: true, updatedAt: new Date() })
    // Only addresses their owner has proven: a stranger who signs up first with an admin's address
    // must not inherit the role.
    .where(and(inArray(sql`lower(${users.email})`, emails), eq(users.emailVerified, true)))
    .returning({ id: users.id });
  return rows.length;
}

/**
 * Forgets a person's authenticator app and recovery codes, and ends their sessions: whoever holds
 * the lost phone, or a session it proved, starts again from the password. One transaction.
 */
export async function removeSecondFactor(db: DbOrTx, userId: string) {
  await db.transaction(async (tx) => {
    await tx.delete(twoFactors).where(eq(twoFactors.userId, userId));
    await tx.update(users).set({ twoFactorEnabled: false, updatedAt: new Date() }).where(eq(users.id, userId));
    await tx.delete(sessions).where(eq(sessions.userId, userId));
  });
}
