import { karatOfPurity, type SubmissionDetail } from '@assay/domain';
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

/** "Weight: you told us 10 g, we measured 8 g". */
function effectText(effect: Effect): string {
  if (effect.fact === 'weight') {
    return `Weight: you told us ${trimDecimal(effect.named)} g, we measured ${trimDecimal(effect.measured)} g`;
  }
  const karat = (purity: string) => `${karatOfPurity(purity)} (${trimDecimal(purity)}% gold)`;
  return `Purity: you told us ${karat(effect.named)}, we measured ${karat(effect.measured)}`;
}

/**
 * The guaranteed floor under the offer (issue 27 item 2): kept, moved by what we measured (fact by
 * fact, with the dollars each moved it), or missed for another reason (free return and goodwill).
 */
export function GuaranteeFloorNote({ judgement }: { judgement: Judgement | null | undefined }) {
  if (!judgement) return null;
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
      {judgement.kind === 'met' && <p>This offer is at or above the floor we promised before you shipped.</p>}
      {judgement.kind === 'measured' && (
        <>
          <p>
            This offer is below {floor} because what we measured differs from what you told us. The floor moves with what we
            measured, to {money(judgement.movedFloor)}, and this offer keeps that:
          </p>
          <ul aria-label="What moved the floor" className="flex flex-col gap-1">
            {judgement.effects.map((effect) => (
              <li key={effect.fact} className="flex flex-wrap justify-between gap-x-3">
                <span>{effectText(effect)}</span>
                <span className="font-semibold tabular-nums whitespace-nowrap">{signedMoney(effect.effect)}</span>
              </li>
            ))}
          </ul>
        </>
      )}
      {judgement.kind === 'shortfall' && (
        <p>
          This offer is below the floor we promised, and not because of the weight or purity we measured. If you decline it, we
          ship your item back free, and either way we owe you a goodwill payment of {money(judgement.goodwill ?? '0')}.
        </p>
      )}
    </section>
  );
}
