// The payout of an offer the seller's reserve accepted (decision 040): once their 24 h to decline
// have passed, the acceptance runs exactly as the seller's own would (createTransaction: the
// status gate, the compliance gate, the payout, the ledger, the hand-over), with the payout method
// they chose beside the reserve. A decline in the window leaves nothing to pay.
import { isReserveWindowOpen } from '@assay/domain';
import type { Actor } from '../../access/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import { writeAuditEntry } from '../audit/index.ts';
import { notify } from '../notifications/index.ts';
import type { AcceptanceContext } from './return-declined-items.ts';
import { findSubmissionRow } from '../submissions/index.ts';
import { createTransaction } from './accept-offer-and-pay.ts';

export type ReservePayoutOutcome = 'paid' | 'not_due' | 'nothing' | 'waiting';

/** The seller, acting through the standing instruction their reserve is: only their id is read. */
function sellerActor(userId: string): Actor {
  return {
    id: userId,
    email: '',
    firstName: null,
    lastName: null,
    isAdmin: false,
    isPremium: false,
    twoFactorEnabled: false,
    secondFactorAt: null,
  };
}

/**
 * Pays the met reserve of a submission if it is due. Safe to run twice: a paid, declined or
 * returned submission is left alone, and the acceptance's own gate lets one request win.
 */
export async function payMetReserve(ctx: AcceptanceContext, submissionId: string): Promise<ReservePayoutOutcome> {
  const row = await findSubmissionRow(ctx.db, submissionId);
  if (!row || row.status !== 'offered' || !row.reserveMetAt || !row.reservePayout) return 'nothing';
  if (isReserveWindowOpen(row.reserveMetAt, ctx.clock.now())) return 'not_due';
  try {
    await createTransaction(ctx, sellerActor(row.userId), { submissionId, ...row.reservePayout });
    return 'paid';
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const now = await findSubmissionRow(ctx.db, submissionId);
    if (now?.status !== 'offered') return 'nothing';
    // The compliance gate (ID, statement, hold, screening) or a lapsed offer: the seller is told
    // what is missing; the offer stays theirs to accept once it is done.
    await ctx.db.transaction(async (tx) => {
      await writeAuditEntry(tx, {
        actorId: null,
        entityType: 'submission',
        entityId: submissionId,
        action: 'reserve_payout_waiting',
        changes: { message: error.message },
      });
      await notify(tx, {
        userId: row.userId,
        submissionId,
        email: true,
        kind: 'offer_ready',
        title: 'Your accepted offer is waiting for you',
        body: `Your reserve accepted our offer, but we cannot pay it yet: ${error.message} Once that is done, accept the offer on your submission's page to be paid.`,
      });
    });
    return 'waiting';
  }
}
