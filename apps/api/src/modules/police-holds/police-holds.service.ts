// Police holds' commands and reads (issue 28 item 6), appraisers only. Each command locks the
// item's submission row first (decision 024's order, as custody's moves), so of two appraisers
// releasing or surrendering one hold at once the second finds it ended and hears a 409. The rule
// that a held item goes into no melt lot and is not sold is the database's (db/police-hold-guard.ts).
import {
  type PlacePoliceHoldBody,
  type PoliceHold,
  type PoliceHoldList,
  policeHoldMessages,
  policeHoldPlaceRefusal,
  type ReleasePoliceHoldBody,
  type SurrenderPoliceHoldBody,
} from '@assay/domain';
import { type Actor, assertAppraiser } from '../../access/actor.ts';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { conflict, notFound } from '../../lib/app-error.ts';
import { writeAuditEntry } from '../audit/index.ts';
import { findCustodyItem, surrenderItemToPolice } from '../custody/index.ts';
import { asLedgerConflict, postPoliceSurrender } from '../ledger/index.ts';
import { lockSubmissionRow } from '../submissions/index.ts';
import {
  activeHoldOf,
  costOfItem,
  endHoldIfActive,
  findHold,
  holdsOfItem,
  insertHold,
  payoutOfSubmission,
  peopleNamed,
  type PoliceHoldRow,
  submissionOfItem,
} from './police-holds.repository.ts';

type Ctx = Pick<AppContext, 'db'>;

function toPoliceHold(row: PoliceHoldRow, submissionId: string, names: Map<string, string>): PoliceHold {
  return {
    id: row.id,
    itemId: row.itemId,
    submissionId,
    agency: row.agency,
    officer: row.officer,
    badgeNumber: row.badgeNumber,
    caseNumber: row.caseNumber,
    reason: row.reason,
    status: row.status,
    placedBy: row.placedBy ? (names.get(row.placedBy) ?? null) : null,
    placedAt: row.placedAt.toISOString(),
    endedBy: row.endedBy ? (names.get(row.endedBy) ?? null) : null,
    endedAt: row.endedAt?.toISOString() ?? null,
    releaseNote: row.releaseNote,
    surrenderReference: row.surrenderReference,
    writtenOffCents: row.writtenOffCents,
  };
}

async function holdAnswer(db: DbOrTx, id: string): Promise<PoliceHold> {
  const row = (await findHold(db, id))!;
  const submissionId = (await submissionOfItem(db, row.itemId))!;
  return toPoliceHold(row, submissionId, await peopleNamed(db, [row.placedBy, row.endedBy]));
}

function isOneActiveRefusal(error: unknown): boolean {
  for (
    let e: unknown = error, depth = 0;
    e && typeof e === 'object' && depth < 5;
    e = (e as { cause?: unknown }).cause, depth++
  ) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (code === '23505' && (constraint === undefined || constraint === 'police_holds_one_active_idx')) return true;
  }
  return false;
}

export async function listPoliceHolds(ctx: Ctx, actor: Actor, itemId: string): Promise<PoliceHoldList> {
  assertAppraiser(actor);
  if (!(await submissionOfItem(ctx.db, itemId))) throw notFound('That item');
  const rows = await holdsOfItem(ctx.db, itemId);
  return { holds: rows.map((r) => toPoliceHold(r.hold, r.submissionId, r.names)) };
}

export async function placePoliceHold(ctx: Ctx, actor: Actor, body: PlacePoliceHoldBody): Promise<PoliceHold> {
  assertAppraiser(actor);
  const submissionId = await submissionOfItem(ctx.db, body.itemId);
  if (!submissionId) throw notFound('That item');
  let id: string;
  try {
    id = await ctx.db.transaction(async (tx) => {
      await lockSubmissionRow(tx, submissionId);
      const location = await findCustodyItem(tx, body.itemId);
      const refusal = policeHoldPlaceRefusal(location?.place ?? null);
      if (refusal) throw conflict(refusal);
      const held = await activeHoldOf(tx, body.itemId);
      if (held) throw conflict(policeHoldMessages.alreadyHeld(held.caseNumber));
      const row = await insertHold(tx, {
        itemId: body.itemId,
        agency: body.agency,
        officer: body.officer,
        badgeNumber: body.badgeNumber,
        caseNumber: body.caseNumber,
        reason: body.reason,
        placedBy: actor.id,
      });
      await writeAuditEntry(tx, {
        actorId: actor.id,
        entityType: 'submission',
        entityId: submissionId,
        action: 'police_hold_placed',
        changes: {
          itemId: body.itemId,
          tag: location!.tag,
          policeHoldId: row.id,
          agency: body.agency,
          officer: body.officer,
          badgeNumber: body.badgeNumber,
          caseNumber: body.caseNumber,
        },
      });
      return row.id;
    });
  } catch (error) {
    if (isOneActiveRefusal(error)) {
      const held = await activeHoldOf(ctx.db, body.itemId);
      throw conflict(policeHoldMessages.alreadyHeld(held?.caseNumber ?? ''));
    }
    throw error;
  }
  return holdAnswer(ctx.db, id);
}

/** The hold under its submission's lock, or 404; a 409 when it has already ended. */
async function lockedActiveHold(tx: DbOrTx, id: string) {
  const seen = await findHold(tx, id);
  if (!seen) throw notFound('That police hold');
  const submissionId = (await submissionOfItem(tx, seen.itemId))!;
  await lockSubmissionRow(tx, submissionId);
  const hold = (await findHold(tx, id))!;
  if (hold.status !== 'active') throw conflict(policeHoldMessages.ended(hold.status));
  return { hold, submissionId };
}

export async function releasePoliceHold(ctx: Ctx, actor: Actor, id: string, body: ReleasePoliceHoldBody): Promise<PoliceHold> {
  assertAppraiser(actor);
  await ctx.db.transaction(async (tx) => {
    const { hold, submissionId } = await lockedActiveHold(tx, id);
    const ended = await endHoldIfActive(tx, id, { status: 'released', endedBy: actor.id, releaseNote: body.note || null });
    if (!ended) throw conflict(policeHoldMessages.ended('released'));
    await writeAuditEntry(tx, {
      actorId: actor.id,
      entityType: 'submission',
      entityId: submissionId,
      action: 'police_hold_released',
      changes: { itemId: hold.itemId, policeHoldId: id, caseNumber: hold.caseNumber, ...(body.note ? { note: body.note } : {}) },
    });
  });
  return holdAnswer(ctx.db, id);
}

/**
 * The item leaves with the police: custody 'surrendered', the hold ended with the police's receipt,
 * and, for an item we paid for, its cost written off inventory on the payout that paid it. An item
 * not bought (still the seller's) leaves without a write-off: it never was in inventory.
 */
export async function surrenderPoliceHold(
  ctx: Ctx,
  actor: Actor,
  id: string,
  body: SurrenderPoliceHoldBody,
): Promise<PoliceHold> {
  assertAppraiser(actor);
  try {
    await ctx.db.transaction(async (tx) => {
      const { hold, submissionId } = await lockedActiveHold(tx, id);
      const location = await findCustodyItem(tx, hold.itemId);
      if (!location) throw conflict(policeHoldMessages.notReceived);
      if (location.place === 'melt-lot') throw conflict(policeHoldMessages.inMeltLot);
      const refusal = policeHoldPlaceRefusal(location.place);
      if (refusal) throw conflict(refusal);
      const bought = location.submissionStatus === 'completed' && location.itemOutcome !== 'returned';
      const payoutId = bought ? await payoutOfSubmission(tx, submissionId) : null;
      const cost = payoutId ? await costOfItem(tx, hold.itemId) : 0;
      const ended = await endHoldIfActive(tx, id, {
        status: 'surrendered',
        endedBy: actor.id,
        surrenderReference: body.reference,
        writtenOffCents: payoutId ? cost : null,
        writeOffTransactionId: payoutId,
      });
      if (!ended) throw conflict(policeHoldMessages.ended('surrendered'));
      const moved = await surrenderItemToPolice(tx, actor, location, `Surrendered to the police (case ${hold.caseNumber})`);
      if (!moved) throw conflict(policeHoldMessages.movedMeanwhile);
      if (payoutId && cost > 0) {
        await postPoliceSurrender(tx, { transactionId: payoutId, costCents: cost, caseNumber: hold.caseNumber });
      }
      await writeAuditEntry(tx, {
        actorId: actor.id,
        entityType: 'submission',
        entityId: submissionId,
        action: 'police_hold_surrendered',
        changes: {
          itemId: hold.itemId,
          tag: location.tag,
          policeHoldId: id,
          caseNumber: hold.caseNumber,
          reference: body.reference,
          writtenOffCents: payoutId ? cost : 0,
        },
      });
    });
  } catch (error) {
    throw asLedgerConflict(error);
  }
  return holdAnswer(ctx.db, id);
}
