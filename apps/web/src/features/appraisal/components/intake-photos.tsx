import { useId, useRef, useState } from 'react';
import { ImagePlus, Loader2, Trash2, TriangleAlert } from 'lucide-react';
import { acceptedImageExtensions, acceptedImageTypes, MAX_INTAKE_PHOTOS } from '@assay/domain';
import { errorMessage } from '@/lib/api-client';
import { uploadImage } from '@/lib/object-upload';
import { Button } from '@/components/ui/button';

/** One chosen photo: uploading, uploaded (with its id) or refused (with the server's sentence). */
export type IntakeUpload = {
  key: string;
  name: string;
  preview: string | null;
  imageId?: string;
  thumbnailUrl?: string;
  error?: string;
};

let nextKey = 0;

/**
 * Intake evidence (DECISIONS "Intake evidence"): up to 8 photos of the parcel as it was opened and
 * of the items on the scale. Each goes up at once through the usual upload pipeline with purpose
 * 'intake'; the receive request then names the uploaded ones.
 */
export function IntakePhotosField({
  uploads,
  onChange,
  disabled = false,
}: {
  uploads: IntakeUpload[];
  onChange: (update: (current: IntakeUpload[]) => IntakeUpload[]) => void;
  disabled?: boolean;
}) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const free = MAX_INTAKE_PHOTOS - uploads.length;

  const add = (files: FileList | null) => {
    if (!files || files.length === 0) return;
    const chosen = [...files];
    const fitting = chosen.slice(0, Math.max(0, free));
    setNotice(
      chosen.length > fitting.length
        ? `Only ${MAX_INTAKE_PHOTOS} intake photos fit: ${fitting.length} of the ${chosen.length} you chose were added.`
        : null,
    );
    for (const file of fitting) {
      const key = `intake-${(nextKey += 1)}`;
      const preview = typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null;
      onChange((current) => [...current, { key, name: file.name, preview }]);
      uploadImage(file, 'intake').then(
        (done) =>
          onChange((current) =>
            current.map((u) => (u.key === key ? { ...u, imageId: done.imageId, thumbnailUrl: done.thumbnailUrl } : u)),
          ),
        (err: unknown) =>
          onChange((current) =>
            current.map((u) => (u.key === key ? { ...u, error: errorMessage(err, 'This photo could not be uploaded.') } : u)),
          ),
      );
    }
    if (input.current) input.current.value = '';
  };

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-col gap-1">
        <label htmlFor={inputId} className="text-sm font-medium">
          Intake photos (optional)
        </label>
        <p className="text-xs text-muted-foreground">
          The parcel as you opened it and the items on the scale: up to {MAX_INTAKE_PHOTOS} photos, JPEG, PNG, WebP or HEIC, 10 MB
          each. The client sees them on their timeline.
        </p>
      </div>
      <input
        ref={input}
        id={inputId}
        type="file"
        multiple
        accept={[...acceptedImageTypes, ...acceptedImageExtensions].join(',')}
        className="sr-only"
        disabled={disabled || free <= 0}
        onChange={(event) => add(event.target.files)}
      />
      <Button
        type="button"
        variant="outline"
        size="sm"
        className="self-start"
        disabled={disabled || free <= 0}
        onClick={() => input.current?.click()}
      >
        <ImagePlus aria-hidden="true" />
        {free <= 0 ? `${MAX_INTAKE_PHOTOS} photos added` : `Add photos (${uploads.length} of ${MAX_INTAKE_PHOTOS})`}
      </Button>
      {notice && (
        <p role="status" className="text-xs text-amber-800">
          {notice}
        </p>
      )}
      {uploads.length > 0 && (
        <ul className="grid grid-cols-4 gap-2" aria-label="Intake photos">
          {uploads.map((u, index) => {
            const src = u.thumbnailUrl ?? u.preview;
            return (
              <li key={u.key} className="flex flex-col gap-1" aria-label={`Intake photo ${index + 1}: ${u.name}`}>
                <div className="relative aspect-square overflow-hidden rounded-md border border-border bg-muted">
                  {src && <img src={src} alt="" className="size-full object-cover" />}
                  {!u.imageId && !u.error && (
                    <span className="absolute inset-0 flex items-center justify-center bg-white/60">
                      <Loader2 aria-label="Uploading" className="size-5 animate-spin motion-reduce:animate-none" />
                    </span>
                  )}
                  {u.error && (
                    <span className="absolute inset-0 flex items-center justify-center bg-white/70 text-destructive">
                      <TriangleAlert aria-hidden="true" className="size-5" />
                    </span>
                  )}
                </div>
                {u.error && <span className="text-[11px] leading-tight text-destructive">{u.error}</span>}
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  className="h-7 px-1 text-xs"
                  disabled={disabled}
                  onClick={() => onChange((current) => current.filter((c) => c.key !== u.key))}
                  aria-label={`Remove intake photo ${index + 1}`}
                >
                  <Trash2 aria-hidden="true" className="size-3.5" />
                  <span className="max-sm:sr-only">Remove</span>
                </Button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}

/** The ids to send, or null while a photo is still uploading or was refused. */
export function intakePhotoIdsOf(uploads: readonly IntakeUpload[]): string[] | null {
  if (uploads.some((u) => !u.imageId)) return null;
  return uploads.map((u) => u.imageId!);
}
