import { AlertTriangle, Clock } from 'lucide-react';
import { isNearingDeadline, timeRemaining } from '@assay/domain';
import { useNow } from '@/lib/use-now';
import { cn } from '@/lib/utils';

/**
 * Live time left to the 48-hour guarantee (SPEC 4): amber within 8 hours, 'Deadline passed'
 * after it. Each countdown keeps its own clock so the list around it does not re-render.
 */
export function DeadlineCountdown({ deadline, status }: { deadline: string | null; status: string }) {
  const now = useNow(15_000);
  const left = timeRemaining(deadline, new Date(now));
  if (!left) return <span className="text-muted-foreground">—</span>;
  const nearing = isNearingDeadline(deadline, status, new Date(now));
  return (
    <span
      data-deadline-state={left.passed ? 'passed' : nearing ? 'nearing' : 'ok'}
      className={cn(
        'inline-flex items-center gap-1 rounded px-1.5 py-0.5 -mx-1.5',
        left.passed && 'bg-destructive/10 font-semibold text-destructive',
        nearing && 'bg-amber-100 font-semibold text-amber-900',
      )}
    >
      {left.passed || nearing ? (
        <AlertTriangle aria-hidden="true" className="size-3.5" />
      ) : (
        <Clock aria-hidden="true" className="size-3.5 text-muted-foreground" />
      )}
      <time dateTime={deadline ?? undefined}>{left.label}</time>
    </span>
  );
}
