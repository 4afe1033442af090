// The reads of the margin: settled lots' shares (refiner settlements), the items in them with what
// each cost (the accepted offer's line), and the goodwill paid with payouts. A view's own queries:
// they stitch the refiners', melt lots', custody's, offers' and payouts' tables, read-only.
import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  itemLocations,
  meltLots,
  offerLines,
  offers,
  refinerSettlementLots,
  refinerSettlements,
  submissionItems,
  transactions,
} from '../../db/schema/index.ts';

export function settledLotShares(db: DbOrTx) {
  return db
    .select({
      lotId: refinerSettlementLots.meltLotId,
      lotNumber: meltLots.number,
      refinerName: refinerSettlements.refinerName,
      settledOn: refinerSettlements.settledOn,
      costCents: refinerSettlementLots.costCents,
      grossCents: refinerSettlementLots.grossCents,
      chargesCents: refinerSettlementLots.chargesCents,
      estimatedFineGrams: refinerSettlementLots.estimatedFineGrams,
      actualFineGrams: refinerSettlementLots.actualFineGrams,
    })
    .from(refinerSettlementLots)
    .innerJoin(refinerSettlements, eq(refinerSettlements.id, refinerSettlementLots.settlementId))
    .innerJoin(meltLots, eq(meltLots.id, refinerSettlementLots.meltLotId))
    .orderBy(asc(refinerSettlements.settledOn), asc(meltLots.number));
}

/** The items in these lots with their accepted offer line (what the seller was paid, and the reading). */
export function itemsOfLots(db: DbOrTx, lotIds: readonly string[]) {
  if (lotIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      itemId: itemLocations.itemId,
      lotId: itemLocations.meltLotId,
      submissionId: submissionItems.submissionId,
      amount: offerLines.amount,
      weight: offerLines.weight,
      weightUnit: offerLines.weightUnit,
      purityPercent: offerLines.purityPercent,
    })
    .from(itemLocations)
    .innerJoin(submissionItems, eq(submissionItems.id, itemLocations.itemId))
    .innerJoin(offerLines, eq(offerLines.itemId, itemLocations.itemId))
    .innerJoin(offers, and(eq(offers.id, offerLines.offerId), eq(offers.status, 'accepted')))
    .where(inArray(itemLocations.meltLotId, [...lotIds]));
}

/** Payouts that carried goodwill (decision 036), with the submission and the day it was owed. */
export function goodwillPayouts(db: DbOrTx) {
  return db
    .select({ submissionId: transactions.submissionId, cents: transactions.goodwillAmount, createdAt: transactions.createdAt })
    .from(transactions)
    .where(gt(transactions.goodwillAmount, 0));
}
