import type { ComponentProps } from 'react';
import { cva, type VariantProps } from 'class-variance-authority';
import { cn } from '@/lib/utils';

const alertVariants = cva('flex gap-3 rounded-md border px-4 py-3 text-sm [&_svg]:mt-0.5 [&_svg]:size-4 [&_svg]:shrink-0', {
  variants: {
    variant: {
      error: 'border-destructive/30 bg-red-50 text-destructive',
      success: 'border-green-700/25 bg-green-50 text-success',
      info: 'border-navy-200 bg-navy-50 text-navy-800',
      warning: 'border-amber-300 bg-amber-50 text-amber-900',
    },
  },
  defaultVariants: { variant: 'info' },
});

/**
 * A message box. Errors are role="alert" (announced at once); others role="status".
 */
export function Alert({ className, variant, role, ...props }: ComponentProps<'div'> & VariantProps<typeof alertVariants>) {
  return (
    <div
      role={role ?? (variant === 'error' ? 'alert' : 'status')}
      className={cn(alertVariants({ variant }), className)}
      {...props}
    />
  );
}
