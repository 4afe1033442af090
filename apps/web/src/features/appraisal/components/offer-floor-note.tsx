import {
  dollarsToCents,
  formatCents,
  itemTypeLabels,
  judgeParcelAgainstFloor,
  type AdminSubmission,
  type FloorItem,
  type FloorLine,
  type PayoutRate,
  type SubmissionItem,
} from '@assay/domain';
import { cn } from '@/lib/utils';
import { useAdminSubmissionDetail } from '../api/mailbox';
import { effectiveAmount, isItemType, type OfferLineValues } from '../lib/offer-line-values';

const unitText: Record<string, string> = { grams: 'g', ounces: 'oz', 'troy-ounces': 'ozt', pennyweight: 'dwt' };

type FloorSubmission = Pick<AdminSubmission, 'id' | 'material' | 'estimatedWeight' | 'weightUnit' | 'guarantee' | 'items'>;

/**
 * The items as the floor reads them. A parcel of one whose item says no floor while the submission
 * has one (an answer from before floors were kept per item) has it on item 1; in a parcel of
 * several the floor is never guessed onto an item.
 */
function floorItemsOf(submission: FloorSubmission, items: readonly SubmissionItem[]): FloorItem[] {
  const parcelFloor = submission.guarantee ? dollarsToCents(submission.guarantee.floor) : null;
  const perItem = items.map((item) => ({
    ...item,
    guaranteeFloor: item.guaranteeFloor == null ? null : dollarsToCents(item.guaranteeFloor),
  }));
  if (perItem.some((item) => item.guaranteeFloor !== null) || parcelFloor === null || items.length > 1) return perItem;
  return [
    {
      position: 1,
      description: items[0]?.description ?? '',
      material: submission.material,
      estimatedWeight: submission.estimatedWeight,
      weightUnit: submission.weightUnit,
      guaranteeFloor: parcelFloor,
    },
  ];
}

/** The form's line as the floor reads it: a line with no item (a parcel of one) prices item 1. */
function floorLineOf(line: OfferLineValues & { item?: number | null }, rates: readonly PayoutRate[]): FloorLine {
  return {
    item: line.item ?? null,
    amount: Math.max(0, dollarsToCents(effectiveAmount(line, rates)) ?? 0),
    material: line.material === '' ? null : line.material,
    weight: line.weight.trim(),
    weightUnit: line.weightUnit,
    purityPercent: line.purityPercent.trim() === '' ? null : line.purityPercent.trim(),
  };
}

/**
 * The guaranteed floor on the appraiser's offer form (decision 036, per item since 042): what the
 * seller named of each item and the floor it carries, and, as the lines change, whether the offer
 * keeps the parcel's. The judgement is the domain's judgeParcelAgainstFloor, the same the seller's
 * page and the goodwill read.
 */
export function OfferFloorNote({
  submission,
  lines,
  rates,
}: {
  submission: FloorSubmission;
  lines: readonly (OfferLineValues & { item?: number | null })[];
  rates: readonly PayoutRate[];
}) {
  const { guarantee } = submission;
  // The mailbox's list has no items; the appraiser's detail has them.
  const detail = useAdminSubmissionDetail(submission.id, submission.items === undefined && guarantee != null);
  const items = submission.items ?? detail.data?.items;
  if (!guarantee || items === undefined) return null;
  const floored = floorItemsOf(submission, items).filter(
    (item): item is FloorItem & { guaranteeFloor: number } => item.guaranteeFloor !== null && isItemType(item.material),
  );
  if (floored.length === 0) return null;
  const goodwillCents = dollarsToCents(guarantee.goodwill) ?? 0;
  const floorLines = lines.map((line) => floorLineOf(line, rates));
  const offered = floorLines.reduce((sum, line) => sum + line.amount, 0);
  const judgement =
    offered > 0 ? judgeParcelAgainstFloor(floored, { lines: floorLines, counterAccepted: false }, goodwillCents) : null;
  // In a parcel of several items each floor says whose it is.
  const several = items.length > 1;
  const named = (item: FloorItem & { guaranteeFloor: number }) => {
    const what = `${isItemType(item.material) ? itemTypeLabels[item.material] : item.material}, ${item.estimatedWeight} ${unitText[item.weightUnit] ?? item.weightUnit}`;
    const floor = `floor ${formatCents(item.guaranteeFloor)}`;
    return several
      ? `Item ${item.position}, ${item.description} — seller named ${what}: ${floor}`
      : `Seller named ${what}: ${floor}`;
  };
  return (
    <div
      data-testid="offer-floor"
      className={cn(
        'flex flex-col gap-1 rounded-md border p-3 text-sm',
        judgement?.kind === 'shortfall' ? 'border-gold-300 bg-gold-50' : 'border-border',
      )}
    >
      {floored.map((item) => (
        <p key={item.position} className="font-medium text-navy-900 [overflow-wrap:anywhere]">
          {named(item)}
        </p>
      ))}
      {floored.length > 1 && (
        <p className="font-medium text-navy-900">
          Parcel floor: {formatCents(floored.reduce((sum, item) => sum + item.guaranteeFloor, 0))}
        </p>
      )}
      {judgement?.kind === 'met' && <p className="text-muted-foreground">This offer keeps the guaranteed floor.</p>}
      {judgement?.kind === 'measured' && (
        <p className="text-muted-foreground">
          Below the floor, explained by what you measured: the floor moves to {formatCents(judgement.movedFloorCents)}, and the
          seller sees each fact&apos;s effect.
        </p>
      )}
      {judgement?.kind === 'shortfall' && (
        <p role="alert" className="font-semibold text-navy-900">
          This offer is below the guaranteed floor: the seller will be owed a free return and {formatCents(goodwillCents)}{' '}
          goodwill.
        </p>
      )}
    </div>
  );
}
