import { useEffect, useId, useRef, type ReactNode } from 'react';
import { X } from 'lucide-react';
import { cn } from '@/lib/utils';

type DialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  children: ReactNode;
  className?: string;
  /** Disables Escape, the backdrop and the close button while something is being saved. */
  busy?: boolean;
};

/**
 * A modal on the browser's own <dialog>: showModal() makes the page behind it inert, keeps
 * focus inside, closes on Escape and hands focus back to the button that opened it.
 */
export function Dialog({ open, onOpenChange, title, description, children, className, busy = false }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    else if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onOpenChange(false);
      }}
      onClose={() => {
        if (open) onOpenChange(false);
      }}
      onClick={(event) => {
        // A click on the backdrop lands on the <dialog> itself, outside its padding box.
        if (event.target === ref.current && !busy) onOpenChange(false);
      }}
      className={cn(
        'm-auto max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-lg overflow-y-auto rounded-lg border border-border bg-card p-0 text-card-foreground shadow-xl backdrop:bg-navy-950/60',
        className,
      )}
    >
      {open && (
        <div className="flex flex-col gap-4 p-5 sm:p-6">
          <div className="flex items-start justify-between gap-4">
            <div className="flex flex-col gap-1.5">
              <h2 id={titleId} className="text-lg font-semibold leading-tight text-navy-900">
                {title}
              </h2>
              {description && (
                <div id={descriptionId} className="text-sm text-muted-foreground">
                  {description}
                </div>
              )}
            </div>
            <button
              type="button"
              aria-label="Close"
              disabled={busy}
              onClick={() => onOpenChange(false)}
              className="-mr-2 -mt-2 inline-flex size-9 shrink-0 cursor-pointer items-center justify-center rounded-md text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring disabled:opacity-50"
            >
              <X aria-hidden="true" className="size-4" />
            </button>
          </div>
          {children}
        </div>
      )}
    </dialog>
  );
}

/** The button row at the bottom of a dialog: stacked on phones, right-aligned from sm up. */
export function DialogActions({ children, className }: { children: ReactNode; className?: string }) {
  return <div className={cn('flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end', className)}>{children}</div>;
}
