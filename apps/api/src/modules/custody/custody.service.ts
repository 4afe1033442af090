// Custody's commands and reads (issue 28 item 2), appraisers only: bins, moves, the search, and the
// placing of a received parcel's items in the vault (called by the appraisal workflow's receive,
// inside its transaction). The hold is the database's (db/hold-guard.ts); a move it refuses is
// answered with a 409 sentence naming the day the hold ends.
import {
  type Bin,
  type BinDetail,
  type BinList,
  type CreateBinBody,
  type CustodyItem,
  type CustodyItemList,
  type CustodyMoves,
  type CustodySearchQuery,
  custodyMessages,
  isCustodyHoldOver,
  isCustodyReady,
  type MoveItemBody,
  moveRefusal,
  normalizeItemTag,
  policeHoldMessages,
  type RenameBinBody,
  shortId,
} from '@assay/domain';
import { type Actor, assertAppraiser } from '../../access/actor.ts';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { holdRefusalOf } from '../../db/hold-guard.ts';
import { policeHoldRefusalOf } from '../../db/police-hold-guard.ts';
import { badRequest, conflict, notFound } from '../../lib/app-error.ts';
import { writeAuditEntry } from '../audit/index.ts';
import { lockSubmissionRow } from '../submissions/index.ts';
import {
  type BinRow,
  countInBin,
  countInPlace,
  type CustodyItemRow,
  custodyItemsWhere,
  custodyWhere,
  findBin,
  findBinByIdOrCode,
  findCustodyItem,
  insertBin,
  insertMove,
  itemIdsOfSubmissions,
  listBinsWithCounts,
  listMoves,
  lockBin,
  moveIfAt,
  placeItems,
  submissionOfItem,
  updateBin,
  type Whereabouts,
} from './custody.repository.ts';

type Ctx = Pick<AppContext, 'db' | 'clock'>;

const personOf = (name: string | null, email: string | null) => name || email || null;

function toCustodyItem(row: CustodyItemRow, now: Date): CustodyItem {
  return {
    itemId: row.itemId,
    submissionId: row.submissionId,
    shortId: shortId(row.submissionId),
    position: row.position,
    description: row.description,
    tag: row.tag,
    place: row.place,
    bin: row.binId && row.binCode ? { id: row.binId, code: row.binCode } : null,
    meltLotId: row.meltLotId,
    submissionStatus: row.submissionStatus,
    itemOutcome: row.itemOutcome,
    holdUntil: row.holdUntil?.toISOString() ?? null,
    holdOver: isCustodyHoldOver(row.holdUntil, now),
    ready: isCustodyReady(row, now),
    movedAt: row.movedAt.toISOString(),
    movedBy: personOf(row.movedByName, row.movedByEmail),
    version: row.version,
    policeHoldCase: row.policeHoldCase,
  };
}

function toBin(row: BinRow, counts: { itemCount: number; readyCount: number }): Bin {
  return {
    id: row.id,
    code: row.code,
    label: row.label,
    archivedAt: row.archivedAt?.toISOString() ?? null,
    itemCount: counts.itemCount,
    readyCount: counts.readyCount,
  };
}

async function binWithCounts(ctx: Ctx, id: string): Promise<Bin> {
  const found = (await listBinsWithCounts(ctx.db, ctx.clock.now())).find((row) => row.bin.id === id);
  if (!found) throw notFound('That bin');
  return toBin(found.bin, found);
}

/** A unique index answering first (two appraisers naming two bins alike): the sentence it means. */
function asBinCodeConflict(error: unknown, code: string | undefined): unknown {
  for (
    let e: unknown = error, depth = 0;
    e && typeof e === 'object' && depth < 5;
    e = (e as { cause?: unknown }).cause, depth++
  ) {
    const { code: sqlState, constraint } = e as { code?: unknown; constraint?: unknown };
    if (sqlState === '23505' && (constraint === undefined || constraint === 'bins_code_idx')) {
      return conflict(custodyMessages.binCodeTaken(code ?? ''));
    }
  }
  return error;
}

export async function listBins(ctx: Ctx, actor: Actor): Promise<BinList> {
  assertAppraiser(actor);
  const [rows, vaultCount] = await Promise.all([listBinsWithCounts(ctx.db, ctx.clock.now()), countInPlace(ctx.db, 'vault')]);
  return { bins: rows.map((row) => toBin(row.bin, row)), vaultCount };
}

export async function createBin(ctx: Ctx, actor: Actor, body: CreateBinBody): Promise<Bin> {
  assertAppraiser(actor);
  try {
    const row = await ctx.db.transaction(async (tx) => {
      const bin = await insertBin(tx, body);
      await writeAuditEntry(tx, {
        actorId: actor.id,
        entityType: 'bin',
        entityId: bin.id,
        action: 'bin_created',
        changes: { binCode: bin.code, binLabel: bin.label },
      });
      return bin;
    });
    return toBin(row, { itemCount: 0, readyCount: 0 });
  } catch (error) {
    throw asBinCodeConflict(error, body.code);
  }
}

export async function renameBin(ctx: Ctx, actor: Actor, id: string, body: RenameBinBody): Promise<Bin> {
  assertAppraiser(actor);
  try {
    await ctx.db.transaction(async (tx) => {
      const bin = await lockBin(tx, id);
      if (!bin) throw notFound('That bin');
      const changes = {
        ...(body.code !== undefined && body.code !== bin.code ? { code: body.code } : {}),
        ...(body.label !== undefined && body.label !== bin.label ? { label: body.label } : {}),
      };
      if (Object.keys(changes).length === 0) return;
      const updated = (await updateBin(tx, id, changes))!;
      await writeAuditEntry(tx, {
        actorId: actor.id,
        entityType: 'bin',
        entityId: id,
        action: 'bin_renamed',
        changes: { binCode: updated.code, binLabel: updated.label, previousBinCode: bin.code, previousBinLabel: bin.label },
      });
    });
  } catch (error) {
    throw asBinCodeConflict(error, body.code);
  }
  return binWithCounts(ctx, id);
}

/** An archived bin takes no more items and keeps its code; only an empty bin is archived. */
export async function archiveBin(ctx: Ctx, actor: Actor, id: string): Promise<Bin> {
  assertAppraiser(actor);
  await ctx.db.transaction(async (tx) => {
    const bin = await lockBin(tx, id);
    if (!bin) throw notFound('That bin');
    if (bin.archivedAt) throw conflict(custodyMessages.binAlreadyArchived);
    const inside = await countInBin(tx, id);
    if (inside > 0) throw conflict(custodyMessages.binNotEmpty(inside));
    await updateBin(tx, id, { archivedAt: ctx.clock.now() });
    await writeAuditEntry(tx, {
      actorId: actor.id,
      entityType: 'bin',
      entityId: id,
      action: 'bin_archived',
      changes: { binCode: bin.code, binLabel: bin.label },
    });
  });
  return binWithCounts(ctx, id);
}

export async function binDetail(ctx: Ctx, actor: Actor, id: string): Promise<BinDetail> {
  assertAppraiser(actor);
  const bin = await binWithCounts(ctx, id);
  const now = ctx.clock.now();
  const rows = await custodyItemsWhere(ctx.db, custodyWhere.bin(id));
  return { bin, items: rows.map((row) => toCustodyItem(row, now)) };
}

/** Items by submission (its id or short id), by bin (its id or code) or by tag. */
export async function searchCustody(ctx: Ctx, actor: Actor, query: CustodySearchQuery): Promise<CustodyItemList> {
  assertAppraiser(actor);
  const now = ctx.clock.now();
  let where;
  if (query.tag !== undefined) {
    const tag = normalizeItemTag(query.tag);
    if (!tag) throw badRequest(custodyMessages.tagUnreadable);
    where = custodyWhere.tag(tag);
  } else if (query.bin !== undefined) {
    const bin = await findBinByIdOrCode(ctx.db, query.bin);
    if (!bin) return { items: [] };
    where = custodyWhere.bin(bin.id);
  } else {
    where = custodyWhere.submission(query.submission!);
  }
  const rows = await custodyItemsWhere(ctx.db, where);
  return { items: rows.map((row) => toCustodyItem(row, now)) };
}

async function itemOrNotFound(db: DbOrTx, itemId: string) {
  const row = await findCustodyItem(db, itemId);
  if (row) return row;
  const item = await submissionOfItem(db, itemId);
  if (item && !item.receivedAt) throw badRequest(custodyMessages.notReceived);
  throw notFound('That item');
}

export async function itemMoves(ctx: Ctx, actor: Actor, itemId: string): Promise<CustodyMoves> {
  assertAppraiser(actor);
  const row = await itemOrNotFound(ctx.db, itemId);
  const moves = await listMoves(ctx.db, itemId);
  return {
    item: toCustodyItem(row, ctx.clock.now()),
    moves: moves.map((move) => ({
      id: move.id,
      fromPlace: move.fromPlace,
      fromBin: move.fromBin,
      fromMeltLotId: move.fromMeltLotId,
      toPlace: move.toPlace,
      toBin: move.toBin,
      toMeltLotId: move.toMeltLotId,
      by: personOf(move.byName, move.byEmail),
      at: move.at.toISOString(),
      note: move.note,
    })),
  };
}

/**
 * Moves one item, if it is where the mover saw it (`version`): of two appraisers moving it at once,
 * the second hears that it moved meanwhile. The submission row is locked first (decision 024's
 * lock order), so a move and a status change or a disposition of the same parcel queue up.
 */
export async function moveItem(ctx: Ctx, actor: Actor, itemId: string, body: MoveItemBody): Promise<CustodyItem> {
  assertAppraiser(actor);
  try {
    await ctx.db.transaction(async (tx) => {
      const seen = await itemOrNotFound(tx, itemId);
      await lockSubmissionRow(tx, seen.submissionId);
      const current = (await findCustodyItem(tx, itemId))!;
      if (current.version !== body.version) throw conflict(custodyMessages.movedMeanwhile);
      let toBinCode: string | null = null;
      if (body.to === 'bin') {
        const bin = await findBin(tx, body.binId!);
        if (!bin) throw badRequest(custodyMessages.binNotFound);
        if (bin.archivedAt) throw badRequest(custodyMessages.binArchived);
        toBinCode = bin.code;
      }
      const from: Whereabouts = { place: current.place, binId: current.binId, meltLotId: current.meltLotId };
      const to: Whereabouts = { place: body.to, binId: body.to === 'bin' ? body.binId! : null, meltLotId: null };
      const refusal = moveRefusal(from, { place: body.to, binId: to.binId }, current);
      if (refusal) throw badRequest(refusal);
      if (!(await moveAndRecord(tx, actor, current, to, toBinCode, body.note ?? null))) {
        throw conflict(custodyMessages.movedMeanwhile);
      }
    });
  } catch (error) {
    const police = policeHoldRefusalOf(error);
    if (police) throw conflict(policeHoldMessages.refused(police.caseNumber));
    const hold = holdRefusalOf(error);
    if (hold) throw conflict(custodyMessages.onHold(hold.holdUntil ?? (await findCustodyItem(ctx.db, itemId))!.holdUntil!));
    throw error;
  }
  return toCustodyItem((await findCustodyItem(ctx.db, itemId))!, ctx.clock.now());
}

/**
 * Receipt: every item of the parcel goes into the vault with its tag, in the receive command's
 * transaction, and each placing is on the submission's history.
 */
export async function placeReceivedItems(tx: DbOrTx, actor: Actor, submissionId: string) {
  const items = await itemIdsOfSubmissions(tx, [submissionId]);
  const placed = await placeItems(
    tx,
    items.map((item) => ({ itemId: item.id, place: 'vault' as const })),
    actor.id,
    'Received',
  );
  return placed.map((row) => ({ itemId: row.itemId, tag: row.tag }));
}

/**
 * Rows written whole elsewhere (the demo's samples): the items of received parcels get their first
 * place as if received, the vault, or 'returned' for a parcel already gone back.
 */
export async function placeItemsOfSubmissions(tx: DbOrTx, parcels: readonly { id: string; returned: boolean }[], note: string) {
  const returned = new Set(parcels.filter((p) => p.returned).map((p) => p.id));
  const items = await itemIdsOfSubmissions(
    tx,
    parcels.map((p) => p.id),
  );
  await placeItems(
    tx,
    items.map((item) => ({
      itemId: item.id,
      place: returned.has(item.submissionId) ? ('returned' as const) : ('vault' as const),
    })),
    null,
    note,
  );
}

/** An item's custody row by its tag as printed ("AS-000123"), or null. */
export async function findCustodyItemByTag(db: DbOrTx, tag: string) {
  const [row] = await custodyItemsWhere(db, custodyWhere.tag(tag));
  return row ?? null;
}

/**
 * The melt lots module's move (issue 28 item 3): an item into a lot, or out of one back to the
 * vault, inside the lot's transaction, after the caller locked the submission row and checked the
 * lot's rules. Logged and audited as any move; false when the item moved meanwhile (its version).
 * The hold and a closed lot are the database's: their triggers raise through this.
 */
export async function moveItemForLot(
  tx: DbOrTx,
  actor: Actor,
  current: CustodyItemRow,
  to: { place: 'melt-lot'; meltLotId: string } | { place: 'vault' },
  note: string,
): Promise<boolean> {
  const where: Whereabouts = { place: to.place, binId: null, meltLotId: to.place === 'melt-lot' ? to.meltLotId : null };
  return moveAndRecord(tx, actor, current, where, null, note);
}

/**
 * The police holds module's move (issue 28 item 6): a held item handed to the police leaves our
 * custody for good ('surrendered'), inside the surrender's transaction, after the caller locked the
 * submission row. Logged and audited as any move; false when the item moved meanwhile.
 */
export async function surrenderItemToPolice(tx: DbOrTx, actor: Actor, current: CustodyItemRow, note: string): Promise<boolean> {
  return moveAndRecord(tx, actor, current, { place: 'surrendered', binId: null, meltLotId: null }, null, note);
}

/**
 * Every move's one way: the row moved at the version the caller read, the move logged, and the
 * 'item_moved' entry on the submission's history. False when the item moved meanwhile.
 */
async function moveAndRecord(
  tx: DbOrTx,
  actor: Actor,
  current: CustodyItemRow,
  to: Whereabouts,
  toBinCode: string | null,
  note: string | null,
): Promise<boolean> {
  const from: Whereabouts = { place: current.place, binId: current.binId, meltLotId: current.meltLotId };
  if (!(await moveIfAt(tx, current.itemId, current.version, to, actor.id))) return false;
  await insertMove(tx, { itemId: current.itemId, from, to, movedBy: actor.id, note });
  await writeAuditEntry(tx, {
    actorId: actor.id,
    entityType: 'submission',
    entityId: current.submissionId,
    action: 'item_moved',
    changes: {
      itemId: current.itemId,
      position: current.position,
      tag: current.tag,
      fromPlace: current.place,
      toPlace: to.place,
      fromBin: current.binCode,
      toBin: toBinCode,
      ...(note ? { note } : {}),
    },
  });
  return true;
}
