// The appraiser re-issues the current offer at the day's prices.
import { itemTypes, type ItemType, lineReferencePrice, proposedLineAmountCents, sellersPriceRows } from '@assay/domain';
import { type Actor, assertAppraiser } from '../../access/actor.ts';
import type { AppContext } from '../../context.ts';
import { conflict } from '../../lib/app-error.ts';
import { linesOfOffer, type NewOfferLine } from '../offers/index.ts';
import { priceLockOf } from '../pricing/index.ts';
import { loadForChange } from './submission-change.ts';
import { offerVersionIn, plainLine, openOfferOf } from './offer-version.ts';

/**
 * POST /api/admin/submissions/{id}/offer/reissue: the current offer (lapsed or not) again at the
 * day's prices (or the parcel's locked prices where higher, while locked). Each itemised line takes the reference price, its source and time, and is
 * re-proposed at the same % paid; a line whose amount left its proposal (with a reason: a stone
 * deducted, solder) keeps that same difference and its reason. A line that is only an amount keeps it.
 */
export async function reissueOffer(ctx: AppContext, actor: Actor, { id }: { id: string }) {
  assertAppraiser(actor);
  const live = ctx.pricing.snapshot().rows;
  return ctx.db.transaction(async (tx) => {
    const row = await loadForChange(tx, id);
    // The day's prices, lifted to the parcel's locked ones while its lock is in force.
    const prices = sellersPriceRows(live, await priceLockOf(tx, row.id), ctx.clock.now());
    const offer = await openOfferOf(tx, row);
    const lines: NewOfferLine[] = [];
    let totalCents = 0;
    for (const line of await linesOfOffer(tx, offer.id)) {
      const basis =
        line.material && line.percentPaid && line.purityPercent && (itemTypes as readonly string[]).includes(line.material);
      if (!basis) {
        lines.push({
          ...plainLine(line.description, line.weight, line.weightUnit, line.amount),
          itemId: line.itemId,
          copiedFrom: line.id,
        });
        totalCents += line.amount;
        continue;
      }
      const price = lineReferencePrice(line.material as ItemType, prices);
      if (!price) throw conflict(`There is no current price for ${line.material}, so line ${line.position} cannot be re-priced.`);
      const proposed = proposedLineAmountCents({
        referencePrice: price.referencePrice,
        referenceUnit: price.referenceUnit,
        weight: line.weight,
        weightUnit: line.weightUnit,
        purityPercent: line.purityPercent!,
        percentPaid: line.percentPaid!,
      });
      // The appraiser's adjustment to the old proposal (with its reason) carries over unchanged.
      const adjustment = line.proposedAmount === null ? 0 : line.amount - line.proposedAmount;
      const amountCents = Math.max(0, Number(proposed) + adjustment);
      lines.push({
        itemId: line.itemId,
        // The same item, re-priced: its bench tests follow it into the new version.
        copiedFrom: line.id,
        description: line.description,
        material: line.material,
        weight: line.weight,
        weightUnit: line.weightUnit,
        purityPercent: line.purityPercent,
        testMethod: line.testMethod,
        referencePrice: price.referencePrice,
        referenceUnit: price.referenceUnit,
        priceSource: price.priceSource,
        pricedAt: new Date(price.pricedAt),
        percentPaid: line.percentPaid,
        proposedAmount: Number(proposed),
        amount: amountCents,
        // The reason given for leaving the band or the proposal stays with the line.
        reason: line.reason,
      });
      totalCents += amountCents;
    }
    if (totalCents <= 0) throw conflict("At today's prices this offer comes to $0.00; make a new offer instead.");
    return offerVersionIn(tx, ctx, actor, row, {
      totalCents,
      lines,
      actualWeight: row.actualWeight ?? lines[0]!.weight,
      notes: {},
      origin: 'reissued',
    });
  });
}
