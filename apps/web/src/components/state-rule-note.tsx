import { Scale } from 'lucide-react';
import { sellerRuleText } from '@assay/domain';
import { useBusiness } from '@/lib/business';
import { cn } from '@/lib/utils';

/**
 * What the seller's state asks before we pay (ID, signed statement, hold), shown before a parcel
 * ships (issue 27 item 8). The sentences come from the domain's sellerRuleText over the same table
 * and vault state the payment gate uses; nothing until both the state and the vault are known.
 */
export function StateRuleNote({ state, className }: { state: string | null | undefined; className?: string }) {
  const { data: business } = useBusiness();
  const receivingState = business?.receivingState;
  if (!state || !receivingState) return null;
  const text = sellerRuleText(state, receivingState);
  if (!text.ok) return null;
  return (
    <section
      aria-label={text.title}
      // Polite: a changed state re-reads the rule without interrupting the person typing.
      aria-live="polite"
      className={cn('rounded-md border border-navy-200 bg-navy-50 px-4 py-3 text-sm text-navy-900', className)}
    >
      <p className="flex items-center gap-2 font-semibold">
        <Scale aria-hidden="true" className="size-4 shrink-0" />
        {text.title}: what we need before we pay you
      </p>
      <ul className="mt-2 flex list-disc flex-col gap-1 pl-5">
        {text.sentences.map((sentence) => (
          <li key={sentence}>{sentence}</li>
        ))}
      </ul>
    </section>
  );
}
