import { eq, inArray, sql } from 'drizzle-orm';
import { placeItemsOfSubmissions } from '../custody/index.ts';
import { insertFirstItems } from '../submissions/index.ts';
import type { DbOrTx } from '../../db/client.ts';
import { appMeta, outbox, submissions, transactions, users } from '../../db/schema/index.ts';

export const DEMO_SEEDED_KEY = 'demo_seeded_at';

export async function readMeta(db: DbOrTx, key: string) {
  const [row] = await db.select().from(appMeta).where(eq(appMeta.key, key)).limit(1);
  return row?.value ?? null;
}

export async function writeMeta(db: DbOrTx, key: string, value: string) {
  await db
    .insert(appMeta)
    .values({ key, value })
    .onConflictDoUpdate({ target: appMeta.key, set: { value, updatedAt: new Date() } });
}

/** How many of these e-mail addresses have an account. */
export async function countUsersWithEmails(db: DbOrTx, emails: readonly string[]) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(inArray(users.email, [...emails]));
  return row?.n ?? 0;
}

export async function countUsers(db: DbOrTx) {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
  return row?.n ?? 0;
}

export async function insertDemoRows(
  db: DbOrTx,
  rows: {
    submissions: (typeof submissions.$inferInsert)[];
    transactions: (typeof transactions.$inferInsert)[];
  },
) {
  if (rows.submissions.length) await db.insert(submissions).values(rows.submissions);
  // Each sample is a parcel of one item, as every submission is (decision 042).
  await insertFirstItems(db, rows.submissions);
  // Custody: a sample parcel that arrived has its items in the vault (or gone back), tagged.
  await placeItemsOfSubmissions(
    db,
    rows.submissions.filter((row) => row.receivedAt).map((row) => ({ id: row.id, returned: row.status === 'returned' })),
    'Demo sample',
  );
  if (rows.transactions.length) await db.insert(transactions).values(rows.transactions);
}

/**
 * The back office's sample purchases (demo-back-office.ts): the submissions and their one item
 * each, not yet placed; the receipt's own placing (custody) follows, by the appraiser.
 */
export async function insertParcels(db: DbOrTx, rows: readonly (typeof submissions.$inferInsert)[]) {
  if (rows.length === 0) return;
  await db.insert(submissions).values([...rows]);
  await insertFirstItems(db, rows);
}

/** The sample payouts of purchases written whole. */
export async function insertPayouts(db: DbOrTx, rows: readonly (typeof transactions.$inferInsert)[]) {
  if (rows.length > 0) await db.insert(transactions).values([...rows]);
}

export async function markAdmin(db: DbOrTx, userId: string) {
  await db.update(users).set({ isAdmin: true }).where(eq(users.id, userId));
}

/**
 * The demo's made-up addresses receive no mail, so they are seeded as already confirmed, and the
 * confirmation e-mail their sign-up queued is dropped from the outbox.
 */
export async function markEmailVerified(db: DbOrTx, userId: string) {
  const [user] = await db
    .update(users)
    .set({ emailVerified: true })
    .where(eq(users.id, userId))
    .returning({ email: users.email });
  if (user) await db.delete(outbox).where(eq(outbox.toAddress, user.email));
}

/** A user with no password (no account row): nobody signs in as them. Its id. */
export async function insertUserWithoutSignIn(
  db: DbOrTx,
  person: { name: string; email: string; firstName: string; lastName: string },
): Promise<string> {
  const id = crypto.randomUUID();
  await db.insert(users).values({ id, ...person });
  return id;
}
