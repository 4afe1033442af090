// "Items in this parcel" (issue 27 item 5): shared by the seller's submission detail and the
// appraiser's mailbox card, which are different features and cannot import each other.
import { useId } from 'react';
import { Gem } from 'lucide-react';
import {
  itemTypeLabels,
  stoneChoiceInfo,
  submissionCategoryLabel,
  type ItemOutcome,
  type StoneChoice,
  type SubmissionItem,
} from '@assay/domain';
import { formatWholeDollars } from '@/lib/format';
import { cn } from '@/lib/utils';
import { Badge } from '@/components/ui/badge';
import { SubmissionPhotos } from '@/components/submission-photos';

/** "3 items" beside the category, or null for a parcel of one. */
export function itemCountText(items: readonly unknown[] | null | undefined): string | null {
  const count = items?.length ?? 0;
  return count > 1 ? `${count} items` : null;
}

/** What the seller said the item is made of; "Not sure" when they left it. */
export function materialText(material: string | null): string {
  if (!material) return 'Not sure';
  return (itemTypeLabels as Record<string, string | undefined>)[material] ?? material;
}

/** What happens to the stones, in the seller's words ("Return my stones"), or "None". */
export function stonesText(choice: StoneChoice | null): string {
  return choice ? stoneChoiceInfo[choice].label : 'None';
}

const outcomeBadges: Record<ItemOutcome, { label: string; tone: 'success' | 'neutral' }> = {
  sold: { label: 'Sold', tone: 'success' },
  returned: { label: 'Coming back', tone: 'neutral' },
};

function Fact({ term, children }: { term: string; children: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium uppercase tracking-wide text-muted-foreground">{term}</dt>
      <dd className="mt-0.5 text-sm font-medium text-foreground [overflow-wrap:anywhere]">{children}</dd>
    </div>
  );
}

/**
 * Each item of a parcel of several: its number, description, photos, category, material, weight,
 * stones, quote and, once the offer is settled, whether it was sold or is coming back. Nothing for
 * a parcel of one (the page already says all of it). `forAppraiser`: category names as the
 * mailbox's tabs say them, photos that enlarge, and a stones choice flagged on the item's title,
 * since it must be acted on before testing.
 */
export function ParcelItems({
  items,
  forAppraiser = false,
  headingLevel = 3,
  className,
}: {
  items: readonly SubmissionItem[] | null | undefined;
  forAppraiser?: boolean;
  /** One below the heading of the card it sits in. */
  headingLevel?: 3 | 4;
  className?: string;
}) {
  const headingId = useId();
  if (!items || items.length <= 1) return null;
  const Heading = headingLevel === 3 ? 'h3' : 'h4';
  return (
    <section aria-labelledby={headingId} className={cn('flex flex-col gap-3', className)}>
      <Heading id={headingId} className="text-sm font-semibold text-navy-900">
        Items in this parcel
      </Heading>
      <ol className="flex flex-col gap-3">
        {items.map((item) => {
          const min = formatWholeDollars(item.preliminaryQuoteMin);
          const max = formatWholeDollars(item.preliminaryQuoteMax);
          const outcome = item.outcome ? outcomeBadges[item.outcome] : null;
          const asksStones = item.category === 'jewelry' || item.stoneChoice !== null;
          return (
            <li
              key={item.position}
              aria-label={`Item ${item.position}: ${item.description}`}
              className="flex flex-col gap-3 rounded-md border border-border p-3"
            >
              <div className="flex flex-col items-start gap-2 sm:flex-row sm:justify-between">
                <p className="min-w-0 text-sm [overflow-wrap:anywhere]">
                  <span className="font-semibold text-navy-900">Item {item.position}</span>
                  <span className="text-muted-foreground"> · </span>
                  <span className="font-medium text-foreground">{item.description}</span>
                </p>
                <div className="flex flex-wrap gap-1.5">
                  {forAppraiser && item.stoneChoice && (
                    <Badge tone="progress">
                      <Gem aria-hidden="true" className="size-3" />
                      {stonesText(item.stoneChoice)}
                    </Badge>
                  )}
                  {outcome && <Badge tone={outcome.tone}>{outcome.label}</Badge>}
                </div>
              </div>
              <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
                <SubmissionPhotos
                  images={item.images}
                  description={`item ${item.position}, ${item.description}`}
                  slots={4}
                  thumbnails
                  enlargeable={forAppraiser}
                  className="flex-wrap"
                />
                <dl className="grid min-w-0 flex-1 grid-cols-2 gap-x-4 gap-y-2 sm:grid-cols-3">
                  <Fact term="Category">{submissionCategoryLabel(item.category, forAppraiser ? 'long' : 'short')}</Fact>
                  <Fact term="Made of">{materialText(item.material)}</Fact>
                  <Fact term="Est. weight">{`${item.estimatedWeight} ${item.weightUnit}`}</Fact>
                  {asksStones && <Fact term="Stones">{stonesText(item.stoneChoice)}</Fact>}
                  <Fact term="Preliminary quote">{min && max ? `${min} – ${max}` : 'Pending'}</Fact>
                </dl>
              </div>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
