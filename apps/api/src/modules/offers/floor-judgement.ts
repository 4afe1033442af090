// An offer version against the guaranteed floors of its parcel's items (decision 036, per item
// since 042): the items and the version's lines read here, the rule the domain's
// judgeParcelAgainstFloor, so the payout, the goodwill claim and the free return judge alike.
import { type FloorJudgement, judgeParcelAgainstFloor } from '@assay/domain';
import type { DbOrTx } from '../../db/client.ts';
import { listItemsOfSubmission, type SubmissionRow } from '../submissions/index.ts';
import type { OfferRow } from './offers.repository.ts';
import { linesOfOffer } from './offers.service.ts';

export async function floorJudgementOfVersion(
  db: DbOrTx,
  submission: Pick<SubmissionRow, 'id' | 'guaranteeGoodwill'>,
  offer: Pick<OfferRow, 'id' | 'counterStatus'>,
): Promise<FloorJudgement | null> {
  const [items, lines] = await Promise.all([listItemsOfSubmission(db, submission.id), linesOfOffer(db, offer.id)]);
  return judgeParcelAgainstFloor(
    items,
    {
      lines: lines.map((line) => ({ ...line, item: line.itemPosition })),
      counterAccepted: offer.counterStatus === 'accepted',
    },
    submission.guaranteeGoodwill,
  );
}
