import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { sellerStatements } from '../../db/schema/index.ts';

export type SellerStatementRow = typeof sellerStatements.$inferSelect;

export async function findSellerStatement(db: DbOrTx, submissionId: string, statementVersion: string) {
  const [row] = await db
    .select()
    .from(sellerStatements)
    .where(and(eq(sellerStatements.submissionId, submissionId), eq(sellerStatements.statementVersion, statementVersion)))
    .limit(1);
  return row ?? null;
}

/** Null when this submission already has a signature of this version (the unique index decides a race). */
export async function insertSellerStatement(db: DbOrTx, row: typeof sellerStatements.$inferInsert) {
  const [inserted] = await db.insert(sellerStatements).values(row).onConflictDoNothing().returning();
  return inserted ?? null;
}

/** Every statement a seller signed, oldest first (a seller's records export). */
export function sellerStatementsOf(db: DbOrTx, userId: string) {
  return db
    .select()
    .from(sellerStatements)
    .where(eq(sellerStatements.userId, userId))
    .orderBy(asc(sellerStatements.signedAt), asc(sellerStatements.id));
}
