import { Loader2 } from 'lucide-react';
import { Button } from '@/components/ui/button';

/** A full-width submit button whose accessible name stays the same while it works. */
export function SubmitButton({ pending, children }: { pending: boolean; children: string }) {
  return (
    <Button type="submit" size="lg" className="w-full" disabled={pending} aria-busy={pending || undefined}>
      {pending && <Loader2 aria-hidden="true" className="animate-spin motion-reduce:animate-none" />}
      {children}
    </Button>
  );
}
