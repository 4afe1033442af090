// The appraisers' decisions on possible sanctions matches (DECISIONS "Compliance"): clear releases
// the seller's held payouts and queues their hand-over again; block keeps them held for good.
import {
  customerLabel,
  type SanctionsScreening,
  type ScreeningContext,
  type ScreeningDecision,
  screeningDecisionSchema,
  type ScreeningStatus,
} from '@assay/domain';
import { type Actor, assertAppraiser } from '../../access/actor.ts';
import type { AppContext } from '../../context.ts';
import { badRequest, conflict, notFound } from '../../lib/app-error.ts';
import { type AuditEntryInput, writeAuditEntries } from '../audit/index.ts';
import { findPayout, queueHandover } from '../payouts/index.ts';
import {
  decidePossibleMatch,
  findListOf,
  findScreening,
  listScreeningRows,
  type ScreeningRow,
  syncSellerHolds,
} from '../compliance/index.ts';

function toScreeningDto({
  screening: s,
  listPublishedOn,
}: {
  screening: ScreeningRow;
  listPublishedOn: string;
}): SanctionsScreening {
  return {
    id: s.id,
    userId: s.userId,
    customerLabel: customerLabel(s.userId),
    transactionId: s.transactionId,
    context: s.context as ScreeningContext,
    listId: s.listId,
    listPublishedOn,
    screenedName: s.screenedName,
    matches: s.matches,
    status: s.status,
    decidedBy: s.decidedBy,
    decidedAt: s.decidedAt?.toISOString() ?? null,
    reason: s.reason,
    createdAt: s.createdAt.toISOString(),
  };
}

const SCREENING_LIST_LIMIT = 200;

export async function listScreenings(
  { db }: Pick<AppContext, 'db'>,
  admin: Actor,
  { status }: { status?: ScreeningStatus | undefined },
) {
  assertAppraiser(admin);
  const rows = await listScreeningRows(db, { status, limit: SCREENING_LIST_LIMIT });
  return rows.map(toScreeningDto);
}

/**
 * Clear (not the listed person: the seller's payouts are released and handed over again) or block
 * (the payouts stay held, marked blocked, and are never paid). Audited on the screening and on each
 * payout it changed; a screening already decided is a 409.
 */
export async function decideScreening(
  ctx: Pick<AppContext, 'db' | 'clock' | 'payouts'>,
  admin: Actor,
  input: { screeningId: string } & Partial<ScreeningDecision>,
): Promise<SanctionsScreening> {
  assertAppraiser(admin);
  const parsed = screeningDecisionSchema.safeParse({ decision: input.decision, reason: input.reason });
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? 'The decision is not valid.');
  const { decision, reason } = parsed.data;
  return ctx.db.transaction(async (tx) => {
    const decided = await decidePossibleMatch(tx, input.screeningId, {
      status: decision === 'clear' ? 'cleared' : 'blocked',
      decidedBy: admin.id,
      decidedAt: ctx.clock.now(),
      reason,
    });
    if (!decided) {
      const existing = await findScreening(tx, input.screeningId);
      if (!existing) throw notFound('That screening');
      throw conflict(`This screening was already decided (${existing.status}); it cannot be decided again.`);
    }
    const action = decision === 'clear' ? 'sanctions_cleared' : 'sanctions_blocked';
    const best = decided.matches[0];
    const facts = { reason, screeningId: decided.id, ...(best ? { listedName: best.listedName, score: best.score } : {}) };
    const changes = await syncSellerHolds(tx, decided.userId);
    await writeAuditEntries(tx, [
      {
        actorId: admin.id,
        entityType: 'sanctions_screening',
        entityId: decided.id,
        action,
        fromStatus: 'possible-match',
        toStatus: decided.status,
        changes: facts,
      },
      ...changes.map((c): AuditEntryInput => ({
        actorId: admin.id,
        entityType: 'transaction',
        entityId: c.transactionId,
        action,
        fromStatus: null,
        toStatus: null,
        changes: facts,
      })),
    ]);
    for (const change of changes) {
      if (change.to !== null) continue;
      const payout = await findPayout(tx, change.transactionId);
      if (payout?.status === 'pending') await queueHandover(tx, ctx, payout);
    }
    return toScreeningDto({ screening: decided, listPublishedOn: (await findListOf(tx, decided.listId))?.publishedOn ?? '' });
  });
}
