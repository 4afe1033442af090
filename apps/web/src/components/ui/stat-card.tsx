import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';
import { Card } from './card';

type StatCardProps = {
  title: string;
  value: ReactNode;
  caption: ReactNode;
  icon?: ReactNode;
  className?: string;
  /** Emphasise the caption (e.g. a deadline warning). */
  captionTone?: 'muted' | 'warning';
};

/** A dashboard figure: title, large value, caption. Announced as a group named by its title. */
export function StatCard({ title, value, caption, icon, className, captionTone = 'muted' }: StatCardProps) {
  return (
    <Card role="group" aria-label={title} className={cn('p-4 sm:p-5', className)}>
      <div className="flex items-start justify-between gap-3">
        <p className="text-sm font-medium text-muted-foreground">{title}</p>
        {icon && (
          <span aria-hidden="true" className="hidden rounded-md bg-navy-50 p-2 text-navy-700 sm:inline-flex [&_svg]:size-4">
            {icon}
          </span>
        )}
      </div>
      <p className="mt-2 text-xl font-bold tracking-tight text-foreground [overflow-wrap:anywhere] sm:text-2xl lg:text-3xl">
        {value}
      </p>
      <p className={cn('mt-1 text-xs', captionTone === 'warning' ? 'font-semibold text-amber-800' : 'text-muted-foreground')}>
        {caption}
      </p>
    </Card>
  );
}
