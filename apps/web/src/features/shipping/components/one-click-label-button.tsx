import { Loader2, Printer } from 'lucide-react';
import { Button } from '@/components/ui/button';

/** The dashboard's '1-Click Print Label' (SPEC 2). */
export function OneClickLabelButton({ onClick, busy, disabled }: { onClick: () => void; busy: boolean; disabled?: boolean }) {
  return (
    <Button variant="outline" onClick={onClick} disabled={busy || disabled} aria-busy={busy || undefined}>
      {busy ? <Loader2 aria-hidden="true" className="animate-spin motion-reduce:animate-none" /> : <Printer aria-hidden="true" />}
      1-Click Print Label
    </Button>
  );
}
