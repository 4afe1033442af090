// The photo widget's engine (SPEC 5, 9; DECISIONS "Photos"): Uppy with one PUT per file to a fresh
// single-use URL from POST /api/objects/upload, fetched just before that file goes up.
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import Uppy, { type Meta, type UppyFile } from '@uppy/core';
import XHRUpload, { type XhrUploadOpts } from '@uppy/xhr-upload';
import {
  acceptedImageTypes,
  MAX_IMAGE_BYTES,
  MAX_IMAGES_PER_SUBMISSION,
  UPLOAD_CONCURRENCY,
  UPLOAD_RETRY_DELAYS_MS,
} from '@assay/domain';
import { errorMessage } from '@/lib/api-client';
import { imageContentType, requestUploadTarget } from '@/lib/object-upload';

/** What the server answers to each PUT. */
export type UploadBody = { imageId?: string; url?: string; thumbnailUrl?: string } & Record<string, unknown>;
export type PhotoFile = UppyFile<Meta, UploadBody>;
export type PhotoUppy = Uppy<Meta, UploadBody>;

/** JPEG, PNG, WebP and HEIC only (the server checks the bytes too); '.heic' for browsers that give no type. */
export const ALLOWED_PHOTO_TYPES: string[] = [...acceptedImageTypes, '.heic'];

/** SPEC 7 notices from the upload library stay 5 seconds. */
export const UPLOAD_NOTICE_MS = 5000;

/** The server's sentence from an error answer ('Only JPEG, PNG, WebP or HEIC photos...'). */
function responseMessage(xhr: XMLHttpRequest): string | undefined {
  try {
    const body = JSON.parse(xhr.responseText) as { message?: unknown };
    return typeof body.message === 'string' && body.message.trim() ? body.message : undefined;
  } catch {
    return undefined;
  }
}

/** Only a lost connection, a server fault or a rate limit is worth retrying; a refusal (4xx) is final. */
function shouldRetry(xhr: XMLHttpRequest): boolean {
  return xhr.status === 0 || xhr.status === 429 || xhr.status >= 500;
}

/**
 * Uppy 6's fetcher waits 150, 300, 600, 1200 ms between attempts and has no delay option; waiting
 * the rest here before each retry gives SPEC 9's 0 / 1 / 3 / 5 s.
 */
function builtInDelayMs(failedAttempt: number): number {
  return 0.3 * 2 ** (failedAttempt - 1) * 1000;
}

async function waitBeforeRetry(retryCount: number): Promise<void> {
  if (retryCount < 1) return;
  const wanted = UPLOAD_RETRY_DELAYS_MS[retryCount - 1] ?? UPLOAD_RETRY_DELAYS_MS[UPLOAD_RETRY_DELAYS_MS.length - 1] ?? 0;
  const extra = wanted - builtInDelayMs(retryCount - 1);
  if (extra > 0) await new Promise((resolve) => window.setTimeout(resolve, extra));
}

export type PhotoUppyOptions = {
  /**
   * Photos for an existing submission ("Request More Photos"): each upload URL is asked for with
   * this id, so the server refuses a fifth photo or a closed submission before the bytes go up.
   */
  submissionId?: string;
  /** How many photos may still be added (SPEC 5: 4 minus those already there); 4 by default. */
  allowance?: number;
};

// Uppy reads a limit of 0 as "no limit": where nothing fits, callers show no widget at all.
function photoRestrictions(allowance: number = MAX_IMAGES_PER_SUBMISSION) {
  return {
    maxNumberOfFiles: Math.max(0, Math.min(MAX_IMAGES_PER_SUBMISSION, allowance)),
    maxFileSize: MAX_IMAGE_BYTES,
    allowedFileTypes: ALLOWED_PHOTO_TYPES,
  };
}

export function createPhotoUppy({ submissionId, allowance }: PhotoUppyOptions = {}): PhotoUppy {
  const uppy: PhotoUppy = new Uppy<Meta, UploadBody>({
    id: submissionId ? `submission-photos-${submissionId}` : 'submission-photos',
    autoProceed: true,
    infoTimeout: UPLOAD_NOTICE_MS,
    restrictions: photoRestrictions(allowance),
  });

  const options: XhrUploadOpts<Meta, UploadBody> = {
    method: 'PUT',
    formData: false,
    limit: UPLOAD_CONCURRENCY,
    // A fresh single-use URL per file, asked for just before that file's PUT.
    endpoint: async (fileOrFiles) => {
      const file = Array.isArray(fileOrFiles) ? fileOrFiles[0] : fileOrFiles;
      try {
        const target = await requestUploadTarget(
          submissionId ? { purpose: 'submission', submissionId } : { purpose: 'submission' },
        );
        return target.uploadURL;
      } catch (err) {
        // Uppy reports failures of the request itself only; a failed URL request would leave the file spinning.
        if (file)
          uppy.emit('upload-error', uppy.getFile(file.id), {
            name: 'UploadUrlError',
            message: errorMessage(err, 'Could not start the upload.'),
          });
        throw err;
      }
    },
    headers: (file) => ({ 'Content-Type': imageContentType({ type: file.type, name: file.name }) }),
    shouldRetry,
    onBeforeRequest: (_xhr, retryCount) => waitBeforeRetry(retryCount),
    onAfterResponse: (xhr) => {
      if (xhr.status >= 400) throw new Error(responseMessage(xhr) ?? (xhr.statusText || `The server answered ${xhr.status}.`));
    },
  };
  // Not in Uppy's option types, but passed through to its fetcher: one attempt plus a retry per SPEC 9 delay.
  const fetcherOptions = { retries: UPLOAD_RETRY_DELAYS_MS.length };
  uppy.use(XHRUpload<Meta, UploadBody>, { ...options, ...fetcherOptions });
  return uppy;
}

/**
 * One Uppy per mounted form. Destroyed on unmount; the deferral survives React's development
 * double mount, which unmounts and remounts at once. The allowance may change while mounted (the
 * photos already saved count against it); the submission id is fixed for the widget's life.
 */
export function usePhotoUppy(options: PhotoUppyOptions = {}): PhotoUppy {
  const [uppy] = useState(() => createPhotoUppy(options));
  const destroyTimer = useRef<number | undefined>(undefined);
  useEffect(() => {
    window.clearTimeout(destroyTimer.current);
    return () => {
      destroyTimer.current = window.setTimeout(() => uppy.destroy(), 0);
    };
  }, [uppy]);
  const { allowance } = options;
  useEffect(() => {
    uppy.setOptions({ restrictions: photoRestrictions(allowance) });
  }, [uppy, allowance]);
  return uppy;
}

/** The uploaded image ids, in slot order (Primary, Detail, Side, Back). */
export function uploadedImageIds(uppy: PhotoUppy): string[] {
  return uppy
    .getFiles()
    .map((file) => file.response?.body?.imageId)
    .filter((id): id is string => typeof id === 'string' && id.length > 0);
}

function isBusy(file: PhotoFile): boolean {
  return Boolean(file.progress.uploadStarted) && !file.progress.uploadComplete && !file.error;
}

/** Resolves once no file is still uploading (finished, failed or removed). */
export function settleUploads(uppy: PhotoUppy): Promise<void> {
  if (!uppy.getFiles().some(isBusy)) return Promise.resolve();
  return new Promise((resolve) => {
    const check = () => {
      if (uppy.getFiles().some(isBusy)) return;
      uppy.off('complete', check);
      uppy.off('upload-error', check);
      uppy.off('upload-success', check);
      uppy.off('file-removed', check);
      resolve();
    };
    uppy.on('complete', check);
    uppy.on('upload-error', check);
    uppy.on('upload-success', check);
    uppy.on('file-removed', check);
  });
}

/** The added photos in the order they were added (Uppy keeps its files keyed by id, in insertion order). */
export function usePhotoFiles(uppy: PhotoUppy): PhotoFile[] {
  const subscribe = useCallback((onChange: () => void) => uppy.store.subscribe(onChange), [uppy]);
  const files = useSyncExternalStore(subscribe, () => uppy.getState().files);
  return useMemo(() => Object.values(files), [files]);
}
