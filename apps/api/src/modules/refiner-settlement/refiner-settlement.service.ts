// A refiner's settlement entered (issue 28 item 4): typed in or imported as CSV, checked by the
// domain (a net that is not the wire to the cent is refused before anything is read), then in ONE
// transaction: the lots locked and moved to settled, the settlement and its share per lot stored,
// and the ledger posted (the wire, metal sold, charges, and the lots' cost out of inventory). Any
// refusal rolls back all of it. The lots are locked in number order, so two settlements of shared
// lots queue and the second hears a 409; the same reference twice is a 409 too.
import {
  allocateSettlement,
  checkSettlement,
  type LotFineEstimate,
  parseSettlementCsv,
  type RefinerSettlement,
  type SettlementDraftInput,
  settlementLotMessages,
  type SettlementView,
} from '@assay/domain';
import { type Actor, assertAppraiser } from '../../access/actor.ts';
import type { AppContext } from '../../context.ts';
import { badRequest, conflict } from '../../lib/app-error.ts';
import { writeAuditEntry } from '../audit/index.ts';
import { asLedgerConflict, postRefinerSettlement } from '../ledger/index.ts';
import { asClosedLotConflict, settleLotsInTx } from '../melt-lots/index.ts';
import { findActiveRefinerByName, findSettlementByReference, insertSettlement, settlementDetail } from '../refiners/index.ts';

type Ctx = Pick<AppContext, 'db' | 'clock'>;

/** The unique index that answered first, when two requests raced past the reads: its sentence. */
function asUniqueConflict(error: unknown, settlement: RefinerSettlement): unknown {
  for (
    let e: unknown = error, depth = 0;
    e && typeof e === 'object' && depth < 5;
    e = (e as { cause?: unknown }).cause, depth++
  ) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (code !== '23505') continue;
    if (constraint === 'refiner_settlement_lots_lot_idx') {
      return conflict(settlementLotMessages.settled(settlement.lots.map((lot) => lot.lotId).join(', ')));
    }
    return conflict(settlementLotMessages.reference(settlement.reference, settlement.refiner));
  }
  return error;
}

async function enter(
  ctx: Ctx,
  actor: Actor,
  settlement: RefinerSettlement,
  source: 'form' | 'csv',
  csv: string | null,
): Promise<SettlementView> {
  assertAppraiser(actor);
  const id = crypto.randomUUID();
  try {
    await ctx.db.transaction(async (tx) => {
      if (await findSettlementByReference(tx, settlement.refiner, settlement.reference)) {
        throw conflict(settlementLotMessages.reference(settlement.reference, settlement.refiner));
      }
      const refiner = await findActiveRefinerByName(tx, settlement.refiner);
      const refs = settlement.lots.map((lot) => lot.lotId);
      const lots = await settleLotsInTx(tx, actor, refs, ctx.clock.now());
      const estimates: Record<string, LotFineEstimate> = {};
      const costs: Record<string, number> = {};
      lots.forEach((lot, i) => {
        if (lot.estimate) estimates[refs[i]!] = lot.estimate;
        costs[refs[i]!] = lot.costCents;
      });
      const allocated = allocateSettlement(settlement, estimates);
      await insertSettlement(
        tx,
        {
          id,
          refinerId: refiner?.id ?? null,
          refinerName: settlement.refiner,
          reference: settlement.reference,
          settledOn: settlement.date,
          wireCents: settlement.wireCents,
          grossCents: settlement.grossCents,
          chargesCents: settlement.chargesCents,
          source,
          csv,
          enteredBy: actor.id,
        },
        allocated.map((share, position) => ({
          settlementId: id,
          meltLotId: lots[position]!.id,
          position,
          preMeltGrams: settlement.lots[position]!.preMeltGrams,
          postMeltGrams: settlement.lots[position]!.postMeltGrams,
          metals: share.metals,
          grossCents: share.grossCents,
          chargesCents: share.chargesCents,
          charges: share.chargesByKind,
          netCents: share.netCents,
          costCents: lots[position]!.costCents,
          estimatedFineGrams: share.estimatedFineGrams,
          actualFineGrams: share.actualFineGrams,
        })),
      );
      await postRefinerSettlement(tx, id, { settlement, lotCostsCents: costs });
      await writeAuditEntry(tx, {
        actorId: actor.id,
        entityType: 'refiner_settlement',
        entityId: id,
        action: 'refiner_settlement_entered',
        changes: {
          settlementId: id,
          refinerId: refiner?.id ?? null,
          refinerName: settlement.refiner,
          reference: settlement.reference,
          amount: (settlement.wireCents / 100).toFixed(2),
          lotNumbers: lots.map((lot) => lot.number),
          source,
        },
      });
    });
  } catch (error) {
    throw asUniqueConflict(asClosedLotConflict(asLedgerConflict(error)), settlement);
  }
  return settlementDetail(ctx, actor, id);
}

/** A settlement typed into the form; the route's schema has already run the same check. */
export function enterSettlement(ctx: Ctx, actor: Actor, draft: SettlementDraftInput) {
  const checked = checkSettlement(draft);
  if (!checked.ok) throw badRequest(checked.problems.join(' '));
  return enter(ctx, actor, checked.settlement, 'form', null);
}

/** A settlement imported from its CSV (docs/refiner-settlement-csv.md). */
export function importSettlement(ctx: Ctx, actor: Actor, csv: string) {
  const checked = parseSettlementCsv(csv);
  if (!checked.ok) throw badRequest(checked.problems.join(' '));
  return enter(ctx, actor, checked.settlement, 'csv', csv);
}
