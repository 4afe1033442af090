import { useEffect, useId, useRef, useState } from 'react';
import { ImagePlus, Loader2, MessageSquareText } from 'lucide-react';
import { toast } from 'sonner';
import {
  canAddPhotos,
  photoLimitFor,
  remainingImageAllowance,
  sellerPhotoMessages,
  sellerPhotosClosedReason,
  type SubmissionDetail,
  type TimelineEntry,
} from '@assay/domain';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { useAddSubmissionImages } from '../api/add-submission-images';
import { uploadedImageIds, usePhotoFiles, usePhotoUppy, type PhotoFile } from '../lib/submission-uppy';
import { PhotoUploader, toastUploadComplete } from './photo-uploader';

/** The appraiser's "Request More Photos" notification for this submission (GET /api/notifications). */
export type PhotoRequest = { title: string; body: string; createdAt: string };

/** Whether the client may add photos now: the server's statuses (PHOTO_ADDABLE_STATUSES) and a free slot. */
export function canAddMorePhotos(detail: Pick<SubmissionDetail, 'status' | 'images' | 'items'>): boolean {
  return canAddPhotos(detail.status) && remainingImageAllowance(detail.images.length, detail.items?.length) > 0;
}

/**
 * Where "Add photos" was: once the parcel is received the button is gone, and this says why
 * (issue 27 item 9; the server refuses with the same sentence). Nothing before receipt or after the end.
 */
export function PhotosClosedNote({ status }: { status: string }) {
  if (sellerPhotosClosedReason(status) !== sellerPhotoMessages.received) return null;
  return <p className="text-sm text-muted-foreground">{sellerPhotoMessages.received}</p>;
}

/** A request is answered once photos were added after it. */
function isAnswered(request: PhotoRequest, timeline: readonly TimelineEntry[]): boolean {
  const asked = new Date(request.createdAt).getTime();
  return timeline.some((entry) => entry.action === 'photos_added' && new Date(entry.at).getTime() >= asked);
}

function isUploading(file: PhotoFile): boolean {
  return !file.error && !file.progress.uploadComplete;
}

/**
 * DECISIONS "Request More Photos": the client adds photos to a submission still being appraised,
 * at most 4 in all. The photos go up one by one (URLs asked for with the submission's id, so the
 * server refuses a fifth before its bytes), then "Save photos" attaches them.
 */
export function AddPhotosCard({ detail, photoRequest }: { detail: SubmissionDetail; photoRequest?: PhotoRequest | null }) {
  const alreadyThere = detail.images.length;
  const allowance = remainingImageAllowance(alreadyThere, detail.items?.length);
  const uppy = usePhotoUppy({ submissionId: detail.id, allowance });
  const files = usePhotoFiles(uppy);
  const save = useAddSubmissionImages(detail.id);
  const ids = { heading: useId(), hint: useId() };
  const [opened, setOpened] = useState(false);
  const uploaderRef = useRef<HTMLDivElement>(null);

  const uploading = files.some(isUploading);
  const uploaded = files.filter((file) => file.progress.uploadComplete && !file.error).length;
  const busy = save.isPending;
  const request = photoRequest && !isAnswered(photoRequest, detail.timeline) ? photoRequest : null;
  // Open when the appraiser asked, the client chose to, or photos are on their way; otherwise a
  // single button, so a submission nobody asked photos for is not dominated by a drop zone.
  const expanded = opened || request !== null || files.length > 0;

  useEffect(() => {
    // The button that opened the uploader is gone: the first free slot takes the focus.
    if (opened) uploaderRef.current?.querySelector<HTMLInputElement>('ol input[type="file"]')?.focus();
  }, [opened]);

  const onSave = async () => {
    if (busy || uploading) return;
    const failed = files.filter((file) => file.error).length;
    if (failed > 0) {
      toast.error(`${failed} photo(s) did not upload`, { description: 'Retry or remove them, then save again.' });
      return;
    }
    const images = uploadedImageIds(uppy);
    if (images.length === 0) return;
    try {
      // Resolves once the detail and the list have refetched, so the new photos show above at once.
      await save.mutateAsync({ images });
      toastUploadComplete(images.length);
      uppy.cancelAll();
      setOpened(false);
    } catch (err) {
      toast.error('Could not save the photos', { description: errorMessage(err) });
    }
  };

  return (
    <Card role="region" aria-labelledby={ids.heading}>
      <CardHeader className="pb-3">
        <h2 id={ids.heading} className="flex items-center gap-2 text-lg font-semibold">
          <ImagePlus aria-hidden="true" className="size-5 text-navy-600" />
          Add photos
        </h2>
        <p id={ids.hint} className="text-sm text-muted-foreground">
          {`You can add ${allowance} more photo${allowance === 1 ? '' : 's'} ${
            detail.status === 'offered' ? 'until you accept or decline our offer' : 'while we appraise your item'
          } (${photoLimitFor(detail.items?.length ?? 1)} in all). A close-up of any stamps or hallmarks helps most.`}
        </p>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {request && (
          <Alert variant="info" role="note" aria-label="Our appraiser's request">
            <MessageSquareText aria-hidden="true" />
            <div className="flex min-w-0 flex-col gap-1">
              <p>
                <span className="font-semibold">Our appraiser asked:</span> {request.title}
              </p>
              <p className="text-navy-700 [overflow-wrap:anywhere]">{request.body}</p>
              <p className="text-xs text-navy-600">{formatDateTime(request.createdAt)}</p>
            </div>
          </Alert>
        )}
        {expanded ? (
          <div ref={uploaderRef} className="flex flex-col gap-4">
            <PhotoUploader uppy={uppy} describedBy={ids.hint} alreadyThere={alreadyThere} announceUploads={false} />
            <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
              <p className="text-xs text-muted-foreground" aria-live="polite">
                {uploading
                  ? 'Uploading your photos...'
                  : uploaded > 0
                    ? `${uploaded} photo(s) ready to save.`
                    : 'Add a photo, then save it to your submission.'}
              </p>
              <div className="flex flex-col-reverse gap-2 sm:flex-row">
                {opened && !request && files.length === 0 && (
                  <Button variant="ghost" onClick={() => setOpened(false)}>
                    Not now
                  </Button>
                )}
                <Button
                  variant="accent"
                  onClick={() => void onSave()}
                  disabled={busy || uploading || uploaded === 0}
                  aria-busy={busy || undefined}
                >
                  {busy && <Loader2 aria-hidden="true" className="animate-spin motion-reduce:animate-none" />}
                  {busy ? 'Saving photos...' : 'Save photos'}
                </Button>
              </div>
            </div>
          </div>
        ) : (
          <Button variant="outline" className="w-full sm:w-auto sm:self-start" onClick={() => setOpened(true)}>
            <ImagePlus aria-hidden="true" />
            Upload photos
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
