// What a refiner's settlement posts to the ledger (issue 28 item 4), in the ledger's own accounts
// (ledger.ts): the wire into cash, each lot's metal sold at the refiner's gross, each lot's share of
// the charges as an expense, and each lot's items out of inventory into cost of goods sold at what
// the sellers were paid. One posting per settlement, built from the same allocation the lots show,
// and passed through the ledger's one balance rule (post), so debits equal credits to the cent.
import { LedgerError, post, type LedgerLine } from './ledger.ts';
import { formatCents } from './money.ts';
import {
  allocateSettlement,
  settlementChargeKinds,
  settlementChargeLabels,
  type RefinerSettlement,
} from './refiner-settlement.ts';

export interface SettlementPostingInput {
  readonly settlement: RefinerSettlement;
  /**
   * Per lot of the settlement, what its items cost: the sum of what the sellers were paid for them
   * (their share of inventory:purchases). Every lot of the settlement, and no other.
   */
  readonly lotCostsCents: Readonly<Record<string, number>>;
}

function isCents(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}

/**
 * The balanced lines of one settlement. Lines of 0 are left out (the ledger refuses them): a lot
 * without a charge of a kind, or a lot whose items cost nothing (all written off before the melt).
 * Throws LedgerError when a lot's cost is missing, not whole non-negative cents, or given for a lot
 * the settlement does not cover, and when the lots do not add up to the wire.
 */
export function settlementPostings({ settlement, lotCostsCents }: SettlementPostingInput): readonly LedgerLine[] {
  const lotIds = new Set(settlement.lots.map((lot) => lot.lotId));
  for (const lotId of Object.keys(lotCostsCents)) {
    if (!lotIds.has(lotId))
      throw new LedgerError(`Lot ${lotId} is not in settlement ${settlement.reference}, so it has no cost to post here.`);
  }
  for (const lotId of lotIds) {
    const cost = lotCostsCents[lotId];
    if (cost === undefined)
      throw new LedgerError(`Lot ${lotId} has no cost; every lot of a settlement leaves inventory with it.`);
    if (!isCents(cost)) {
      throw new LedgerError(`Lot ${lotId}'s cost must be a whole, non-negative number of cents, got ${String(cost)}.`);
    }
  }
  const allocated = allocateSettlement(settlement);
  const net = allocated.reduce((sum, lot) => sum + lot.netCents, 0);
  if (net !== settlement.wireCents || settlement.netCents !== settlement.wireCents) {
    throw new LedgerError(
      `The lots net ${formatCents(net)} but the wire is ${formatCents(settlement.wireCents)}; a settlement posts only when they agree.`,
    );
  }
  const source = `${settlement.refiner}, ${settlement.reference}`;
  const lines: LedgerLine[] = [
    {
      account: 'asset:cash:refiner-wires',
      debitCents: settlement.wireCents,
      creditCents: 0,
      memo: `Refiner wire received (${source})`,
    },
  ];
  for (const lot of allocated) {
    if (lot.grossCents > 0) {
      lines.push({
        account: 'revenue:metal-sales',
        debitCents: 0,
        creditCents: lot.grossCents,
        memo: `Lot ${lot.lotId}: metal sold (${source})`,
      });
    }
    for (const kind of settlementChargeKinds) {
      const amount = lot.chargesByKind[kind];
      if (amount > 0) {
        lines.push({
          account: 'expense:refining-charges',
          debitCents: amount,
          creditCents: 0,
          memo: `Lot ${lot.lotId}: ${settlementChargeLabels[kind].toLowerCase()} charged (${source})`,
        });
      }
    }
    const cost = lotCostsCents[lot.lotId]!;
    if (cost > 0) {
      const memo = `Lot ${lot.lotId}: items sold to the refiner leave inventory (${source})`;
      lines.push(
        { account: 'expense:cost-of-goods-sold', debitCents: cost, creditCents: 0, memo },
        { account: 'inventory:purchases', debitCents: 0, creditCents: cost, memo },
      );
    }
  }
  return post(lines);
}
