import { ImageIcon } from 'lucide-react';
import { thumbnailUrl } from '@/lib/display';
import { cn } from '@/lib/utils';

/**
 * Up to `slots` photo thumbnails. With `showEmptySlots`, missing photos render as empty frames
 * (the admin card shows all 4 slots); otherwise a single placeholder stands in when there are none.
 */
export function SubmissionPhotos({
  images,
  description,
  slots,
  showEmptySlots = false,
  thumbnails = false,
  className,
}: {
  images: readonly string[] | null | undefined;
  description: string;
  slots: number;
  showEmptySlots?: boolean;
  /** Load the server's small version ('?size=thumb') instead of the full photo. */
  thumbnails?: boolean;
  className?: string;
}) {
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
  return (
    <div className={cn('flex gap-2', className)}>
      {shown.map((src, index) => (
        <div key={`${src}-${index}`} className={frame}>
          <img src={thumbnails ? thumbnailUrl(src) : src} alt={`Photo ${index + 1} of ${description}`} loading="lazy" className="size-full object-cover" />
        </div>
      ))}
      {Array.from({ length: empties }, (_, index) => (
        <div key={`empty-${index}`} aria-hidden="true" className={cn(frame, 'flex items-center justify-center border-dashed bg-card text-muted-foreground/60')}>
          <ImageIcon className="size-5" />
        </div>
      ))}
    </div>
  );
}
