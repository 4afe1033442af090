import { and, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { notifications, users } from '../../db/schema/index.ts';

export type NotificationRow = typeof notifications.$inferSelect;
export type NewNotificationRow = typeof notifications.$inferInsert;

export async function insertNotifications(db: DbOrTx, rows: NewNotificationRow[]) {
  if (rows.length === 0) return [];
  return db.insert(notifications).values(rows).returning();
}

export function listNotificationsOfUser(db: DbOrTx, userId: string, limit: number) {
  return db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit);
}

export async function countUnreadOfUser(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.n ?? 0;
}

/** Only the owner's unread rows change; ids of other people's notifications match nothing. */
export async function markReadOfUser(db: DbOrTx, userId: string, ids: string[] | undefined, at: Date) {
  const mine = and(eq(notifications.userId, userId), isNull(notifications.readAt));
  await db
    .update(notifications)
    .set({ readAt: at })
    .where(ids === undefined ? mine : and(mine, inArray(notifications.id, ids)));
}

export async function findUserContact(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ id: users.id, email: users.email, firstName: users.firstName })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}

export function listAdminContacts(db: DbOrTx) {
  return db.select({ id: users.id, email: users.email, firstName: users.firstName }).from(users).where(eq(users.isAdmin, true));
}
