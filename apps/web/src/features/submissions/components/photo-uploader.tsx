import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import Dashboard from '@uppy/react/dashboard';
import { Camera, CheckCircle2, ImagePlus, Loader2, RotateCcw, Trash2, TriangleAlert } from 'lucide-react';
import { toast } from 'sonner';
import { remainingImageAllowance } from '@assay/domain';
import { cn } from '@/lib/utils';
import { Button } from '@/components/ui/button';
import { photoRulesSentence } from '../lib/photo-slots';
import {
  addPhotos,
  freePhotoSlots,
  photoSlotOf,
  usePhotoFiles,
  usePhotoNotices,
  type PhotoFile,
  type PhotoSlot,
  type PhotoUppy,
} from '../lib/submission-uppy';
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

function FilledSlot({
  uppy,
  file,
  slot,
  focusOnMount,
}: {
  uppy: PhotoUppy;
  file: PhotoFile;
  slot: string;
  /** The slot's own input just unmounted with the focus in it: keep the keyboard user in this slot. */
  focusOnMount: boolean;
}) {
  const removeRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (focusOnMount) removeRef.current?.focus();
  }, [focusOnMount]);
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
              size="icon"
              className="size-11"
              onClick={() => void uppy.retryUpload(file.id)}
              aria-label={`Retry ${slot} photo`}
            >
              <RotateCcw aria-hidden="true" />
            </Button>
          )}
          <Button
            type="button"
            variant="outline"
            size="icon"
            className="size-11"
            ref={removeRef}
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
 * An empty slot is itself the control: a label around a hidden file input, so a tap opens the
 * camera on a phone (capture) and the file chooser on a computer, and the photo lands in this slot.
 */
function EmptySlot({ uppy, slot, onAdded }: { uppy: PhotoUppy; slot: PhotoSlot; onAdded: () => void }) {
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = Array.from(event.target.files ?? []);
    // Cleared so choosing the same photo again (after removing it) still reports a change.
    event.target.value = '';
    if (chosen.length === 0) return;
    onAdded();
    addPhotos(uppy, chosen, slot);
  };
  return (
    <label
      className={cn(
        'flex aspect-square min-h-11 cursor-pointer flex-col items-center justify-center gap-1 rounded-md px-2 text-center text-sm font-medium text-navy-700 transition-colors hover:bg-muted active:bg-muted',
        'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring',
      )}
    >
      <input type="file" accept="image/*,.heic" capture="environment" className="sr-only" onChange={onChange} />
      <Camera aria-hidden="true" className="size-6 text-navy-600" />
      <span>
        Add <span className="sr-only">{slot} </span>photo
      </span>
    </label>
  );
}

/** The last selection's refused or left-out photos, each in a sentence, where the seller is looking. */
function PhotoNotices({ uppy }: { uppy: PhotoUppy }) {
  const notices = usePhotoNotices(uppy);
  return (
    <div aria-live="assertive" aria-atomic="true">
      {notices.length > 0 && (
        <ul className="mt-2 flex flex-col gap-1 rounded-md border border-destructive/40 bg-destructive/5 px-3 py-2 text-sm text-destructive">
          {notices.map((notice) => (
            <li key={notice} className="flex gap-2 [overflow-wrap:anywhere]">
              <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              <span>{notice}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * SPEC 2's image upload: the four named slots (each empty one takes a photo; on a phone, with the
 * camera) and Uppy's Dashboard for dropping or browsing several at once. Each photo keeps the slot
 * it went into. For an existing submission, the photos it already has take the first slots and
 * only the free ones show. Refusals are told in words under the slots, not by Uppy's informer.
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
  const files = usePhotoFiles(uppy);
  const allowance = remainingImageAllowance(alreadyThere);
  const freeSlots = freePhotoSlots(allowance);
  const rulesId = useId();
  const [addedThrough, setAddedThrough] = useState<PhotoSlot | null>(null);
  const full = freeSlots.every((slot) => files.some((file) => photoSlotOf(file) === slot));

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
    <div className="flex flex-col gap-3">
      <ol className="grid grid-cols-2 gap-3 sm:grid-cols-4" aria-label="Photo slots" aria-describedby={rulesId}>
        {freeSlots.map((slot) => {
          const file = files.find((candidate) => photoSlotOf(candidate) === slot);
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
                <FilledSlot uppy={uppy} file={file} slot={slot} focusOnMount={addedThrough === slot} />
              ) : (
                <EmptySlot uppy={uppy} slot={slot} onAdded={() => setAddedThrough(slot)} />
              )}
            </li>
          );
        })}
      </ol>
      <div>
        <p id={rulesId} className="text-sm text-muted-foreground">
          {photoRulesSentence(allowance)}
        </p>
        <PhotoNotices uppy={uppy} />
      </div>
      {/* Nothing more fits once every slot is filled: the drop zone would only invite a refusal. */}
      <div aria-describedby={describedBy} hidden={full}>
        <p className="mb-2 text-sm text-muted-foreground">
          An empty slot opens your camera on a phone and your files on a computer. To add several photos at once, drop them here
          or browse:
        </p>
        <Dashboard
          uppy={uppy}
          width="100%"
          height={160}
          theme="light"
          showSelectedFiles={false}
          hideUploadButton
          hideProgressAfterFinish
          disableInformer
          proudlyDisplayPoweredByUppy={false}
        />
      </div>
    </div>
  );
}
