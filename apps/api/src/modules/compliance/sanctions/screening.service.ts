// Screening sellers against the active OFAC SDN list (DECISIONS "Compliance"): at ID review and
// before each payout. A possible match holds every payout of the seller not yet on a rail
// (transactions.compliance_hold) until an appraiser clears it (the hold is released and the
// hand-over queued again) or blocks it (the payouts stay held for good).
import {
  type ComplianceHold,
  complianceHoldMessages,
  type ScreeningContext,
  type ScreeningMatchDto,
  type ScreeningStatus,
} from '@assay/domain';
import type { DbOrTx } from '../../../db/client.ts';
import { notFound } from '../../../lib/app-error.ts';
import { type AuditEntryInput, writeAuditEntries } from '../../audit/index.ts';
import { payeeNameOf } from '../../users/index.ts';
import { screenName } from './name-screening.ts';
import { activeSanctionsList, NO_LIST_MESSAGE } from './sanctions-list.service.ts';
import {
  approvedIdName,
  findPayoutHold,
  insertScreening,
  latestScreeningOf,
  lockSellerPayouts,
  openScreeningStatuses,
  type ScreeningRow,
  setComplianceHold,
} from './sanctions.repository.ts';

export type ScreenOutcome = { screened: false; message: string } | { screened: true; screening: ScreeningRow; recorded: boolean };

const screeningMessages = {
  clearedBefore: (on: string, id: string) =>
    `The same listings were cleared by an appraiser on ${on} (screening ${id}); not held again.`,
} as const;

/**
 * Screens one name of a seller and records the screening. A name already waiting for a decision, or
 * blocked, against this list is not screened again (that screening stands). A possible match an
 * appraiser already cleared for the same name and list, with no listing the cleared one lacked, is
 * recorded as clear, so a cleared seller is not held at every payout. No list loaded: nothing is
 * recorded, and the outcome says so. `threshold` is SANCTIONS_MATCH_THRESHOLD (config.compliance).
 */
export async function screenSeller(
  tx: DbOrTx,
  input: { userId: string; name: string; context: ScreeningContext; transactionId?: string | null; threshold: number },
): Promise<ScreenOutcome> {
  const active = await activeSanctionsList(tx);
  if (!active) return { screened: false, message: NO_LIST_MESSAGE };
  const name = input.name.replace(/\s+/gu, ' ').trim();
  const previous = await latestScreeningOf(tx, { userId: input.userId, listId: active.list.id, name });
  if (previous && (previous.status === 'possible-match' || previous.status === 'blocked')) {
    return { screened: true, screening: previous, recorded: false };
  }
  const matches: ScreeningMatchDto[] = screenName(name, active.entries, input.threshold);
  let status: ScreeningStatus = matches.length > 0 ? 'possible-match' : 'clear';
  let reason: string | null = null;
  // The appraiser's clearance, however many clear screenings were recorded since.
  const clearance =
    status === 'possible-match'
      ? previous?.status === 'cleared'
        ? previous
        : await latestScreeningOf(tx, { userId: input.userId, listId: active.list.id, name, status: 'cleared' })
      : null;
  if (clearance) {
    const cleared = new Set(clearance.matches.map((m) => m.entNum));
    if (matches.every((m) => cleared.has(m.entNum))) {
      status = 'clear';
      reason = screeningMessages.clearedBefore(clearance.decidedAt?.toISOString().slice(0, 10) ?? '', clearance.id);
    }
  }
  const screening = await insertScreening(tx, {
    id: crypto.randomUUID(),
    userId: input.userId,
    transactionId: input.transactionId ?? null,
    context: input.context,
    listId: active.list.id,
    screenedName: name,
    matches,
    status,
    reason,
  });
  return { screened: true, screening, recorded: true };
}

/** The hold a seller's open screenings put on their payouts: a block outweighs a review. */
function holdOf(statuses: ReadonlySet<ScreeningStatus>): ComplianceHold | null {
  if (statuses.has('blocked')) return 'sanctions-blocked';
  if (statuses.has('possible-match')) return 'sanctions-review';
  return null;
}

export interface SanctionsBlocker {
  kind: 'sanctions';
  message: string;
}

/**
 * For the payment gate (compliance.service.ts paymentBlockers): screens the name against the active
 * list unless it already was, and answers what holds this seller's payouts: an undecided possible
 * match or a block, else null.
 */
export async function sanctionsBlocker(
  tx: DbOrTx,
  { userId, name, threshold }: { userId: string; name: string; threshold: number },
): Promise<SanctionsBlocker | null> {
  const active = await activeSanctionsList(tx);
  const clean = name.replace(/\s+/gu, ' ').trim();
  if (active && clean !== '' && !(await latestScreeningOf(tx, { userId, listId: active.list.id, name: clean }))) {
    await screenSeller(tx, { userId, name: clean, context: 'payout', threshold });
  }
  const hold = holdOf(await openScreeningStatuses(tx, userId));
  return hold ? { kind: 'sanctions', message: complianceHoldMessages[hold] } : null;
}

/** The names a payout goes out under: the seller's name, the name on their approved ID, an ACH account holder's. */
async function namesOfPayout(tx: DbOrTx, payout: { userId: string; payoutDetails: unknown }): Promise<string[]> {
  const names = new Set<string>();
  const payeeName = await payeeNameOf(tx, payout.userId);
  if (payeeName) names.add(payeeName);
  const idName = await approvedIdName(tx, payout.userId);
  if (idName) names.add(idName);
  const accountName = (payout.payoutDetails as { accountName?: unknown } | null)?.accountName;
  if (typeof accountName === 'string') names.add(accountName);
  return [...names].map((n) => n.replace(/\s+/gu, ' ').trim()).filter((n) => n !== '');
}

export interface HoldChange {
  transactionId: string;
  from: ComplianceHold | null;
  to: ComplianceHold | null;
}

/**
 * Brings the hold of each of the seller's payouts not yet on a rail (pending) in line with their
 * open screenings. A payout already on a rail, paid or come back is left as it is: a retry screens
 * again (holdPayoutOnSanctionsMatch).
 */
export async function syncSellerHolds(tx: DbOrTx, userId: string): Promise<HoldChange[]> {
  const payouts = await lockSellerPayouts(tx, userId);
  const hold = holdOf(await openScreeningStatuses(tx, userId));
  const changes: HoldChange[] = [];
  for (const payout of payouts) {
    const from = payout.complianceHold;
    const to = payout.status === 'pending' ? hold : from === null ? null : hold;
    if (to === from) continue;
    await setComplianceHold(tx, payout.id, to);
    changes.push({ transactionId: payout.id, from, to });
  }
  return changes;
}

/**
 * Called when a payout is recorded (createTransaction) or retried with new details: screens every
 * name it goes out under and holds it while any of the seller's screenings waits for a decision or
 * was blocked. Inside the caller's transaction, before its hand-over job can run. Returns the hold.
 */
export async function holdPayoutOnSanctionsMatch(
  tx: DbOrTx,
  { transactionId, threshold }: { transactionId: string; threshold: number },
): Promise<ComplianceHold | null> {
  const payout = await findPayoutHold(tx, transactionId);
  if (!payout) throw notFound('That payout');
  for (const name of await namesOfPayout(tx, payout)) {
    await screenSeller(tx, { userId: payout.userId, name, context: 'payout', transactionId, threshold });
  }
  const hold = holdOf(await openScreeningStatuses(tx, payout.userId));
  if (hold !== payout.complianceHold) {
    await setComplianceHold(tx, transactionId, hold);
    if (hold) await writeAuditEntries(tx, [heldEntry(transactionId, hold)]);
  }
  return hold;
}

/**
 * At ID review (kyc reviewKyc, on approval): the name on the ID. A possible match holds the seller's
 * waiting payouts at once; the reviewer is told in the answer.
 */
export async function screenAtIdReview(
  tx: DbOrTx,
  { userId, name, threshold }: { userId: string; name: string; threshold: number },
) {
  const outcome = await screenSeller(tx, { userId, name, context: 'id-review', threshold });
  if (!outcome.screened) return { status: 'not-screened' as const, message: outcome.message, matches: [] };
  const changes = await syncSellerHolds(tx, userId);
  await writeAuditEntries(
    tx,
    changes.filter((c) => c.to !== null).map((c) => heldEntry(c.transactionId, c.to!)),
  );
  const { status, matches } = outcome.screening;
  return {
    status: status,
    message:
      status === 'possible-match'
        ? `The name on this ID is a possible match on the OFAC SDN list (${matches.map((m) => `${m.listedName}, ${Math.round(m.score * 100)}%`).join('; ')}). The seller's payouts are held until an appraiser clears or blocks it under Sanctions screening.`
        : status === 'blocked'
          ? complianceHoldMessages['sanctions-blocked']
          : 'The name on this ID is not on the OFAC SDN list.',
    matches,
  };
}

function heldEntry(transactionId: string, hold: ComplianceHold): AuditEntryInput {
  return {
    actorId: null,
    entityType: 'transaction',
    entityId: transactionId,
    action: 'sanctions_payout_held',
    fromStatus: null,
    toStatus: null,
    changes: { reason: complianceHoldMessages[hold] },
  };
}
