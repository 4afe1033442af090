import { ShieldCheck } from 'lucide-react';
import { describeQuoteBasis, dollarsToCents, type Submission } from '@assay/domain';
import { formatDollars, formatWholeDollars } from '@/lib/format';
import { cn } from '@/lib/utils';

type Quoted = Pick<Submission, 'preliminaryQuoteMin' | 'preliminaryQuoteMax' | 'quoteBasis'> & Partial<Pick<Submission, 'items'>>;

/** "$425 – $450", or null while there is no quote. */
export function quoteRangeText(submission: Quoted): string | null {
  const min = formatWholeDollars(submission.preliminaryQuoteMin);
  const max = formatWholeDollars(submission.preliminaryQuoteMax);
  return min && max ? `${min} – ${max}` : null;
}

/**
 * What the quote rests on (decision 019): for a metal-aware quote "Gold 14K at $50.00/g, we pay
 * 85-90%"; for SPEC 9's table, that it is an estimate from the category and weight.
 */
export function quoteBasisText(submission: Quoted): string {
  const items = submission.items?.length ?? 0;
  // A parcel's quote is the sum of its items' (decision 042); each item's basis is its own.
  if (items > 1) return `The sum of the ${items} items' estimates`;
  return submission.quoteBasis ? describeQuoteBasis(submission.quoteBasis) : 'Estimated from the category and weight';
}

/** "Insured for $450 (declared to the carrier; the packing slip goes inside the parcel)", shown before printing. */
export function insuredText(insuredValue: string | null): string | null {
  const cents = insuredValue == null ? null : dollarsToCents(insuredValue);
  if (cents === null || cents <= 0) return null;
  const amount = cents % 100 === 0 ? formatWholeDollars(insuredValue) : formatDollars(insuredValue);
  return `Insured for ${amount} (declared to the carrier; the packing slip goes inside the parcel)`;
}

/** The basis line, its "we pay 80-92%" kept on one line (never "80-" then "92%"). */
export function QuoteBasis({ submission, className }: { submission: Quoted; className?: string }) {
  const text = quoteBasisText(submission);
  const at = text.lastIndexOf(', we pay ');
  return (
    <span className={cn('block text-xs font-normal text-muted-foreground', className)}>
      {at < 0 ? (
        text
      ) : (
        <>
          {text.slice(0, at + 1)} <span className="whitespace-nowrap">{text.slice(at + 2)}</span>
        </>
      )}
    </span>
  );
}

type Insured = Pick<Submission, 'insuredValue' | 'declaredValue' | 'parcelCount' | 'guarantee'>;

const amountText = (value: string) => {
  const cents = dollarsToCents(value);
  return (cents !== null && cents % 100 === 0 ? formatWholeDollars(value) : formatDollars(value)) ?? `$${value}`;
};

/**
 * Worth more than one parcel may be insured for (issue 27 item 1): "Worth $60,123: please send it
 * in 3 parcels, each insured up to $25,000." Null for one parcel.
 */
export function splitParcelText(submission: Insured): string | null {
  const count = submission.parcelCount ?? 1;
  if (count <= 1 || !submission.declaredValue || !submission.insuredValue) return null;
  return `Worth ${amountText(submission.declaredValue)}: please send it in ${count} parcels, each insured up to ${amountText(submission.insuredValue)}.`;
}

/** "Guaranteed floor: $382.50 ..." when the seller named the metal (issue 27 item 2). */
export function guaranteeText(submission: Insured): string | null {
  if (!submission.guarantee) return null;
  return `Guaranteed floor: ${amountText(submission.guarantee.floor)}. Our offer will be at least this unless the weight or purity we measure differs from what you told us.`;
}

/** What the parcel is insured for, whether it must be split, and the floor: shown before printing. */
export function InsuredNote({ submission, className }: { submission: Insured; className?: string }) {
  const text = insuredText(submission.insuredValue);
  if (!text) return null;
  const split = splitParcelText(submission);
  const floor = guaranteeText(submission);
  return (
    <div className={cn('flex flex-col gap-1 text-xs text-muted-foreground', className)}>
      <p className="flex items-start gap-1.5">
        <ShieldCheck aria-hidden="true" className="mt-px size-3.5 shrink-0 text-emerald-700" />
        <span>{text}</span>
      </p>
      {split && (
        <p role="note" className="rounded-md border border-gold-300 bg-gold-50 px-2 py-1.5 font-medium text-navy-900">
          {split}
        </p>
      )}
      {floor && <p>{floor}</p>}
    </div>
  );
}
