import { useEffect, useId, useRef, useState } from 'react';
import { Bell, BellOff } from 'lucide-react';
import { Button } from '@/components/ui/button';

/**
 * The header bell. For now the panel only says there is nothing yet; the notifications feature
 * (GET /api/notifications, unread count) plugs into this panel later.
 */
export function NotificationsButton() {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  return (
    <div ref={rootRef} className="relative">
      <Button
        ref={buttonRef}
        variant="ghost"
        size="icon"
        aria-label="Notifications"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        <Bell aria-hidden="true" className="size-5!" />
      </Button>
      <div
        id={panelId}
        role="region"
        aria-label="Notifications panel"
        hidden={!open}
        className="absolute right-0 z-50 mt-2 w-72 max-w-[calc(100vw-2rem)] rounded-lg border border-border bg-card p-4 shadow-lg"
      >
        <h2 className="text-sm font-semibold">Notifications</h2>
        <div className="mt-3 flex flex-col items-center gap-2 py-4 text-center text-sm text-muted-foreground">
          <BellOff aria-hidden="true" className="size-6" />
          <p>No notifications yet</p>
        </div>
      </div>
    </div>
  );
}
