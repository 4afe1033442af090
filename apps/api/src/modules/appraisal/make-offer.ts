// SPEC 7's PUT offers: a one-number offer, or an itemised one checked against the payout rates.
import {
  actualWeightProblem,
  type CheckedOfferLine,
  checkOfferLines,
  type OfferLineBody,
  totalWeightIn,
  isWeightUnit,
  priceLockProblem,
} from '@assay/domain';
import type { Actor } from '../../access/actor.ts';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { badRequest } from '../../lib/app-error.ts';
import { currentOfferOf, linesOfOffer, type NewOfferLine, type OfferLineRow } from '../offers/index.ts';
import { currentPayoutRates } from '../payout-rates/index.ts';
import { priceLockOf } from '../pricing/index.ts';
import type { SubmissionChanges, SubmissionRow } from '../submissions/index.ts';
import { checkedCents } from '../../lib/amounts.ts';
import { offerVersionIn, plainLine } from './offer-version.ts';
import { itemIdsOfLines, oneNumberOfferItemId } from './line-items.ts';

/** The weighed weight is in the submission's unit, which the route's schema could not know. */
function storedWeight(weight: number, unit: string): string {
  const problem = actualWeightProblem(weight, isWeightUnit(unit) ? unit : undefined);
  if (problem) throw badRequest(problem);
  return String(weight);
}

/** SPEC 7's one-number offer: one line that is only an amount (no basis), the weighed weight. */
export async function offerIn(
  tx: DbOrTx,
  ctx: AppContext,
  actor: Actor,
  row: SubmissionRow,
  input: { finalOffer: string; actualWeight: number; notes: SubmissionChanges; version?: number },
) {
  const offerCents = checkedCents(input.finalOffer);
  const actualWeight = storedWeight(input.actualWeight, row.weightUnit);
  return offerVersionIn(tx, ctx, actor, row, {
    totalCents: offerCents,
    actualWeight,
    notes: input.notes,
    version: input.version,
    origin: 'offer',
    lines: [
      {
        ...plainLine(row.description || 'Offer', actualWeight, row.weightUnit, offerCents),
        itemId: await oneNumberOfferItemId(tx, row.id),
      },
    ],
  });
}

/** The stored form of an itemised line, checked. */
function itemisedLine(line: CheckedOfferLine): NewOfferLine {
  return {
    description: line.description,
    material: line.material,
    weight: line.weight,
    weightUnit: line.weightUnit,
    purityPercent: line.purityPercent,
    testMethod: line.testMethod,
    referencePrice: line.referencePrice,
    referenceUnit: line.referenceUnit,
    priceSource: line.priceSource,
    pricedAt: new Date(line.pricedAt),
    percentPaid: line.percentPaid,
    proposedAmount: line.proposedAmount === null ? null : checkedCents(line.proposedAmount),
    amount: checkedCents(line.amount),
    reason: line.reason ?? null,
  };
}

/**
 * A revised offer's line that is a line of the current version again (the same item and the same
 * description, each used once): it names that line, so the bench's tests of it follow (issue 28).
 */
function sameLinesAs(previous: readonly OfferLineRow[], lines: readonly { itemId: string | null; description: string }[]) {
  const unused = [...previous];
  return lines.map((line) => {
    const index = unused.findIndex((old) => old.itemId === line.itemId && old.description.trim() === line.description.trim());
    return index < 0 ? null : unused.splice(index, 1)[0]!.id;
  });
}

/** An itemised offer: each line checked against the payout rates; the total is their sum. */
export async function itemisedOfferIn(
  tx: DbOrTx,
  ctx: AppContext,
  actor: Actor,
  row: SubmissionRow,
  input: { offerLines: OfferLineBody[]; finalOffer?: string; actualWeight?: number; notes: SubmissionChanges; version?: number },
) {
  const rates = Object.values(await currentPayoutRates(tx));
  const checked = checkOfferLines(input.offerLines, rates, input.finalOffer);
  if (!checked.ok) throw badRequest(checked.message);
  // The parcel's price lock (issue 27): no metal line below the price locked at its first scan.
  const lockProblem = priceLockProblem(checked.lines, await priceLockOf(tx, row.id), ctx.clock.now());
  if (lockProblem) throw badRequest(lockProblem);
  const itemIds = await itemIdsOfLines(
    tx,
    row.id,
    input.offerLines.map((line) => line.item),
  );
  const unit = isWeightUnit(row.weightUnit) ? row.weightUnit : 'grams';
  const actualWeight =
    input.actualWeight !== undefined ? storedWeight(input.actualWeight, row.weightUnit) : totalWeightIn(checked.lines, unit);
  if (input.actualWeight === undefined) {
    const problem = actualWeightProblem(Number(actualWeight), unit);
    if (problem) throw badRequest(problem);
  }
  const lines = checked.lines.map((line, index) => ({ ...itemisedLine(line), itemId: itemIds[index] ?? null }));
  const current = row.status === 'offered' ? await currentOfferOf(tx, row.id) : null;
  const copiedFrom = sameLinesAs(current ? await linesOfOffer(tx, current.id) : [], lines);
  return offerVersionIn(tx, ctx, actor, row, {
    totalCents: checked.totalCents,
    actualWeight,
    notes: input.notes,
    version: input.version,
    origin: 'offer',
    lines: lines.map((line, index) => ({ ...line, copiedFrom: copiedFrom[index] })),
  });
}
