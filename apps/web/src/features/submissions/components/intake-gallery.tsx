import { useEffect, useState } from 'react';
import { ChevronLeft, ChevronRight, ExternalLink } from 'lucide-react';
import type { IntakePhoto } from '@assay/domain';
import { formatDateTime } from '@/lib/format';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Dialog } from '@/components/ui/dialog';
import type { SubmissionDetail } from '../api/get-submission';

export const INTAKE_GALLERY_ID = 'intake-gallery';
export const INTAKE_GALLERY_TITLE = 'Your parcel as we opened it';

/** The photos the appraiser took at receipt, and when: they ride on the timeline's "received" entry. */
export function intakePhotosOf(detail: Pick<SubmissionDetail, 'timeline'>): { photos: IntakePhoto[]; at: string } | null {
  const received = detail.timeline.find((entry) => entry.action === 'received' && (entry.photos?.length ?? 0) > 0);
  return received?.photos ? { photos: received.photos, at: received.at } : null;
}

/**
 * Issue 27 item 9: the seller sees what we saw when the parcel was opened, beside the offer, each
 * photo numbered and enlargeable (a dialog with previous / next, also on the arrow keys), so the
 * offer can be checked against the parcel itself.
 */
export function IntakeGallery({ detail }: { detail: Pick<SubmissionDetail, 'timeline' | 'description'> }) {
  const [openIndex, setOpenIndex] = useState<number | null>(null);
  const intake = intakePhotosOf(detail);
  const count = intake?.photos.length ?? 0;
  const isOpen = openIndex !== null;
  const step = (by: number) => setOpenIndex((index) => (index === null ? null : (index + by + count) % count));
  // The arrow keys page through the open photo wherever focus sits in the dialog (its close button too).
  useEffect(() => {
    if (!isOpen || count < 2) return;
    const onKeyDown = (event: KeyboardEvent) => {
      const by = event.key === 'ArrowLeft' ? -1 : event.key === 'ArrowRight' ? 1 : 0;
      if (by !== 0) setOpenIndex((index) => (index === null ? null : (index + by + count) % count));
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [isOpen, count]);
  if (!intake) return null;
  const { photos } = intake;
  const caption = (index: number) => `Photo ${index + 1} of ${count}`;
  const alt = (index: number) => `${caption(index)} of your parcel (${detail.description}), taken when we opened it`;
  const open = openIndex === null ? null : (photos[openIndex] ?? null);

  return (
    <Card id={INTAKE_GALLERY_ID} role="region" aria-labelledby="intake-gallery-heading" className="scroll-mt-20">
      <CardHeader className="gap-1 pb-3">
        <h2 id="intake-gallery-heading" className="text-lg font-semibold">
          {INTAKE_GALLERY_TITLE}
        </h2>
        <p className="text-sm text-muted-foreground">
          Taken by our appraiser when your parcel was opened, {formatDateTime(intake.at)}. Select a photo to see it larger.
        </p>
      </CardHeader>
      <CardContent>
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          {photos.map((photo, index) => (
            <li key={photo.id}>
              <figure className="flex flex-col gap-1.5">
                <button
                  type="button"
                  onClick={() => setOpenIndex(index)}
                  aria-label={`Enlarge ${caption(index).toLowerCase()}`}
                  className="block cursor-zoom-in overflow-hidden rounded-md border border-border bg-muted transition hover:ring-2 hover:ring-gold-400 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
                >
                  <img src={photo.thumbnailUrl} alt={alt(index)} loading="lazy" className="aspect-square w-full object-cover" />
                </button>
                <figcaption className="text-xs font-medium text-muted-foreground">{caption(index)}</figcaption>
              </figure>
            </li>
          ))}
        </ul>
        <Dialog
          open={open !== null}
          onOpenChange={(isOpen) => !isOpen && setOpenIndex(null)}
          title={openIndex === null ? INTAKE_GALLERY_TITLE : caption(openIndex)}
          description={INTAKE_GALLERY_TITLE}
          className="max-w-3xl"
        >
          {open && openIndex !== null && (
            <div className="flex flex-col gap-3">
              <img src={open.url} alt={alt(openIndex)} className="max-h-[70dvh] w-full rounded-md bg-muted object-contain" />
              <div className="flex flex-wrap items-center justify-between gap-2">
                {count > 1 ? (
                  <Button variant="outline" size="sm" onClick={() => step(-1)}>
                    <ChevronLeft aria-hidden="true" />
                    Previous
                  </Button>
                ) : (
                  <span />
                )}
                <a
                  href={open.url}
                  target="_blank"
                  rel="noopener"
                  className="inline-flex items-center gap-1 text-sm font-medium text-navy-700 underline underline-offset-2 hover:text-navy-900"
                >
                  Full size
                  <ExternalLink aria-hidden="true" className="size-3.5" />
                  <span className="sr-only"> (opens in a new tab)</span>
                </a>
                {count > 1 ? (
                  <Button variant="outline" size="sm" onClick={() => step(1)}>
                    Next
                    <ChevronRight aria-hidden="true" />
                  </Button>
                ) : (
                  <span />
                )}
              </div>
            </div>
          )}
        </Dialog>
      </CardContent>
    </Card>
  );
}
