import type { ComponentProps } from 'react';
import { ChevronDown } from 'lucide-react';
import { cn } from '@/lib/utils';

/**
 * The browser's own <select> (keyboard, screen readers and mobile pickers for free), styled
 * like Input.
 */
export function NativeSelect({
  className,
  wrapperClassName,
  ...props
}: ComponentProps<'select'> & { wrapperClassName?: string }) {
  return (
    <div className={cn('relative', wrapperClassName)}>
      <select
        className={cn(
          'flex h-11 w-full min-w-0 cursor-pointer appearance-none rounded-md border border-input bg-card py-2 pl-3 pr-9 text-base text-foreground shadow-xs transition-colors sm:text-sm',
          'focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring',
          'disabled:cursor-not-allowed disabled:opacity-60',
          'aria-invalid:border-destructive aria-invalid:focus-visible:outline-destructive',
          className,
        )}
        {...props}
      />
      <ChevronDown
        aria-hidden="true"
        className="pointer-events-none absolute right-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
      />
    </div>
  );
}
