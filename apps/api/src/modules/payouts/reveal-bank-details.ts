// Full bank numbers, for an appraiser paying by hand; they never leave otherwise.
import type { AchDetails } from '@assay/domain';
import { conflict, notFound } from '../../lib/app-error.ts';
import { decryptJson } from '../../lib/crypto.ts';
import { type Actor, assertAppraiser } from '../../access/actor.ts';
import type { AppContext } from '../../context.ts';
import { findTransaction } from './payouts.repository.ts';
import { writeAuditEntry } from '../audit/index.ts';
import { payoutMessages, bankDetailsContext } from './payout-view.ts';

/**
 * The full bank details, for an appraiser paying an ACH payout by hand. Every look is written to
 * the audit log. Null for PayPal and check payouts, which have no bank numbers. Once the money is
 * sent nobody needs the numbers any more, so they are no longer shown.
 */
export async function revealBankDetails(
  { db, keys }: Pick<AppContext, 'db' | 'keys'>,
  admin: Actor,
  { transactionId }: { transactionId: string },
) {
  assertAppraiser(admin);
  const transaction = await findTransaction(db, transactionId);
  if (!transaction) throw notFound('That payout');
  if (!transaction.encryptedBankDetails) return null;
  if (transaction.status !== 'pending') throw conflict(payoutMessages.bankDetailsAfterSent);
  const details = decryptJson<AchDetails>(
    keys.decryptionKeys,
    transaction.encryptedBankDetails,
    bankDetailsContext(transaction.id),
  );
  await writeAuditEntry(db, {
    actorId: admin.id,
    entityType: 'transaction',
    entityId: transaction.id,
    action: 'bank_details_viewed',
    fromStatus: null,
    toStatus: null,
  });
  return details;
}
