// The appraiser accepts the seller's counter-offer.
import { COUNTER_ACCEPTED_LINE, counterAcceptedLines } from '@assay/domain';
import { type Actor, assertAppraiser } from '../../access/actor.ts';
import type { AppContext } from '../../context.ts';
import { conflict } from '../../lib/app-error.ts';
import { asNewLine, itemDecisionsOf, linesOfOffer } from '../offers/index.ts';
import { loadForChange } from './submission-change.ts';
import { offerVersionIn, plainLine, openOfferOf } from './offer-version.ts';

/**
 * POST /api/admin/submissions/{id}/counter/accept: the seller's counter-offer becomes the offer, a
 * new version that keeps the appraisal's lines with their basis (so the offer page still explains
 * every dollar) and totals the counter's amount (issue 27 item 9, `counterAcceptedLines`).
 */
export async function acceptCounterOffer(ctx: AppContext, actor: Actor, { id }: { id: string }) {
  assertAppraiser(actor);
  return ctx.db.transaction(async (tx) => {
    const row = await loadForChange(tx, id);
    const offer = await openOfferOf(tx, row);
    if (offer.counterStatus !== 'open' || offer.counterAmount === null) {
      throw conflict('There is no counter-offer waiting on the current offer.');
    }
    const appraised = (await linesOfOffer(tx, offer.id)).map(asNewLine);
    const weight = row.actualWeight ?? appraised[0]?.weight ?? '1';
    const itemChoices = await itemDecisionsOf(tx, offer.id);
    const counterLines = (lines: typeof appraised, counterCents: number, itemId: string | null) =>
      counterAcceptedLines(lines, counterCents, (amount) => ({
        ...plainLine(COUNTER_ACCEPTED_LINE, weight, row.weightUnit, amount),
        itemId,
      }));
    // A counter made item by item: each accepted item keeps its lines, each countered one is moved
    // to its counter, and a declined one is left out (it comes back when the offer is settled).
    const lines =
      itemChoices.length === 0
        ? counterLines(appraised, offer.counterAmount, appraised[0]?.itemId ?? null)
        : itemChoices.flatMap((choice) => {
            const ofItem = appraised.filter((line) => line.itemId === choice.itemId);
            if (choice.decision === 'accept') return ofItem;
            if (choice.decision === 'counter' && choice.counterAmount !== null) {
              return counterLines(ofItem, choice.counterAmount, choice.itemId);
            }
            return [];
          });
    return offerVersionIn(tx, ctx, actor, row, {
      totalCents: offer.counterAmount,
      lines,
      actualWeight: weight,
      notes: {},
      origin: 'counter_accepted',
    });
  });
}
