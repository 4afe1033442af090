import { useEffect } from 'react';
import Dashboard from '@uppy/react/dashboard';
import { CheckCircle2, ImagePlus, Loader2, RotateCcw, Trash2, TriangleAlert } from 'lucide-react';
import { toast } from 'sonner';
import { imageSlotLabels, MAX_IMAGES_PER_SUBMISSION } from '@assay/domain';
import { cn } from '@/lib/utils';
import { Button } from '@/components/ui/button';
import { usePhotoFiles, type PhotoFile, type PhotoUppy } from '../lib/submission-uppy';
import '@uppy/core/css/style.min.css';
import '@uppy/dashboard/css/style.min.css';

function SlotStatus({ file }: { file: PhotoFile }) {
  if (file.error) {
    return (
      <span className="flex items-center gap-1 text-destructive">
        <TriangleAlert aria-hidden="true" className="size-3.5" /> Upload failed
      </span>
    );
  }
  if (file.progress.uploadComplete) {
    return (
      <span className="flex items-center gap-1 text-success">
        <CheckCircle2 aria-hidden="true" className="size-3.5" /> Uploaded
      </span>
    );
  }
  const percent = file.progress.percentage ?? 0;
  return (
    <span className="flex items-center gap-1 text-muted-foreground">
      <Loader2 aria-hidden="true" className="size-3.5 animate-spin motion-reduce:animate-none" /> Uploading {percent}%
    </span>
  );
}

function FilledSlot({ uppy, file, slot }: { uppy: PhotoUppy; file: PhotoFile; slot: string }) {
  // The server's thumbnail once stored (also for HEIC, which browsers cannot preview), else the local preview.
  const src = file.response?.body?.thumbnailUrl ?? file.preview;
  return (
    <>
      <div className="relative aspect-square overflow-hidden rounded-md border border-border bg-muted">
        {src ? (
          <img src={src} alt={`${slot} photo: ${file.name ?? ''}`} className="size-full object-cover" />
        ) : (
          <span className="flex size-full items-center justify-center text-muted-foreground">
            <ImagePlus aria-hidden="true" className="size-6" />
          </span>
        )}
      </div>
      <div className="flex min-w-0 flex-col gap-1 text-xs">
        <span className="truncate text-muted-foreground" title={file.name}>
          {file.name}
        </span>
        <SlotStatus file={file} />
        <div className="flex gap-1">
          {file.error && (
            <Button
              type="button"
              variant="outline"
              size="sm"
              className="h-8 px-2"
              onClick={() => void uppy.retryUpload(file.id)}
              aria-label={`Retry ${slot} photo`}
            >
              <RotateCcw aria-hidden="true" />
            </Button>
          )}
          <Button
            type="button"
            variant="outline"
            size="sm"
            className="h-8 px-2"
            onClick={() => uppy.removeFile(file.id)}
            aria-label={`Remove ${slot} photo`}
          >
            <Trash2 aria-hidden="true" />
          </Button>
        </div>
      </div>
    </>
  );
}

/** SPEC 7's success toast for uploads: 'Upload Complete - N image(s) uploaded successfully'. */
export function toastUploadComplete(count: number) {
  toast.success('Upload Complete', { description: `${count} image(s) uploaded successfully` });
}

/**
 * SPEC 2's image upload: Uppy's Dashboard (drop zone, progress, its own restriction notices)
 * and the four named slots showing each photo in the order it was added. For an existing
 * submission, the photos it already has take the first slots and only the free ones show.
 */
export function PhotoUploader({
  uppy,
  describedBy,
  alreadyThere = 0,
  announceUploads = true,
}: {
  uppy: PhotoUppy;
  describedBy?: string;
  /** Photos the submission already has (SPEC 5: the allowance is 4 minus these). */
  alreadyThere?: number;
  /** Toast 'Upload Complete' when a batch finishes; off where a save step follows and says it instead. */
  announceUploads?: boolean;
}) {
  const ordered = usePhotoFiles(uppy);
  const freeSlots = imageSlotLabels.slice(Math.min(Math.max(0, alreadyThere), imageSlotLabels.length));

  useEffect(() => {
    const onComplete = (result: { successful?: readonly unknown[] }) => {
      const count = result.successful?.length ?? 0;
      if (count > 0 && announceUploads) toastUploadComplete(count);
    };
    const onError = (file: PhotoFile | undefined, error: { message: string }) => {
      toast.error(uppy.i18n('failedToUpload', { file: file?.name ?? '' }), { description: error.message });
    };
    uppy.on('complete', onComplete);
    uppy.on('upload-error', onError);
    return () => {
      uppy.off('complete', onComplete);
      uppy.off('upload-error', onError);
    };
  }, [uppy, announceUploads]);

  return (
    <div className="flex flex-col gap-4">
      <div aria-describedby={describedBy}>
        <Dashboard
          uppy={uppy}
          width="100%"
          height={210}
          theme="light"
          showSelectedFiles={false}
          hideUploadButton
          hideProgressAfterFinish
          proudlyDisplayPoweredByUppy={false}
          note={
            alreadyThere > 0
              ? `Up to ${freeSlots.length} more photo${freeSlots.length === 1 ? '' : 's'}: JPEG, PNG, WebP or HEIC, 10 MB each`
              : `Up to ${MAX_IMAGES_PER_SUBMISSION} photos: JPEG, PNG, WebP or HEIC, 10 MB each`
          }
        />
      </div>
      <ol className="grid grid-cols-2 gap-3 sm:grid-cols-4" aria-label="Photo slots">
        {freeSlots.map((slot, index) => {
          const file = ordered[index];
          return (
            <li
              key={slot}
              aria-label={file ? `${slot}: ${file.name ?? 'photo'}` : `${slot}: empty`}
              className={cn(
                'flex flex-col gap-2 rounded-lg border p-2',
                file ? 'border-border bg-card' : 'border-dashed border-input bg-muted/40',
              )}
            >
              <span className="text-xs font-semibold uppercase tracking-wide text-navy-800">{slot}</span>
              {file ? (
                <FilledSlot uppy={uppy} file={file} slot={slot} />
              ) : (
                <div className="flex aspect-square items-center justify-center rounded-md text-muted-foreground/70">
                  <ImagePlus aria-hidden="true" className="size-6" />
                </div>
              )}
            </li>
          );
        })}
      </ol>
    </div>
  );
}
