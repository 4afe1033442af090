// Handing payouts to a rail with an API (PayPal Payouts), on the job engine (issue 12; DECISIONS
// "Money and parcels on real rails"). Accepting an offer or retrying a payout queues
// `payout-handover` in its own transaction; the job calls the provider, records what it says, and
// is retried with backoff while the provider times out or fails. The provider's idempotency key
// (transaction id + attempt) makes every retry find what an earlier try did, so nothing is paid
// twice. A scheduled check (`payout-rail-check`) asks the rail about payouts whose webhook never
// came, and rail reports, from webhooks or from that check, are applied by applyRailReport.
import {
  type AchDetails,
  awaitsApproval,
  canFirePayoutTransition,
  type PayoutRail,
  type PayoutTransitionName,
} from '@assay/domain';
import {
  type PayoutAdapter,
  type PayoutInstruction,
  PayoutRailError,
  type PayoutResult,
  type RailReport,
} from '../../../adapters/payouts/payout-adapter.ts';
import type { Clock, Keys } from '../../../context.ts';
import type { Db, DbOrTx } from '../../../db/client.ts';
import type { JobLogger } from '../../../jobs/job-engine.ts';
import { AppError } from '../../../lib/app-error.ts';
import { decryptJson } from '../../../lib/crypto.ts';
import {
  bankDetailsContext,
  findTransaction,
  listPayoutsAwaitingRail,
  MAX_REFERENCE_LENGTH,
  movePayout,
  recordHandoverGivenUp,
  type TransactionRow,
} from '../../payouts/index.ts';

export interface PayoutHandoverDeps {
  db: Db;
  payouts: PayoutAdapter;
  keys: Pick<Keys, 'decryptionKeys'>;
  clock: Clock;
  logger: JobLogger;
}

/** A payout the rail was handed and has not settled is asked about after this long without news. */
export const RAIL_CHECK_AFTER_MINUTES = 30;
/** Payouts asked about per run of the check; the next run takes the rest. */
export const RAIL_CHECK_BATCH = 50;

/** Everything the provider needs, rebuilt from the committed row; bank numbers only if it pays ACH itself. */
function instructionOf(keys: PayoutHandoverDeps['keys'], row: TransactionRow): PayoutInstruction {
  switch (row.payoutMethod) {
    case 'paypal':
      return { method: 'paypal', email: String((row.payoutDetails as { email?: unknown } | null)?.email ?? '') };
    case 'check':
      return { method: 'check' };
    case 'ach': {
      if (!row.encryptedBankDetails) throw new Error(`ACH payout ${row.id} has no bank details to hand over`);
      const details = decryptJson<AchDetails>(keys.decryptionKeys, row.encryptedBankDetails, bankDetailsContext(row.id));
      return { method: 'ach', ...details };
    }
  }
}

export type HandoverOutcome = 'moved' | 'left-pending' | 'not-waiting' | 'held' | 'awaiting-approval' | 'refused' | 'needs-staff';

/**
 * One try of `payout-handover`: hands the attempt to the provider if it is still the payout's
 * pending attempt, and records the answer. A failure the provider may get past (a timeout, a 5xx)
 * is thrown, so the job engine tries again later with the same key.
 */
export async function handOverPayout(
  deps: PayoutHandoverDeps,
  job: { transactionId: string; attempt: number },
): Promise<HandoverOutcome> {
  const row = await findTransaction(deps.db, job.transactionId);
  // Paid by hand meanwhile, retried with new details (a newer attempt has its own job), or gone.
  if (!row || row.status !== 'pending' || row.attempt !== job.attempt) return 'not-waiting';
  // A sanctions hold: an appraiser's clear queues this job again; a block keeps it here for good.
  if (row.complianceHold) return 'held';
  // A large payout without its second admin: the approval queues this job again.
  if (awaitsApproval(row)) return 'awaiting-approval';
  const method = row.payoutMethod;
  if (!deps.payouts.handles(method)) return 'left-pending';

  let result: PayoutResult;
  try {
    result = await deps.payouts.initiate({
      transactionId: row.id,
      attempt: row.attempt,
      submissionId: row.submissionId,
      userId: row.userId,
      amountCents: row.amount,
      method,
      instruction: instructionOf(deps.keys, row),
    });
  } catch (error) {
    // The engine logs and stores what a job throws: never a provider's own words, which may quote
    // the details it was given.
    if (!(error instanceof PayoutRailError)) {
      throw new Error(`the payout provider failed (${error instanceof Error ? error.name : 'unknown'}); the job tries again`);
    }
    if (error.disposition === 'retry') throw error;
    if (error.disposition === 'refused') {
      await deps.db.transaction((tx) =>
        moveIfStillWaiting(tx, row, {
          transition: 'fail',
          at: deps.clock.now(),
          reasonCode: error.code,
          reason: `${railName(deps.payouts)} refused it: ${error.message}`,
        }),
      );
      return 'refused';
    }
    await recordHandoverGivenUp(deps.db, row, error.message);
    deps.logger.warn({ transactionId: row.id, provider: deps.payouts.provider, code: error.code }, 'a payout needs a person');
    return 'needs-staff';
  }
  if (result.status === 'pending') return 'left-pending';
  const moved = await deps.db.transaction((tx) =>
    moveIfStillWaiting(tx, row, {
      transition: result.status === 'processing' ? 'handToRail' : 'confirmPaid',
      at: deps.clock.now(),
      ...(result.status === 'processing' ? { rail: result.rail } : {}),
      reference: result.reference.slice(0, MAX_REFERENCE_LENGTH),
    }),
  );
  return moved ? 'moved' : 'not-waiting';
}

function railName(payouts: PayoutAdapter): string {
  return payouts.provider.includes('paypal') ? 'PayPal' : 'the provider';
}

/** The move, unless the attempt stopped waiting while the provider answered (the gate refuses then). */
async function moveIfStillWaiting(
  tx: DbOrTx,
  row: TransactionRow,
  move: {
    transition: PayoutTransitionName;
    at: Date;
    rail?: PayoutRail;
    reference?: string;
    reasonCode?: string | null;
    reason?: string;
  },
): Promise<boolean> {
  const current = await findTransaction(tx, row.id);
  if (!current || current.attempt !== row.attempt || !canFirePayoutTransition(current.status, move.transition)) return false;
  await movePayout(tx, current, { ...move, actorId: null });
  return true;
}

const transitionOfReport: Record<RailReport['status'], PayoutTransitionName | null> = {
  processing: null,
  paid: 'confirmPaid',
  failed: 'fail',
  returned: 'markReturned',
  unclaimed: 'markUnclaimed',
};

export type RailReportOutcome = 'moved' | 'no-change' | 'unknown-payout';

/**
 * What a rail says of a payout it was handed (a webhook or an answer to our check): the lifecycle
 * move for it, through movePayout like every move. News of an older attempt, a move the payout
 * cannot make now (the same news again, or older news arriving late) or news from another rail
 * changes nothing: deliveries come at least once and in no promised order.
 */
export async function applyRailReport(tx: DbOrTx, rail: PayoutRail, report: RailReport, at: Date): Promise<RailReportOutcome> {
  const payout = await findTransaction(tx, report.transactionId);
  if (!payout) return 'unknown-payout';
  const transition = transitionOfReport[report.status];
  if (report.attempt !== null && report.attempt !== payout.attempt) return 'no-change';
  if (!transition || !canFirePayoutTransition(payout.status, transition) || payout.rail !== rail) return 'no-change';
  await movePayout(tx, payout, {
    transition,
    at,
    rail,
    reference: report.reference?.slice(0, MAX_REFERENCE_LENGTH) ?? payout.reference,
    reasonCode: report.reasonCode,
    reason: report.reason,
    actorId: null,
  });
  return 'moved';
}

/**
 * `payout-rail-check`: asks the rail about payouts it was handed and has said nothing of for a
 * while (a webhook lost, or never configured). One payout's trouble is logged and the others go on.
 */
export async function checkPayoutsWithRail(deps: PayoutHandoverDeps): Promise<{ asked: number; moved: number }> {
  const lookUp = deps.payouts.lookUp?.bind(deps.payouts);
  if (!lookUp) return { asked: 0, moved: 0 };
  const quietSince = new Date(deps.clock.now().getTime() - RAIL_CHECK_AFTER_MINUTES * 60_000);
  let moved = 0;
  const waiting = await listPayoutsAwaitingRail(deps.db, { quietSince, limit: RAIL_CHECK_BATCH });
  for (const row of waiting) {
    try {
      const report = await lookUp({
        transactionId: row.id,
        attempt: row.attempt,
        rail: row.rail,
        reference: row.reference,
      });
      if (!report) continue;
      const rail = row.rail;
      const outcome = await deps.db.transaction((tx) => applyRailReport(tx, rail, report, deps.clock.now()));
      if (outcome === 'moved') moved++;
    } catch (error) {
      deps.logger.warn(
        {
          transactionId: row.id,
          provider: deps.payouts.provider,
          error: error instanceof AppError ? error.code : error instanceof Error ? error.name : 'unknown',
        },
        'could not ask the rail about a payout; the next check tries again',
      );
    }
  }
  return { asked: waiting.length, moved };
}
