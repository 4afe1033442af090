import { cn } from '@/lib/utils';

/** Says plainly that the business details shown are the demo's fictional ones. */
export function ExampleMarker({ className }: { className?: string }) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full border border-amber-400 bg-amber-100 px-2 py-0.5 text-xs font-semibold uppercase tracking-wide text-amber-900',
        className,
      )}
      title="These business details are fictional examples (demo mode)"
    >
      Example
    </span>
  );
}
