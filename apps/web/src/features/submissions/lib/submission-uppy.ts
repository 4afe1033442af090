// The photo widget's engine (SPEC 5, 9; DECISIONS "Photos"): Uppy with one PUT per file to a fresh
// single-use URL from POST /api/objects/upload, fetched just before that file goes up.
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import Uppy, { type Meta, type UppyFile, type UppyOptions } from '@uppy/core';
import XHRUpload, { type XhrUploadOpts } from '@uppy/xhr-upload';
import {
  acceptedImageTypes,
  imageSlotLabels,
  MAX_IMAGE_BYTES,
  MAX_IMAGES_PER_SUBMISSION,
  UPLOAD_CONCURRENCY,
  UPLOAD_RETRY_DELAYS_MS,
} from '@assay/domain';
import { errorMessage } from '@/lib/api-client';
import { imageContentType, requestUploadTarget } from '@/lib/object-upload';
import { leftOutSentence, photoRefusal, slotForPhoto } from './photo-slots';

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
  /** Which item of a new parcel the photos are of (2 to 10): each item has its own widget, told apart by Uppy's id. */
  itemKey?: string;
};

export type PhotoSlot = (typeof imageSlotLabels)[number];

function clampAllowance(allowance: number = MAX_IMAGES_PER_SUBMISSION): number {
  return Math.max(0, Math.min(MAX_IMAGES_PER_SUBMISSION, allowance));
}

/** The slots still open: the photos a submission already has fill the first ones. */
export function freePhotoSlots(allowance?: number): PhotoSlot[] {
  return imageSlotLabels.slice(MAX_IMAGES_PER_SUBMISSION - clampAllowance(allowance));
}

// Uppy reads a limit of 0 as "no limit": where nothing fits, callers show no widget at all. The
// guard below refuses first, in plain words; these stay as Uppy's own backstop.
function photoRestrictions(allowance?: number) {
  return {
    maxNumberOfFiles: clampAllowance(allowance),
    maxFileSize: MAX_IMAGE_BYTES,
    allowedFileTypes: ALLOWED_PHOTO_TYPES,
  };
}

/** The slot a photo sits in, set when it was added. */
export function photoSlotOf(file: Pick<PhotoFile, 'meta'>): PhotoSlot | undefined {
  const slot = file.meta.slot;
  return imageSlotLabels.find((label) => label === slot);
}

/** What the last selection could not take, one plain sentence each; shown under the slots. */
type NoticeStore = {
  get: () => readonly string[];
  set: (next: readonly string[]) => void;
  subscribe: (l: () => void) => () => void;
};

function createNoticeStore(): NoticeStore {
  let notices: readonly string[] = [];
  const listeners = new Set<() => void>();
  return {
    get: () => notices,
    set: (next) => {
      notices = next;
      listeners.forEach((listener) => listener());
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

const noticeStores = new WeakMap<PhotoUppy, NoticeStore>();

function noticesOf(uppy: PhotoUppy): NoticeStore {
  let store = noticeStores.get(uppy);
  if (!store) {
    store = createNoticeStore();
    noticeStores.set(uppy, store);
  }
  return store;
}

/**
 * Uppy refuses a whole selection when it holds more files than the limit (Restricter's aggregate
 * check), so a seller choosing 6 photos for 4 slots would get none. This runs per file before that
 * check: it gives each photo a free slot (the one it was added through if free), lets go of those
 * with no slot left, and refuses a wrong type or size in words. Uppy calls it for every file of one
 * selection synchronously, so a microtask later the whole selection has been seen and can be told.
 */
function photoGuard(allowance: number | undefined, notices: NoticeStore): UppyOptions<Meta, UploadBody>['onBeforeFileAdded'] {
  const freeSlots = freePhotoSlots(allowance);
  let batch: { refused: string[]; leftOut: string[]; added: number } | null = null;
  return (file, files) => {
    if (!batch) {
      const current = { refused: [] as string[], leftOut: [] as string[], added: 0 };
      batch = current;
      queueMicrotask(() => {
        batch = null;
        const leftOut = leftOutSentence(current.added, current.leftOut);
        notices.set(leftOut ? [...current.refused, leftOut] : current.refused);
      });
    }
    const name = file.name ?? 'This photo';
    // Returning false for a file already there keeps Uppy's duplicate refusal (its notice is hidden).
    if (Object.hasOwn(files, file.id)) {
      batch.refused.push(`${name} is already one of your photos.`);
      return false;
    }
    const refusal = photoRefusal(file);
    if (refusal) {
      batch.refused.push(refusal);
      return false;
    }
    const taken = new Set<string>(Object.values(files).flatMap((other) => photoSlotOf(other) ?? []));
    const slot = slotForPhoto(photoSlotOf(file), freeSlots, taken);
    if (!slot) {
      batch.leftOut.push(name);
      return false;
    }
    batch.added += 1;
    return { ...file, meta: { ...file.meta, slot } };
  };
}

export function createPhotoUppy({ submissionId, allowance, itemKey }: PhotoUppyOptions = {}): PhotoUppy {
  const notices = createNoticeStore();
  const uppy: PhotoUppy = new Uppy<Meta, UploadBody>({
    id: submissionId ? `submission-photos-${submissionId}` : itemKey ? `submission-photos-item-${itemKey}` : 'submission-photos',
    autoProceed: true,
    infoTimeout: UPLOAD_NOTICE_MS,
    restrictions: photoRestrictions(allowance),
    onBeforeFileAdded: photoGuard(allowance, notices),
  });
  noticeStores.set(uppy, notices);
  // Once a photo is removed (or all, after a save) the last selection's notices are out of date.
  uppy.on('file-removed', () => notices.set([]));

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
    uppy.setOptions({ restrictions: photoRestrictions(allowance), onBeforeFileAdded: photoGuard(allowance, noticesOf(uppy)) });
  }, [uppy, allowance]);
  return uppy;
}

const slotIndex = (file: PhotoFile) => imageSlotLabels.indexOf(photoSlotOf(file) ?? 'Back');

/** The uploaded image ids, in slot order (Primary, Detail, Side, Back), whatever order they were added in. */
export function uploadedImageIds(uppy: PhotoUppy): string[] {
  return uppy
    .getFiles()
    .sort((a, b) => slotIndex(a) - slotIndex(b))
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

/** The plain sentences about the last selection (refused or left-out photos); empty when all fit. */
export function usePhotoNotices(uppy: PhotoUppy): readonly string[] {
  const store = noticesOf(uppy);
  return useSyncExternalStore(store.subscribe, store.get);
}

/**
 * Adds photos chosen outside the Dashboard (a slot's own file input): as one selection, so the
 * guard fits what it can; `slot` asks for the slot it was chosen through.
 */
export function addPhotos(uppy: PhotoUppy, files: readonly File[], slot?: PhotoSlot): void {
  try {
    uppy.addFiles(
      files.map((file) => ({
        source: slot ? `slot-${slot}` : 'picker',
        name: file.name,
        type: file.type,
        data: file,
        meta: slot ? { slot } : {},
      })),
    );
  } catch {
    // Only a fault inside Uppy lands here (refusals are told by the guard): SPEC 8's sentence for it.
    noticesOf(uppy).set([uppy.i18n('addBulkFilesFailed', { smart_count: files.length })]);
  }
}
