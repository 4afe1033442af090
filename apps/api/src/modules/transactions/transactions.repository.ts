import { desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { transactions } from '../../db/schema/index.ts';

export type TransactionRow = typeof transactions.$inferSelect;

export function listTransactionsOfUser(db: DbOrTx, userId: string) {
  return db.select().from(transactions).where(eq(transactions.userId, userId)).orderBy(desc(transactions.createdAt));
}

export async function insertTransaction(db: DbOrTx, row: typeof transactions.$inferInsert) {
  const [created] = await db.insert(transactions).values(row).returning();
  return created!;
}
