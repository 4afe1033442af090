// A client's own payouts.
import type { Actor } from '../../access/actor.ts';
import type { AppContext } from '../../context.ts';
import { listTransactionsOfUser } from './payouts.repository.ts';
import { toTransactionDto } from './payout-view.ts';

export async function listTransactions({ db }: AppContext, viewer: Actor) {
  const rows = await listTransactionsOfUser(db, viewer.id);
  return rows.map(toTransactionDto);
}
