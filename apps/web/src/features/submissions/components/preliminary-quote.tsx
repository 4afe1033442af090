import { ShieldCheck } from 'lucide-react';
import { describeQuoteBasis, dollarsToCents, type Submission } from '@assay/domain';
import { formatDollars, formatWholeDollars } from '@/lib/format';
import { cn } from '@/lib/utils';

type Quoted = Pick<Submission, 'preliminaryQuoteMin' | 'preliminaryQuoteMax' | 'quoteBasis'>;

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

export function InsuredNote({ insuredValue, className }: { insuredValue: string | null; className?: string }) {
  const text = insuredText(insuredValue);
  if (!text) return null;
  return (
    <p className={cn('flex items-start gap-1.5 text-xs text-muted-foreground', className)}>
      <ShieldCheck aria-hidden="true" className="mt-px size-3.5 shrink-0 text-emerald-700" />
      <span>{text}</span>
    </p>
  );
}
