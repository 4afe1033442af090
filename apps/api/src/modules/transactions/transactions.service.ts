import type { Db } from '../../db/client.ts';
import type { CurrentUser } from '../../plugins/auth.ts';
import { listTransactionsOfUser, type TransactionRow } from './transactions.repository.ts';

/** Bank numbers never leave the server: payoutDetails holds only what may be shown. */
export function toTransactionDto(row: TransactionRow) {
  return {
    id: row.id,
    submissionId: row.submissionId,
    amount: row.amount,
    grossAmount: row.grossAmount,
    feeAmount: row.feeAmount,
    payoutMethod: row.payoutMethod,
    payoutDetails: row.payoutDetails as Record<string, string>,
    status: row.status,
    reference: row.reference,
    sentAt: row.sentAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listTransactions(db: Db, viewer: CurrentUser) {
  const rows = await listTransactionsOfUser(db, viewer.id);
  return rows.map(toTransactionDto);
}
