// Four eyes on large payments (DECISIONS "Staff and demo safety", packages/domain payout-approval.ts):
// a payout recorded above DUAL_APPROVAL_ABOVE waits, on no rail, until an admin other than the one
// who made the offer approves it here. The approval, its audit entry and the hand-over job (for a
// rail with an API) are one database transaction, so an approved payout is never left unqueued.
import { approvalRefusal, payoutApprovalMessages, centsToDecimalString } from '@assay/domain';
import { type Actor, assertAppraiser } from '../../access/actor.ts';
import type { AppContext } from '../../context.ts';
import { conflict, forbidden, notFound } from '../../lib/app-error.ts';
import { writeAuditEntry } from '../audit/index.ts';
import { lockTransaction, recordApproval } from './payouts.repository.ts';
import { queueHandover } from './move-payout.ts';
import { toTransactionDto } from './payout-view.ts';

/**
 * POST /api/admin/payouts/{id}/approve. The payout row is locked first, so of two admins approving
 * at once the second reads the first one's approval and hears 409; the conditional write and the
 * CHECK constraints of migration 0019 stand behind that.
 */
export async function approvePayout(
  ctx: Pick<AppContext, 'db' | 'payouts' | 'clock'>,
  admin: Actor,
  { transactionId }: { transactionId: string },
) {
  assertAppraiser(admin);
  const at = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const payout = await lockTransaction(tx, transactionId);
    if (!payout) throw notFound('That payout');
    const refusal = approvalRefusal(payout, admin.id);
    if (refusal === 'offer-maker') throw forbidden(payoutApprovalMessages['offer-maker']);
    if (refusal) throw conflict(payoutApprovalMessages[refusal]);
    const approved = await recordApproval(tx, { id: payout.id, approvedBy: admin.id, at });
    if (!approved) throw conflict(payoutApprovalMessages['already-approved']);
    await writeAuditEntry(tx, {
      actorId: admin.id,
      entityType: 'transaction',
      entityId: payout.id,
      action: 'payout_approved',
      fromStatus: null,
      toStatus: null,
      changes: {
        submissionId: payout.submissionId,
        transactionId: payout.id,
        offerMadeBy: payout.offerMadeBy,
        amount: centsToDecimalString(payout.grossAmount),
        payoutMethod: payout.payoutMethod,
      },
    });
    await queueHandover(tx, ctx, approved);
    return toTransactionDto(approved);
  });
}
