// The seller's submission detail (a view): the submission with what other records say of it, its
// timeline, labels and parcel, payout, offers and compliance, read side by side.
import {
  centsToDecimalString,
  dollarsToCents,
  floorJudgementView,
  judgeParcelAgainstFloor,
  type OfferView,
  type SubmissionItem,
  trackingEventText,
} from '@assay/domain';
import { type Actor, visibleTo } from '../../access/actor.ts';
import type { AppContext } from '../../context.ts';
import { submissionTimeline } from '../audit/index.ts';
import { summaryKey, testSummariesOfSubmission } from '../bench/index.ts';
import { submissionComplianceOf } from '../compliance/index.ts';
import { offerHistoryOf } from '../offers/index.ts';
import { inboundParcelStates, labelsOfSubmission } from '../shipping-labels/index.ts';
import { findSubmissionRow, itemViewsOf, photoIdsOfSubmissions, toSubmissionDto } from '../submissions/index.ts';
import { toTransactionDto, transactionOfSubmission } from '../payouts/index.ts';

export async function getSubmissionDetail({ db, clock }: AppContext, viewer: Actor, { id }: { id: string }) {
  const row = visibleTo(viewer, await findSubmissionRow(db, id), 'Submission');
  const [images, timeline, labels, transaction, history, parcels, compliance, items, tests] = await Promise.all([
    photoIdsOfSubmissions(db, [id]),
    submissionTimeline(db, viewer, id),
    labelsOfSubmission(db, id),
    transactionOfSubmission(db, id),
    offerHistoryOf(db, id, clock.now()),
    inboundParcelStates(db, [id]),
    submissionComplianceOf(db, row),
    itemViewsOf(db, id),
    testSummariesOfSubmission(db, id),
  ]);
  const offers = withTestSummaries(history, tests);
  const parcel = parcels.get(id);
  // The first parcel's label (labels are listed oldest first, then by parcel).
  const inbound = labels.find((l) => l.direction === 'inbound') ?? null;
  const returned = labels.find((l) => l.direction === 'return') ?? null;
  const summary = (l: typeof inbound) => (l ? { id: l.id, trackingNumber: l.trackingNumber, direction: l.direction } : null);
  return {
    ...toSubmissionDto(row, images.get(id) ?? [], viewer, openValidUntil(offers.offer)),
    items,
    timeline,
    label: summary(inbound),
    parcels: labels
      .filter((l) => l.direction === 'inbound')
      .sort((a, b) => a.parcelNumber - b.parcelNumber)
      .map((l) => ({
        id: l.id,
        trackingNumber: l.trackingNumber,
        parcelNumber: l.parcelNumber,
        insuredValue: centsToDecimalString(l.insuredValue),
      })),
    returnLabel: summary(returned),
    parcel: parcel
      ? {
          status: parcel.status,
          detail: trackingEventText({
            status: parcel.status,
            message: parcel.message,
            location: parcel.location,
            at: parcel.occurredAt,
          }),
          at: parcel.occurredAt.toISOString(),
        }
      : null,
    transaction: transaction ? toTransactionDto(transaction) : null,
    // The shipping module records 'yes' or 'no' on the return label it made.
    freeReturn: returned?.freeReturn == null ? null : returned.freeReturn === 'yes',
    consignmentRequestedAt: row.consignmentRequestedAt?.toISOString() ?? null,
    ...offers,
    floorJudgement: floorJudgementOf(items, row.guaranteeGoodwill, offers.offer),
    compliance,
  };
}

/** Each line says how it was tested, one sentence per bench test (issue 28 item 1). */
function withTestSummaries<T extends { offer: OfferView | null; previousOffers: OfferView[] }>(
  history: T,
  tests: ReadonlyMap<string, string[]>,
): T {
  const withTests = (offer: OfferView): OfferView => ({
    ...offer,
    lines: offer.lines.map((line) => ({ ...line, testSummaries: tests.get(summaryKey(offer.version, line.position)) ?? [] })),
  });
  return {
    ...history,
    offer: history.offer ? withTests(history.offer) : null,
    previousOffers: history.previousOffers.map(withTests),
  };
}

function openValidUntil(offer: { status: string; validUntil: string } | null): Date | null {
  return offer?.status === 'open' ? new Date(offer.validUntil) : null;
}

/**
 * The current offer against the floors its items carry (null without an offer or a floor): the
 * same judgeParcelAgainstFloor the payout and the decline read, from what this answer shows.
 */
function floorJudgementOf(items: readonly SubmissionItem[], goodwillCents: number | null, offer: OfferView | null) {
  if (!offer) return null;
  const judgement = judgeParcelAgainstFloor(
    items.map((item) => ({ ...item, guaranteeFloor: item.guaranteeFloor === null ? null : dollarsToCents(item.guaranteeFloor) })),
    {
      lines: offer.lines.map((line) => ({ ...line, amount: dollarsToCents(line.amount) ?? 0 })),
      counterAccepted: offer.counter?.status === 'accepted',
    },
    goodwillCents,
  );
  return judgement && floorJudgementView(judgement);
}
