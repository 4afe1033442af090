import { Loader2 } from 'lucide-react';
import { cn } from '@/lib/utils';

/** A centered spinner with a visible label; announced politely to screen readers. */
export function Spinner({ label = 'Loading...', className }: { label?: string; className?: string }) {
  return (
    <div
      role="status"
      aria-live="polite"
      className={cn('flex flex-col items-center justify-center gap-3 text-muted-foreground', className)}
    >
      <Loader2 aria-hidden="true" className="size-8 animate-spin text-navy-700 motion-reduce:animate-none" />
      <span className="text-sm font-medium">{label}</span>
    </div>
  );
}

/** The whole-viewport variant, shown while the current user resolves. */
export function FullPageSpinner({ label }: { label?: string }) {
  return <Spinner label={label} className="min-h-dvh" />;
}
