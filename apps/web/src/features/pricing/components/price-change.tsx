import { ArrowDownRight, ArrowUpRight, Minus } from 'lucide-react';
import { formatPercentChange } from '@/lib/format';
import { cn } from '@/lib/utils';

const tones = {
  up: 'bg-green-50 text-green-800 ring-green-700/20',
  down: 'bg-red-50 text-red-800 ring-red-700/20',
  flat: 'bg-slate-100 text-slate-700 ring-slate-500/20',
} as const;

const words = { up: 'up', down: 'down', flat: 'unchanged' } as const;

/**
 * A 24-hour change: arrow, sign and two decimals, green up and red down (dark text on a pale
 * pill, above 4.5:1 contrast). The sign is in the text, so colour is never the only cue.
 */
export function PriceChange({ value, className }: { value: string | null | undefined; className?: string }) {
  const change = formatPercentChange(value);
  if (!change) {
    return (
      <span className={cn('text-muted-foreground', className)}>
        <span aria-hidden="true">—</span>
        <span className="sr-only">no change data</span>
      </span>
    );
  }
  const Icon = change.direction === 'up' ? ArrowUpRight : change.direction === 'down' ? ArrowDownRight : Minus;
  return (
    <span
      data-direction={change.direction}
      className={cn(
        'inline-flex items-center gap-0.5 whitespace-nowrap rounded-full px-1 py-0.5 text-xs font-semibold tabular-nums ring-1 ring-inset sm:gap-1 sm:px-2 sm:text-sm',
        tones[change.direction],
        className,
      )}
    >
      <Icon aria-hidden="true" className="size-3 shrink-0 sm:size-4" />
      <span className="sr-only">{words[change.direction]} </span>
      {change.text}
    </span>
  );
}
