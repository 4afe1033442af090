// Refiners (issue 28 item 4): the admin's list of the refiners lots are shipped to, with their terms
// and charges; added, changed and retired (never deleted: settlements point at them), each audited.
// Also the reads of settlements, which the refiner-settlement workflow writes.
import {
  centsToDecimalString,
  dollarsToCents,
  type RefinerFields,
  type RefinerInput,
  refinerInputSchema,
  refinerMessages,
  type RefinersResponse,
  type RefinerView,
  type SettlementsResponse,
  type SettlementView,
  type ShippingAddress,
} from '@assay/domain';
import { type Actor, assertAppraiser } from '../../access/actor.ts';
import type { AppContext } from '../../context.ts';
import { conflict, notFound } from '../../lib/app-error.ts';
import { writeAuditEntry } from '../audit/index.ts';
import {
  insertRefiner,
  listRefinerRows,
  listSettlementRows,
  lockRefiner,
  type RefinerChanges,
  type RefinerRow,
  type RefinerSettlementRow,
  findSettlement,
  settlementLotsOf,
  updateRefiner,
} from './refiners.repository.ts';

type Ctx = Pick<AppContext, 'db'>;

const dollars = (cents: number | null) => (cents === null ? null : centsToDecimalString(cents));
const cents = (text: string | null) => (text === null ? null : dollarsToCents(text));

/** The refiner's shipping address, or null while it has none (the columns are whole or empty, by CHECK). */
export function refinerAddressOf(row: RefinerRow): ShippingAddress | null {
  if (row.addressName === null) return null;
  return {
    name: row.addressName,
    line1: row.addressLine1!,
    line2: row.addressLine2,
    city: row.addressCity!,
    state: row.addressState!,
    postalCode: row.addressPostalCode!,
    phone: row.addressPhone,
  };
}

function addressColumns(address: ShippingAddress | null) {
  return {
    addressName: address?.name ?? null,
    addressLine1: address?.line1 ?? null,
    addressLine2: address?.line2 ?? null,
    addressCity: address?.city ?? null,
    addressState: address?.state ?? null,
    addressPostalCode: address?.postalCode ?? null,
    addressPhone: address?.phone ?? null,
  };
}

function toView(row: RefinerRow): RefinerView {
  return {
    id: row.id,
    name: row.name,
    terms: row.terms,
    refiningPercent: row.refiningPercent,
    refiningPerOz: dollars(row.refiningPerOz),
    assayFee: dollars(row.assayFee),
    shippingFee: dollars(row.shippingFee),
    wireFee: dollars(row.wireFee),
    address: refinerAddressOf(row),
    retired: row.retiredAt !== null,
  };
}

function toChanges(input: RefinerFields): RefinerChanges {
  return {
    name: input.name,
    terms: input.terms,
    refiningPercent: input.refiningPercent,
    refiningPerOz: cents(input.refiningPerOz),
    assayFee: cents(input.assayFee),
    shippingFee: cents(input.shippingFee),
    wireFee: cents(input.wireFee),
    ...addressColumns(input.address),
  };
}

/** A second active refiner of the same name (the unique index answered): the sentence it means. */
function asNameTaken(error: unknown, name: string): unknown {
  for (
    let e: unknown = error, depth = 0;
    e && typeof e === 'object' && depth < 5;
    e = (e as { cause?: unknown }).cause, depth++
  ) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (code === '23505' && (constraint === undefined || constraint === 'refiners_active_name_idx')) {
      return conflict(refinerMessages.nameTaken(name));
    }
  }
  return error;
}

export async function listRefiners(ctx: Ctx, actor: Actor): Promise<RefinersResponse> {
  assertAppraiser(actor);
  return { refiners: (await listRefinerRows(ctx.db)).map(toView) };
}

export async function addRefiner(ctx: Ctx, actor: Actor, body: RefinerInput): Promise<RefinerView> {
  assertAppraiser(actor);
  const input = refinerInputSchema.parse(body);
  try {
    return await ctx.db.transaction(async (tx) => {
      const row = await insertRefiner(tx, toChanges(input));
      await writeAuditEntry(tx, {
        actorId: actor.id,
        entityType: 'refiner',
        entityId: row.id,
        action: 'refiner_added',
        changes: { refinerId: row.id, refinerName: row.name },
      });
      return toView(row);
    });
  } catch (error) {
    throw asNameTaken(error, input.name);
  }
}

export async function changeRefiner(ctx: Ctx, actor: Actor, id: string, body: RefinerInput): Promise<RefinerView> {
  assertAppraiser(actor);
  const input = refinerInputSchema.parse(body);
  try {
    return await ctx.db.transaction(async (tx) => {
      const before = await lockRefiner(tx, id);
      if (!before) throw notFound('That refiner');
      if (before.retiredAt) throw conflict(refinerMessages.retired);
      const row = await updateRefiner(tx, id, toChanges(input));
      await writeAuditEntry(tx, {
        actorId: actor.id,
        entityType: 'refiner',
        entityId: row.id,
        action: 'refiner_updated',
        changes: { refinerId: row.id, refinerName: row.name },
      });
      return toView(row);
    });
  } catch (error) {
    throw asNameTaken(error, input.name);
  }
}

export async function retireRefiner(ctx: Ctx, actor: Actor, id: string): Promise<RefinerView> {
  assertAppraiser(actor);
  return ctx.db.transaction(async (tx) => {
    const before = await lockRefiner(tx, id);
    if (!before) throw notFound('That refiner');
    if (before.retiredAt) throw conflict(refinerMessages.retired);
    const row = await updateRefiner(tx, id, { retiredAt: new Date() });
    await writeAuditEntry(tx, {
      actorId: actor.id,
      entityType: 'refiner',
      entityId: row.id,
      action: 'refiner_retired',
      changes: { refinerId: row.id, refinerName: row.name },
    });
    return toView(row);
  });
}

async function toSettlementViews(ctx: Ctx, rows: readonly RefinerSettlementRow[]): Promise<SettlementView[]> {
  const shares = await settlementLotsOf(
    ctx.db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    id: row.id,
    refinerId: row.refinerId,
    refinerName: row.refinerName,
    reference: row.reference,
    date: row.settledOn,
    wireCents: row.wireCents,
    grossCents: row.grossCents,
    chargesCents: row.chargesCents,
    source: row.source as 'form' | 'csv',
    createdAt: row.createdAt.toISOString(),
    lots: shares
      .filter(({ share }) => share.settlementId === row.id)
      .map(({ share, lotNumber }) => ({
        lotId: share.meltLotId,
        lotNumber,
        preMeltGrams: share.preMeltGrams,
        postMeltGrams: share.postMeltGrams,
        grossCents: share.grossCents,
        chargesCents: share.chargesCents,
        netCents: share.netCents,
        costCents: share.costCents,
        estimatedFineGrams: share.estimatedFineGrams,
        actualFineGrams: share.actualFineGrams,
      })),
  }));
}

/** The settlements, newest first, each with its share per lot. */
export async function listSettlements(ctx: Ctx, actor: Actor): Promise<SettlementsResponse> {
  assertAppraiser(actor);
  return { settlements: await toSettlementViews(ctx, await listSettlementRows(ctx.db)) };
}

export async function settlementDetail(ctx: Ctx, actor: Actor, id: string): Promise<SettlementView> {
  assertAppraiser(actor);
  const row = await findSettlement(ctx.db, id);
  if (!row) throw notFound('That settlement');
  return (await toSettlementViews(ctx, [row]))[0]!;
}
