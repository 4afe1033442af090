import { karatOfPurity, type SubmissionDetail, type SubmissionItem } from '@assay/domain';
import { formatDollars } from '@/lib/format';
import { cn } from '@/lib/utils';
import { trimDecimal } from './offer-line-text';

type Judgement = NonNullable<SubmissionDetail['floorJudgement']>;
type Effect = Judgement['effects'][number];

const money = (value: string) => formatDollars(value) ?? `$${value}`;

/** "-$76.50" / "+$12.00": what one measured fact did to the floor. */
function signedMoney(value: string): string {
  return value.startsWith('-') ? `−${money(value.slice(1))}` : `+${money(value)}`;
}

type NamedItem = Pick<SubmissionItem, 'position' | 'description'>;

/** "Weight: you told us 10 g, we measured 8 g"; in a parcel of several, "Item 2, 14k bracelet — weight: ...". */
function effectText(effect: Effect, items: readonly NamedItem[]): string {
  const karat = (purity: string) => `${karatOfPurity(purity)} (${trimDecimal(purity)}% gold)`;
  const fact =
    effect.fact === 'weight'
      ? `weight: you told us ${trimDecimal(effect.named)} g, we measured ${trimDecimal(effect.measured)} g`
      : `purity: you told us ${karat(effect.named)}, we measured ${karat(effect.measured)}`;
  if (items.length < 2) return fact.charAt(0).toUpperCase() + fact.slice(1);
  const item = items.find((i) => i.position === effect.item);
  return `Item ${effect.item}${item ? `, ${item.description}` : ''} — ${fact}`;
}

/**
 * The guaranteed floor under the offer (issue 27 item 2): kept, moved by what we measured (fact by
 * fact, with the dollars each moved it), or missed for another reason (free return and goodwill).
 * In a parcel of several items (decision 042) the floor is the sum of the offered items' floors,
 * and each fact says whose item it is.
 */
export function GuaranteeFloorNote({
  judgement,
  items = [],
}: {
  judgement: Judgement | null | undefined;
  items?: readonly NamedItem[] | undefined;
}) {
  if (!judgement) return null;
  const several = items.length > 1;
  const floor = money(judgement.floor);
  const tone =
    judgement.kind === 'shortfall'
      ? 'border-gold-300 bg-gold-50'
      : judgement.kind === 'measured'
        ? 'border-navy-200 bg-navy-50'
        : 'border-emerald-200 bg-emerald-50';
  return (
    <section aria-labelledby="floor-heading" className={cn('flex flex-col gap-2 rounded-md border p-3 text-sm', tone)}>
      <h4 id="floor-heading" className="font-semibold text-navy-900">
        Your guaranteed floor: {floor}
      </h4>
      {several && (
        <p className="text-muted-foreground">
          The floors of the items in this offer that you named by metal, karat and weight, added together.
        </p>
      )}
      {judgement.kind === 'met' && <p>This offer is at or above the floor we promised before you shipped.</p>}
      {judgement.kind === 'measured' && (
        <>
          <p>
            This offer is below {floor} because what we measured differs from what you told us. The floor moves with what we
            measured, to {money(judgement.movedFloor)}, and this offer keeps that:
          </p>
          <ul aria-label="What moved the floor" className="flex flex-col gap-1">
            {judgement.effects.map((effect) => (
              <li key={`${effect.item}-${effect.fact}`} className="flex flex-wrap justify-between gap-x-3">
                <span className="min-w-0 [overflow-wrap:anywhere]">{effectText(effect, items)}</span>
                <span className="font-semibold tabular-nums whitespace-nowrap">{signedMoney(effect.effect)}</span>
              </li>
            ))}
          </ul>
        </>
      )}
      {judgement.kind === 'shortfall' && (
        <p>
          This offer is below the floor we promised, and not because of the weight or purity we measured. If you decline it, we
          ship your {several ? 'items' : 'item'} back free, and either way we owe you a goodwill payment of{' '}
          {money(judgement.goodwill ?? '0')}.
        </p>
      )}
    </section>
  );
}
