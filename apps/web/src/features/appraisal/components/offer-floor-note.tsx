import {
  dollarsToCents,
  formatCents,
  itemTypeLabels,
  itemTypes,
  judgeOfferAgainstFloor,
  type AdminSubmission,
  type ItemType,
  type MeasuredLine,
} from '@assay/domain';
import { cn } from '@/lib/utils';
import type { OfferLineValues } from '../lib/offer-line-values';

const isItemType = (value: string | null): value is ItemType =>
  value !== null && (itemTypes as readonly string[]).includes(value);
const unitText: Record<string, string> = { grams: 'g', ounces: 'oz', 'troy-ounces': 'ozt', pennyweight: 'dwt' };

/**
 * The guaranteed floor on the appraiser's offer form (decision 036): what the seller named and the
 * floor it carries, and, as the lines change, whether the total keeps it. The judgement is the
 * domain's judgeOfferAgainstFloor, the same the seller's page and the goodwill read.
 */
export function OfferFloorNote({
  submission,
  lines,
  totalCents,
}: {
  submission: Pick<AdminSubmission, 'material' | 'estimatedWeight' | 'weightUnit' | 'guarantee'>;
  lines: readonly OfferLineValues[];
  totalCents: number;
}) {
  const { guarantee, material } = submission;
  if (!guarantee || !isItemType(material)) return null;
  const floorCents = dollarsToCents(guarantee.floor) ?? 0;
  const goodwillCents = dollarsToCents(guarantee.goodwill) ?? 0;
  const measured: MeasuredLine[] = lines.map((line) => ({
    material: line.material === '' ? null : line.material,
    weight: line.weight.trim(),
    weightUnit: line.weightUnit,
    purityPercent: line.purityPercent.trim() === '' ? null : line.purityPercent.trim(),
  }));
  const judgement =
    totalCents > 0
      ? judgeOfferAgainstFloor(
          {
            material,
            estimatedWeight: submission.estimatedWeight,
            weightUnit: submission.weightUnit as Parameters<typeof judgeOfferAgainstFloor>[0]['weightUnit'],
            guaranteeFloor: floorCents,
            guaranteeGoodwill: goodwillCents,
          },
          { totalCents, lines: measured, counterAccepted: false },
        )
      : null;
  const named = `Seller named ${itemTypeLabels[material]}, ${submission.estimatedWeight} ${unitText[submission.weightUnit] ?? submission.weightUnit}`;
  return (
    <div
      data-testid="offer-floor"
      className={cn(
        'flex flex-col gap-1 rounded-md border p-3 text-sm',
        judgement?.kind === 'shortfall' ? 'border-gold-300 bg-gold-50' : 'border-border',
      )}
    >
      <p className="font-medium text-navy-900">
        {named}: floor {formatCents(floorCents)}
      </p>
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
