import { useState } from 'react';
import { ChevronLeft, ChevronRight, ImageIcon } from 'lucide-react';
import { thumbnailUrl } from '@/lib/display';
import { cn } from '@/lib/utils';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';

/**
 * Up to `slots` photo thumbnails. With `showEmptySlots`, missing photos render as empty frames
 * (the admin card shows all 4 slots); otherwise a single placeholder stands in when there are none.
 * With `enlargeable`, a click opens the full photo in a dialog with previous / next.
 */
export function SubmissionPhotos({
  images,
  description,
  slots,
  showEmptySlots = false,
  thumbnails = false,
  enlargeable = false,
  className,
}: {
  images: readonly string[] | null | undefined;
  description: string;
  slots: number;
  showEmptySlots?: boolean;
  /** Load the server's small version ('?size=thumb') instead of the full photo. */
  thumbnails?: boolean;
  enlargeable?: boolean;
  className?: string;
}) {
  const [openIndex, setOpenIndex] = useState<number | null>(null);
  const shown = (images ?? []).slice(0, slots);
  const frame = 'size-16 shrink-0 overflow-hidden rounded-md border border-border bg-muted sm:size-20';

  if (shown.length === 0 && !showEmptySlots) {
    return (
      <div className={cn(frame, 'flex items-center justify-center text-muted-foreground', className)} aria-hidden="true">
        <ImageIcon className="size-6" />
      </div>
    );
  }

  const empties = showEmptySlots ? Math.max(0, slots - shown.length) : 0;
  const alt = (index: number) => `Photo ${index + 1} of ${description}`;
  const open = openIndex === null ? null : shown[openIndex];
  return (
    <div className={cn('flex gap-2', className)}>
      {shown.map((src, index) => {
        const image = (
          <img src={thumbnails ? thumbnailUrl(src) : src} alt={alt(index)} loading="lazy" className="size-full object-cover" />
        );
        return enlargeable ? (
          <button
            key={`${src}-${index}`}
            type="button"
            onClick={() => setOpenIndex(index)}
            aria-label={`Enlarge photo ${index + 1} of ${description}`}
            className={cn(
              frame,
              'cursor-zoom-in transition hover:ring-2 hover:ring-gold-400 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
            )}
          >
            {image}
          </button>
        ) : (
          <div key={`${src}-${index}`} className={frame}>
            {image}
          </div>
        );
      })}
      {Array.from({ length: empties }, (_, index) => (
        <div
          key={`empty-${index}`}
          aria-hidden="true"
          className={cn(frame, 'flex items-center justify-center border-dashed bg-card text-muted-foreground/60')}
        >
          <ImageIcon className="size-5" />
        </div>
      ))}
      {enlargeable && (
        <Dialog
          open={open !== undefined && open !== null}
          onOpenChange={(isOpen) => !isOpen && setOpenIndex(null)}
          title={openIndex === null ? 'Photo' : `Photo ${openIndex + 1} of ${shown.length}`}
          description={description}
          className="max-w-3xl"
        >
          {open && openIndex !== null && (
            <div className="flex flex-col gap-3">
              <img src={open} alt={alt(openIndex)} className="max-h-[70dvh] w-full rounded-md bg-muted object-contain" />
              {shown.length > 1 && (
                <div className="flex justify-between gap-2">
                  <Button variant="outline" size="sm" onClick={() => setOpenIndex((openIndex - 1 + shown.length) % shown.length)}>
                    <ChevronLeft aria-hidden="true" />
                    Previous
                  </Button>
                  <Button variant="outline" size="sm" onClick={() => setOpenIndex((openIndex + 1) % shown.length)}>
                    Next
                    <ChevronRight aria-hidden="true" />
                  </Button>
                </div>
              )}
            </div>
          )}
        </Dialog>
      )}
    </div>
  );
}
