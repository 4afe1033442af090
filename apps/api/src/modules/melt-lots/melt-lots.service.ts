// Melt lots' commands and reads (issue 28 item 3), appraisers only. A lot is created for one sort
// category; a bought item in the vault or a bin joins it by its custody tag (its category read from
// its current offer's lines), leaves it while it is open, and the lot moves one state at a time.
// The hold and a closed lot are the database's (triggers); their refusals are answered with 409s.
import {
  addressLines,
  type AuditChanges,
  type AddLotItemBody,
  type AdvanceMeltLotBody,
  type CreateMeltLotBody,
  custodyMessages,
  dollarsToCents,
  itemFineGrams,
  type LotFineEstimate,
  type LotItem,
  lotItemOf,
  lotInsuranceProblem,
  lotJoinProblem,
  lotLeaveProblem,
  lotShipmentProblem,
  lotSummary,
  lotTransitionProblem,
  type MeltLot,
  type MeltLotDetail,
  type MeltLotList,
  type MeltLotState,
  meltLotMessages,
  meltLotRouteMessages,
  meltSortCategoryLabels,
  metalOfCategory,
  normalizeItemTag,
  type OfferedLine,
  type ShipMeltLotBody,
  type ShippingAddress,
  shortId,
  settlementLotMessages,
  settlementLotProblem,
  type SpotPrices,
  spotPricesFromMetalPrices,
  type StoneChoice,
  policeHoldMessages,
} from '@assay/domain';
import { type Actor, assertAppraiser } from '../../access/actor.ts';
import { type CarrierLabel, type CarrierLabelRequest, carrierFailureOf } from '../../adapters/carriers/carrier.ts';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { isClosedLotRefusal } from '../../db/closed-lot-guard.ts';
import { holdRefusalOf } from '../../db/hold-guard.ts';
import { policeHoldRefusalOf } from '../../db/police-hold-guard.ts';
import { markOutsideEffect } from '../../db/transaction-retry.ts';
import { AppError, badRequest, conflict, notFound } from '../../lib/app-error.ts';
import { writeAuditEntry } from '../audit/index.ts';
import { findCustodyItem, findCustodyItemByTag, moveItemForLot } from '../custody/index.ts';
import { findActiveRefiner, refinerAddressOf } from '../refiners/index.ts';
import { carrierLabelImage, keepCarrierLabelImage, renderLabelPdf } from '../shipping-labels/index.ts';
import { lockSubmissionRow } from '../submissions/index.ts';
import {
  currentLinesOfItems,
  findLot,
  insertLot,
  itemsInLots,
  listLots,
  lockLot,
  lockLotsByRef,
  lotNumberOf,
  type MeltLotRow,
  paidForLotItems,
  setLotLabelImageKey,
  stoneChoiceOf,
  updateLot,
} from './melt-lots.repository.ts';

type Ctx = Pick<AppContext, 'db' | 'clock' | 'pricing'>;

/** Today's spot per metal, from the pricing record's current prices; a metal without one is left out. */
function spotNow(ctx: Ctx): Partial<SpotPrices> {
  const perOz = Object.fromEntries(ctx.pricing.snapshot().rows.map((row) => [row.itemType, row.pricePerOz]));
  const full = spotPricesFromMetalPrices(perOz);
  if (full) return full;
  const partial: Partial<SpotPrices> = {};
  for (const metal of ['silver', 'platinum', 'palladium'] as const) if (perOz[metal]) partial[metal] = perOz[metal];
  return partial;
}

type LotItemRow = Awaited<ReturnType<typeof itemsInLots>>[number];

/** Each item's reading for the lot; an item whose lines no longer read (never, once stored) is left out. */
async function readingsOf(db: DbOrTx, items: readonly LotItemRow[]) {
  const lines = await currentLinesOfItems(
    db,
    items.map((item) => item.itemId),
  );
  const byItem = new Map<string, OfferedLine[]>();
  for (const line of lines) byItem.set(line.itemId!, [...(byItem.get(line.itemId!) ?? []), line]);
  const readings = new Map<string, LotItem>();
  for (const item of items) {
    const reading = lotItemOf(item.stoneChoice as StoneChoice | null, byItem.get(item.itemId) ?? []);
    if (reading.ok) readings.set(item.itemId, reading.item);
  }
  return readings;
}

const personOf = (name: string | null, email: string | null) => name || email || null;

function toLot(
  row: { lot: MeltLotRow; creatorName: string | null; creatorEmail: string | null },
  items: readonly LotItem[],
  spot: Partial<SpotPrices>,
): MeltLot {
  const { lot } = row;
  const summary = lotSummary(items, spot);
  return {
    id: lot.id,
    number: lot.number,
    category: lot.category,
    state: lot.state,
    itemCount: summary.itemCount,
    grossGrams: summary.grossGrams,
    stoneCount: summary.stoneCount,
    metals: [...summary.metals],
    estimatedValueCents: summary.estimatedValueCents,
    refinerName: lot.refinerName,
    carrier: lot.carrier,
    trackingNumber: lot.trackingNumber,
    service: lot.service,
    postageCents: lot.postage,
    insuredValueCents: lot.insuredValue,
    hasLabel: lot.carrier !== null,
    validForPostage: lot.labelValidForPostage,
    createdBy: personOf(row.creatorName, row.creatorEmail),
    createdAt: lot.createdAt.toISOString(),
    shippedAt: lot.shippedAt?.toISOString() ?? null,
    assayedAt: lot.assayedAt?.toISOString() ?? null,
    settledAt: lot.settledAt?.toISOString() ?? null,
    closedAt: lot.closedAt?.toISOString() ?? null,
    version: lot.version,
  };
}

export async function listMeltLots(ctx: Ctx, actor: Actor): Promise<MeltLotList> {
  assertAppraiser(actor);
  const rows = await listLots(ctx.db);
  const items = await itemsInLots(
    ctx.db,
    rows.map((row) => row.lot.id),
  );
  const readings = await readingsOf(ctx.db, items);
  const spot = spotNow(ctx);
  return {
    lots: rows.map((row) =>
      toLot(
        row,
        items.filter((item) => item.meltLotId === row.lot.id).flatMap((item) => readings.get(item.itemId) ?? []),
        spot,
      ),
    ),
  };
}

export async function meltLotDetail(ctx: Ctx, actor: Actor, id: string): Promise<MeltLotDetail> {
  assertAppraiser(actor);
  const row = await findLot(ctx.db, id);
  if (!row) throw notFound('That melt lot');
  const items = await itemsInLots(ctx.db, [id]);
  const readings = await readingsOf(ctx.db, items);
  return {
    lot: toLot(
      row,
      items.flatMap((item) => readings.get(item.itemId) ?? []),
      spotNow(ctx),
    ),
    items: items.flatMap((item) => {
      const reading = readings.get(item.itemId);
      if (!reading) return [];
      return [
        {
          itemId: item.itemId,
          tag: item.tag,
          submissionId: item.submissionId,
          shortId: shortId(item.submissionId),
          position: item.position,
          description: item.description,
          weight: String(reading.grossWeight),
          weightUnit: reading.weightUnit,
          purityPercent: String(reading.purityPercent),
          fineGrams: itemFineGrams(reading),
          stoneCount: reading.stoneCount,
          addedAt: item.movedAt.toISOString(),
        },
      ];
    }),
  };
}

export async function createMeltLot(ctx: Ctx, actor: Actor, body: CreateMeltLotBody): Promise<MeltLotDetail> {
  assertAppraiser(actor);
  const lot = await ctx.db.transaction(async (tx) => {
    const row = await insertLot(tx, { category: body.category, createdBy: actor.id });
    await writeAuditEntry(tx, {
      actorId: actor.id,
      entityType: 'melt_lot',
      entityId: row.id,
      action: 'melt_lot_created',
      changes: { meltLotId: row.id, lotNumber: row.number, category: row.category },
    });
    return row;
  });
  return meltLotDetail(ctx, actor, lot.id);
}

/** The database's refusals (the hold, a police hold, a closed lot) as the 409 sentences an appraiser reads. */
async function asLotConflict(ctx: Ctx, error: unknown, itemId: string | null): Promise<unknown> {
  const police = policeHoldRefusalOf(error);
  if (police) return conflict(policeHoldMessages.refused(police.caseNumber));
  const hold = holdRefusalOf(error);
  if (hold) {
    const until = hold.holdUntil ?? (itemId ? (await findCustodyItem(ctx.db, itemId))?.holdUntil : null);
    return until ? conflict(custodyMessages.onHold(until)) : conflict(custodyMessages.notBought);
  }
  if (isClosedLotRefusal(error)) return conflict(meltLotMessages.closed);
  return error;
}

async function lockedLotOrNotFound(tx: DbOrTx, id: string) {
  const lot = await lockLot(tx, id);
  if (!lot) throw notFound('That melt lot');
  return lot;
}

/**
 * Puts a bought item, found by its tag, into an open lot of its category. The submission row is
 * locked first (decision 024's order, as custody's moves), then the lot: of two appraisers adding
 * one item to two lots at once, the second finds it in the first's lot and hears a 409.
 */
export async function addItemToLot(ctx: Ctx, actor: Actor, lotId: string, body: AddLotItemBody): Promise<MeltLotDetail> {
  assertAppraiser(actor);
  const tag = normalizeItemTag(body.tag);
  if (!tag) throw badRequest(custodyMessages.tagUnreadable);
  let itemId: string | null = null;
  try {
    await ctx.db.transaction(async (tx) => {
      const seen = await findCustodyItemByTag(tx, tag);
      if (!seen) throw badRequest(meltLotRouteMessages.tagNotFound(tag));
      itemId = seen.itemId;
      await lockSubmissionRow(tx, seen.submissionId);
      const lot = await lockedLotOrNotFound(tx, lotId);
      const item = (await findCustodyItem(tx, seen.itemId))!;
      if (lot.state !== 'open') throw conflict(meltLotMessages.notOpen(lot.state));
      if (item.place === 'melt-lot') {
        const inLot = item.meltLotId === lot.id ? lot.number : ((await lotNumberOf(tx, item.meltLotId!)) ?? item.meltLotId!);
        throw conflict(lotJoinProblem({ item: { category: lot.category, lotId: inLot }, lot: { ...lot, id: lot.number } })!);
      }
      if (item.place !== 'vault' && item.place !== 'bin') throw badRequest(meltLotRouteMessages.notInCustody);
      if (item.submissionStatus !== 'completed' || item.itemOutcome === 'returned')
        throw badRequest(meltLotRouteMessages.notBought);
      const lines = await currentLinesOfItems(tx, [item.itemId]);
      const reading = lotItemOf(await stoneChoiceOf(tx, item.itemId), lines);
      if (!reading.ok) throw badRequest(reading.reason);
      const problem = lotJoinProblem({ item: { category: reading.category, lotId: null }, lot });
      if (problem) throw badRequest(problem);
      const moved = await moveItemForLot(
        tx,
        actor,
        item,
        { place: 'melt-lot', meltLotId: lot.id },
        `Into melt lot ${lot.number}`,
      );
      if (!moved) throw conflict(custodyMessages.movedMeanwhile);
      await updateLot(tx, lot.id, {});
      await writeAuditEntry(tx, {
        actorId: actor.id,
        entityType: 'melt_lot',
        entityId: lot.id,
        action: 'melt_lot_item_added',
        changes: {
          meltLotId: lot.id,
          lotNumber: lot.number,
          itemId: item.itemId,
          tag: item.tag,
          submissionId: item.submissionId,
        },
      });
    });
  } catch (error) {
    throw await asLotConflict(ctx, error, itemId);
  }
  return meltLotDetail(ctx, actor, lotId);
}

/** Takes an item out of an open lot, back to the vault. */
export async function removeItemFromLot(ctx: Ctx, actor: Actor, lotId: string, itemId: string): Promise<MeltLotDetail> {
  assertAppraiser(actor);
  try {
    await ctx.db.transaction(async (tx) => {
      const seen = await findCustodyItem(tx, itemId);
      if (!seen) throw notFound('That item');
      await lockSubmissionRow(tx, seen.submissionId);
      const lot = await lockedLotOrNotFound(tx, lotId);
      const item = (await findCustodyItem(tx, itemId))!;
      const problem = lotLeaveProblem({ itemLotId: item.meltLotId, lot });
      if (problem) throw conflict(problem);
      const moved = await moveItemForLot(tx, actor, item, { place: 'vault' }, `Out of melt lot ${lot.number}`);
      if (!moved) throw conflict(custodyMessages.movedMeanwhile);
      await updateLot(tx, lot.id, {});
      await writeAuditEntry(tx, {
        actorId: actor.id,
        entityType: 'melt_lot',
        entityId: lot.id,
        action: 'melt_lot_item_removed',
        changes: { meltLotId: lot.id, lotNumber: lot.number, itemId, tag: item.tag, submissionId: item.submissionId },
      });
    });
  } catch (error) {
    throw await asLotConflict(ctx, error, itemId);
  }
  return meltLotDetail(ctx, actor, lotId);
}

/**
 * Moves a shipped lot one state on (assayed, settled, closed). Shipping is shipMeltLot's: it buys
 * the label, so the schema sends "shipped" there with a sentence.
 */
export async function advanceMeltLot(ctx: Ctx, actor: Actor, lotId: string, body: AdvanceMeltLotBody): Promise<MeltLotDetail> {
  assertAppraiser(actor);
  try {
    await ctx.db.transaction(async (tx) => {
      const lot = await lockedLotOrNotFound(tx, lotId);
      const problem = lotTransitionProblem(lot.state, body.to);
      if (problem) throw conflict(problem);
      // An open lot's next state is shipped, which lotTransitionProblem allows only from open.
      if (body.to === 'open') throw conflict(meltLotMessages.same('open'));
      const now = ctx.clock.now();
      const changes: Partial<MeltLotRow> =
        body.to === 'assayed'
          ? { state: 'assayed', assayedAt: now }
          : body.to === 'settled'
            ? { state: 'settled', settledAt: now }
            : { state: 'closed', closedAt: now };
      await updateLot(tx, lot.id, changes);
      await auditLotAdvanced(tx, actor.id, lot, body.to);
    });
  } catch (error) {
    throw await asLotConflict(ctx, error, null);
  }
  return meltLotDetail(ctx, actor, lotId);
}

type ShipCtx = Ctx & Pick<AppContext, 'carrier' | 'config' | 'storage' | 'log'>;

const lotLabelImageKey = (lotId: string) => `labels/melt-lot-${lotId}.png`;

/**
 * The carrier's failure as the sentence an appraiser can act on; the lot is left open. A carrier
 * that may have bought a label says so, with its shipment, so nobody buys a second one blindly.
 */
function carrierRefusal(error: unknown): unknown {
  const failure = carrierFailureOf(error);
  if (!failure) return error;
  if (failure.kind === 'purchase_unknown') {
    return new AppError(
      'BAD_GATEWAY',
      `The carrier may have sold a label for this lot but its answer was lost (${failure.message}). The lot is still open: ` +
        `look the shipment up at the carrier${failure.shipmentId ? ` (${failure.shipmentId})` : ''} before shipping it again.`,
    );
  }
  if (failure.kind === 'address_invalid') {
    return badRequest(
      `The carrier refused an address (${failure.message}). The lot is still open: correct the refiner's address on the Refiners page and ship again.`,
    );
  }
  if (failure.retrySafe) {
    return new AppError(
      'SERVICE_UNAVAILABLE',
      `The carrier could not make the label just now (${failure.message}). Nothing was bought and the lot is still open; please try again in a minute.`,
    );
  }
  return new AppError(
    'BAD_GATEWAY',
    `The carrier refused the label (${failure.message}). Nothing was recorded and the lot is still open.`,
  );
}

/**
 * Ships an open lot to a refiner with a label bought through the configured carrier: from the
 * business's address to the refiner's, insured for the amount asked (at least the lot's value at
 * today's spot), the lot's number as the carrier's reference. The lot's row is locked before the
 * carrier is asked and held until the label is stored, so of two appraisers shipping one lot the
 * second waits, finds it shipped and hears a 409: the carrier is asked once. Buying postage acts
 * outside the database, so the transaction is never retried (decision 024); a carrier that fails
 * leaves the lot open with its sentence (503 when trying again is safe, 502 otherwise).
 */
export async function shipMeltLot(ctx: ShipCtx, actor: Actor, lotId: string, body: ShipMeltLotBody): Promise<MeltLotDetail> {
  assertAppraiser(actor);
  const askedCents = dollarsToCents(body.insuredValue)!;
  let refused: string | null = null;
  try {
    refused = await ctx.db.transaction(async (tx) => {
      const lot = await lockedLotOrNotFound(tx, lotId);
      const problem = lotTransitionProblem(lot.state, 'shipped');
      if (problem) throw conflict(problem);
      const refiner = await findActiveRefiner(tx, body.refinerId);
      if (!refiner) throw badRequest(meltLotRouteMessages.unknownRefiner);
      const receiver = refinerAddressOf(refiner);
      const items = await itemsInLots(tx, [lot.id]);
      const summary = lotSummary([...(await readingsOf(tx, items)).values()], spotNow(ctx));
      const shipment = lotShipmentProblem({
        itemCount: summary.itemCount,
        refiner: { name: refiner.name, hasAddress: receiver !== null },
        insuredCents: askedCents,
        estimatedValueCents: summary.estimatedValueCents,
      });
      if (shipment) throw summary.itemCount === 0 ? conflict(shipment) : badRequest(shipment);

      const sender = ctx.config.receivingLabelAddress;
      markOutsideEffect(tx);
      // The carrier's 'return' is an ordinary outbound shipment from us (adapters/carriers).
      const request: CarrierLabelRequest = {
        direction: 'return',
        sender,
        receiver: receiver!,
        insuredValueCents: askedCents,
        reference: lot.number,
      };
      let made: CarrierLabel;
      try {
        made = await ctx.carrier.createLabel(request);
      } catch (error) {
        throw carrierRefusal(error);
      }
      const bought = {
        meltLotId: lot.id,
        lotNumber: lot.number,
        carrier: made.carrier,
        trackingNumber: made.trackingNumber,
        shipmentId: made.shipmentId ?? null,
      };
      const short = lotInsuranceProblem({ askedCents, confirmedCents: made.insuredCents, trackingNumber: made.trackingNumber });
      if (short) {
        // Kept though the lot is not shipped: the label exists at the carrier and is to be voided.
        await writeAuditEntry(tx, {
          actorId: actor.id,
          entityType: 'melt_lot',
          entityId: lot.id,
          action: 'melt_lot_label_refused',
          changes: {
            ...bought,
            insuredValue: body.insuredValue,
            confirmedInsuredValue: made.insuredCents === undefined ? null : centsText(made.insuredCents),
          },
        });
        return short;
      }
      try {
        const labelImageKey = made.labelUrl
          ? await keepCarrierLabelImage(ctx.carrier, ctx.storage, lotLabelImageKey(lot.id), made.labelUrl)
          : null;
        const insuredCents = made.insuredCents ?? askedCents;
        await updateLot(tx, lot.id, {
          state: 'shipped',
          refinerName: refiner.name,
          trackingNumber: made.trackingNumber,
          insuredValue: insuredCents,
          carrier: made.carrier,
          shipmentId: made.shipmentId ?? null,
          service: made.service ?? null,
          postage: made.rateCents ?? null,
          labelUrl: made.labelUrl ?? null,
          labelImageKey,
          labelValidForPostage: made.validForPostage,
          labelSender: sender,
          labelReceiver: receiver,
          shippedAt: ctx.clock.now(),
        });
        await auditLotAdvanced(tx, actor.id, lot, 'shipped', {
          ...bought,
          refinerId: refiner.id,
          refinerName: refiner.name,
          insuredValue: centsText(insuredCents),
          validForPostage: made.validForPostage,
        });
      } catch (error) {
        // The postage is bought and this transaction will not keep it: say where to find it.
        ctx.log.error(
          { err: error, ...bought },
          'a carrier label was bought for a melt lot but could not be recorded; void it at the carrier',
        );
        throw error;
      }
      return null;
    });
  } catch (error) {
    throw await asLotConflict(ctx, error, null);
  }
  if (refused) throw new AppError('BAD_GATEWAY', refused);
  return meltLotDetail(ctx, actor, lotId);
}

const centsText = (cents: number) => (cents / 100).toFixed(2);

/** The lot's label as a 4x6 PDF (the carrier's image, or drawn and marked when not valid for postage), with its packing slip. */
export async function meltLotLabelPdf(ctx: ShipCtx, actor: Actor, lotId: string) {
  assertAppraiser(actor);
  const row = await findLot(ctx.db, lotId);
  if (!row) throw notFound('That melt lot');
  const { lot } = row;
  if (lot.carrier === null || lot.trackingNumber === null) throw conflict(meltLotRouteMessages.noLabel);
  const items = await itemsInLots(ctx.db, [lot.id]);
  const summary = lotSummary([...(await readingsOf(ctx.db, items)).values()], {});
  const carrierImage = await carrierLabelImage(
    ctx,
    { labelUrl: lot.labelUrl, labelImageKey: lot.labelImageKey, key: lotLabelImageKey(lot.id) },
    // A closed lot's row refuses every write (its trigger): its image is then fetched each time.
    (key) =>
      setLotLabelImageKey(ctx.db, lot.id, key).catch((error: unknown) => {
        if (!isClosedLotRefusal(error)) throw error;
      }),
  );
  const receiver = lot.labelReceiver as ShippingAddress;
  const pdf = await renderLabelPdf({
    carrierImage,
    direction: 'return',
    trackingNumber: lot.trackingNumber,
    carrier: lot.carrier,
    validForPostage: lot.labelValidForPostage === true,
    insuredValueCents: lot.insuredValue ?? 0,
    submissionId: lot.id,
    sender: lot.labelSender as ShippingAddress,
    receiver,
    freeReturn: null,
    createdAt: lot.shippedAt ?? lot.createdAt,
    reference: { heading: 'TO REFINER', line: `Melt lot ${lot.number}`, slipOwner: `Refiner: ${addressLines(receiver)[0]}` },
    slip: {
      sellerName: receiver.name,
      description: `${summary.itemCount} item${summary.itemCount === 1 ? '' : 's'} of ${meltSortCategoryLabels[lot.category]}, ${summary.grossGrams} g gross.`,
      details: summary.metals.map((m) => `Estimated fine ${m.metal}: ${m.fineGrams} g`),
    },
  });
  return { filename: `melt-lot-${lot.number}-label.pdf`, pdf };
}

/** A lot as a refiner's settlement settles it: what our tests estimated it held, and what it cost. */
export interface LotToSettle {
  readonly id: string;
  readonly number: string;
  readonly category: MeltLotRow['category'];
  readonly refinerName: string | null;
  readonly estimate: LotFineEstimate | null;
  readonly costCents: number;
}

/**
 * Inside the settlement's transaction: locks the lots a settlement names (by number or id), checks
 * each was shipped or assayed (a closed, settled or open lot is a 409; a lot not found a 400), and
 * moves each to settled, audited as any lot move. Answers each lot's estimate and cost, in the
 * order the refs were given.
 */
export async function settleLotsInTx(tx: DbOrTx, actor: Actor, refs: readonly string[], now: Date): Promise<LotToSettle[]> {
  assertAppraiser(actor);
  const rows = await lockLotsByRef(tx, refs);
  const byRef = new Map<string, MeltLotRow>();
  for (const row of rows) {
    byRef.set(row.number, row);
    byRef.set(row.id, row);
  }
  const missing = refs.filter((ref) => !byRef.has(ref));
  if (missing.length > 0) throw badRequest(settlementLotMessages.unknown(missing));
  const lots = refs.map((ref) => byRef.get(ref)!);
  if (new Set(lots.map((lot) => lot.id)).size !== lots.length) throw badRequest(settlementLotMessages.twice);
  for (const lot of lots) {
    const problem = settlementLotProblem(lot.number, lot.state);
    if (problem) throw conflict(problem);
  }
  const ids = lots.map((lot) => lot.id);
  const items = await itemsInLots(tx, ids);
  const readings = await readingsOf(tx, items);
  const costs = await paidForLotItems(tx, ids);
  const answer: LotToSettle[] = [];
  for (const lot of lots) {
    const lotItems = items.filter((item) => item.meltLotId === lot.id).flatMap((item) => readings.get(item.itemId) ?? []);
    const metal = lotSummary(lotItems, {}).metals.find((m) => m.metal === metalOfCategory(lot.category));
    // A shipped lot settled straight away was assayed by the settlement: its assay is on it.
    await updateLot(tx, lot.id, { state: 'settled', assayedAt: lot.assayedAt ?? now, settledAt: now });
    await auditLotAdvanced(tx, actor.id, lot, 'settled');
    answer.push({
      id: lot.id,
      number: lot.number,
      category: lot.category,
      refinerName: lot.refinerName,
      estimate: metal ? { metal: metal.metal, fineGrams: metal.fineGrams } : null,
      costCents: costs.get(lot.id) ?? 0,
    });
  }
  return answer;
}

/** A closed-lot trigger's refusal as the 409 it is; anything else as it was. */
export function asClosedLotConflict(error: unknown): unknown {
  return isClosedLotRefusal(error) ? conflict(meltLotMessages.closed) : error;
}

/** Every move of a lot to its next state, whichever command made it, is audited the same way. */
async function auditLotAdvanced(
  tx: DbOrTx,
  actorId: string,
  lot: Pick<MeltLotRow, 'id' | 'number' | 'state'>,
  to: MeltLotState,
  more: AuditChanges = {},
): Promise<void> {
  await writeAuditEntry(tx, {
    actorId,
    entityType: 'melt_lot',
    entityId: lot.id,
    action: 'melt_lot_advanced',
    fromStatus: lot.state,
    toStatus: to,
    changes: { meltLotId: lot.id, lotNumber: lot.number, ...more, previousLotState: lot.state, lotState: to },
  });
}
