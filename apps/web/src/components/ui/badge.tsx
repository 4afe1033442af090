import type { ComponentProps } from 'react';
import { cva, type VariantProps } from 'class-variance-authority';
import { cn } from '@/lib/utils';

export const badgeVariants = cva(
  'inline-flex items-center gap-1 whitespace-nowrap rounded-full border px-2.5 py-0.5 text-xs font-semibold',
  {
    variants: {
      tone: {
        info: 'border-blue-200 bg-blue-50 text-blue-800',
        progress: 'border-amber-200 bg-amber-50 text-amber-900',
        offer: 'border-gold-300 bg-gold-100 text-gold-900',
        success: 'border-green-200 bg-green-50 text-green-800',
        neutral: 'border-slate-200 bg-slate-100 text-slate-700',
        danger: 'border-red-200 bg-red-50 text-red-800',
      },
    },
    defaultVariants: { tone: 'neutral' },
  },
);

export function Badge({ className, tone, ...props }: ComponentProps<'span'> & VariantProps<typeof badgeVariants>) {
  return <span className={cn(badgeVariants({ tone }), className)} {...props} />;
}
