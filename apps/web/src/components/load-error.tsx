import { AlertCircle } from 'lucide-react';
import { cn } from '@/lib/utils';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';

/** A read that failed: what could not be loaded and why, with 'Try again' when a retry can help. */
export function LoadError({ message, onRetry, className }: { message: string; onRetry?: () => void; className?: string }) {
  return (
    <div className={cn('flex flex-col items-start gap-3', className)}>
      <Alert variant="error" className="w-full">
        <AlertCircle aria-hidden="true" />
        <span>{message}</span>
      </Alert>
      {onRetry && (
        <Button variant="outline" size="sm" onClick={onRetry}>
          Try again
        </Button>
      )}
    </div>
  );
}
