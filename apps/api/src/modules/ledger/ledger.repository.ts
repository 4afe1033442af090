// The ledger's rows. Only the ledger service writes here (through the domain's post()), so every
// posting that reaches ledger_lines has already been checked to balance.
import { type LedgerAccount, type LedgerLine } from '@assay/domain';
import { asc, eq, isNotNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { ledgerLines } from '../../db/schema/index.ts';

export type LedgerLineRow = typeof ledgerLines.$inferSelect;

export async function insertLedgerLines(db: DbOrTx, rows: (typeof ledgerLines.$inferInsert)[]): Promise<void> {
  if (rows.length) await db.insert(ledgerLines).values(rows);
}

function toLine(row: Pick<LedgerLineRow, 'account' | 'debitCents' | 'creditCents' | 'memo'>): LedgerLine {
  return {
    account: row.account as LedgerAccount,
    debitCents: row.debitCents,
    creditCents: row.creditCents,
    memo: row.memo,
  };
}

/** One payout's lines, oldest posting first. */
export async function selectLedgerLinesOf(db: DbOrTx, transactionId: string): Promise<LedgerLine[]> {
  const rows = await db
    .select()
    .from(ledgerLines)
    .where(eq(ledgerLines.transactionId, transactionId))
    .orderBy(asc(ledgerLines.createdAt), asc(ledgerLines.postingId), asc(ledgerLines.id));
  return rows.map(toLine);
}

/** Exact sums as text: a total may pass what a JavaScript number holds safely. */
export interface AccountSums {
  account: string;
  debits: string;
  credits: string;
}

/** Every account's totals over the whole ledger. */
export function sumLedgerByAccount(db: DbOrTx): Promise<AccountSums[]> {
  return db
    .select({
      account: ledgerLines.account,
      debits: sql<string>`coalesce(sum(${ledgerLines.debitCents}), 0)::text`,
      credits: sql<string>`coalesce(sum(${ledgerLines.creditCents}), 0)::text`,
    })
    .from(ledgerLines)
    .groupBy(ledgerLines.account);
}

/** Every payout's totals per account, for the reconciliation (a settlement's lines are no payout's). */
export function sumLedgerByPayoutAndAccount(db: DbOrTx) {
  return db
    .select({
      transactionId: sql<string>`${ledgerLines.transactionId}`,
      account: ledgerLines.account,
      debits: sql<string>`coalesce(sum(${ledgerLines.debitCents}), 0)::text`,
      credits: sql<string>`coalesce(sum(${ledgerLines.creditCents}), 0)::text`,
    })
    .from(ledgerLines)
    .where(isNotNull(ledgerLines.transactionId))
    .groupBy(ledgerLines.transactionId, ledgerLines.account);
}
