// The margin, visible (issue 28 item 5): a view over settled lots. Per lot: what its items cost
// (stored with the settlement) against the refiner's gross and charges for it. Per submission: its
// items' share of their lots' proceeds by estimated fine weight (margin.ts), goodwill beside. Per
// month: lots by the settlement's date, goodwill by the day its payout was made. Accuracy: each
// lot's estimated against actual fine grams, per refiner per month.
import {
  accuracyByRefiner,
  fineWeightAccuracy,
  itemFineGrams,
  marginByLot,
  marginByMonth,
  marginBySubmission,
  type MarginReport,
  parseExactDecimal,
} from '@assay/domain';
import { type Actor, assertAppraiser } from '../../access/actor.ts';
import type { AppContext } from '../../context.ts';
import { goodwillPayouts, itemsOfLots, settledLotShares } from './margin.repository.ts';

type Ctx = Pick<AppContext, 'db'>;

export async function marginReport(ctx: Ctx, actor: Actor): Promise<MarginReport> {
  assertAppraiser(actor);
  const [shares, goodwillRows] = await Promise.all([settledLotShares(ctx.db), goodwillPayouts(ctx.db)]);
  const items = await itemsOfLots(
    ctx.db,
    shares.map((share) => share.lotId),
  );

  const byLot = marginByLot(
    shares.map((share) => ({
      lotId: share.lotId,
      paidToSellersCents: share.costCents,
      receivedCents: share.grossCents,
      feesCents: share.chargesCents,
    })),
  );
  const lots = shares.map((share, i) => {
    const estimated = share.estimatedFineGrams ? parseExactDecimal(share.estimatedFineGrams) : null;
    const actual = share.actualFineGrams ? parseExactDecimal(share.actualFineGrams) : null;
    const accuracy = actual ? fineWeightAccuracy(actual, estimated) : { percent: null, flag: 'unknown' as const };
    return {
      ...byLot[i]!,
      lotNumber: share.lotNumber,
      refinerName: share.refinerName,
      settledOn: share.settledOn,
      estimatedFineGrams: share.estimatedFineGrams,
      actualFineGrams: share.actualFineGrams,
      accuracyPercent: accuracy.percent,
      accuracy: accuracy.flag,
    };
  });

  const goodwillOf: Record<string, number> = {};
  for (const row of goodwillRows) goodwillOf[row.submissionId] = (goodwillOf[row.submissionId] ?? 0) + row.cents;
  const submissions = marginBySubmission({
    items: items.map((item) => ({
      itemId: item.itemId,
      submissionId: item.submissionId,
      lotId: item.lotId,
      paidCents: item.amount,
      estimatedFineGrams: itemFineGrams({
        grossWeight: item.weight,
        weightUnit: item.weightUnit,
        purityPercent: item.purityPercent ?? '0',
        stoneWeight: null,
      }),
    })),
    settledLots: shares.map((share) => ({ lotId: share.lotId, receivedCents: share.grossCents, feesCents: share.chargesCents })),
    goodwillCents: goodwillOf,
  });

  const months = marginByMonth(
    shares.map((share) => ({
      lotId: share.lotId,
      settledOn: share.settledOn,
      paidToSellersCents: share.costCents,
      receivedCents: share.grossCents,
      feesCents: share.chargesCents,
    })),
    goodwillRows.map((row) => ({ paidOn: row.createdAt.toISOString().slice(0, 10), cents: row.cents })),
  );

  const accuracy = accuracyByRefiner(
    shares
      .filter((share) => share.estimatedFineGrams && share.actualFineGrams)
      .map((share) => ({
        refiner: share.refinerName,
        settledOn: share.settledOn,
        estimatedFineGrams: share.estimatedFineGrams!,
        actualFineGrams: share.actualFineGrams!,
      })),
  );
  return {
    lots,
    submissions: submissions.map((s) => ({ ...s })),
    months: months.map((m) => ({ ...m })),
    accuracy: accuracy.map((a) => ({ ...a, months: [...a.months] })),
  };
}
