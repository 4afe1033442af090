// Where photo bytes live (DECISIONS "Photos"): a folder in the data directory by default, an
// S3-compatible bucket in production. The uploads module only knows this interface; the database
// says which keys belong to whom, the storage only keeps bytes.
import type { Readable } from 'node:stream';

export interface StoredObjectInfo {
  contentType: string;
  /** Bytes, when the storage knows it. */
  size?: number;
}

export interface StoredObject extends StoredObjectInfo {
  body: Readable;
}

/** One object as a listing reports it. */
export interface ListedObject {
  key: string;
  /** When the object was last written. */
  modifiedAt: Date;
}

export interface ObjectStorage {
  /** 'local' or 's3', for logs and the readiness answer. */
  readonly driver: string;
  /** Stores the whole object or nothing: a reader never sees half a photo. Overwrites. */
  put(key: string, body: Buffer | Readable, contentType: string): Promise<void>;
  /** Null when there is no such object. */
  get(key: string): Promise<StoredObject | null>;
  /** Removes the object; a missing object is not an error. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /**
   * Every object under a top folder ("full/"), page by page, so the cleanup can find objects no
   * row refers to any more. Objects written during the listing may or may not appear.
   */
  listObjects(folder: string): AsyncIterable<ListedObject>;
  /** Removes leftovers of writes a crash interrupted, older than the given age; answers how many. */
  sweepIncomplete?(olderThanMs: number): Promise<number>;
  /** Releases connections. */
  close?(): void;
}

// Keys are made by the server ("full/<uuid>.jpg"), but the adapters refuse anything else anyway
// so that no key can ever climb out of the photo folder.
const KEY_PATTERN = /^[A-Za-z0-9_-]+(?:\/[A-Za-z0-9_-]+)*\.[a-z0-9]{2,5}$/;

export function assertValidKey(key: string): void {
  if (!KEY_PATTERN.test(key) || key.length > 512) throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
}

const FOLDER_PATTERN = /^[A-Za-z0-9_-]+\/$/;

/** A listing covers one top folder, named with its slash ("full/"), never anything wider. */
export function assertValidFolder(folder: string): void {
  if (!FOLDER_PATTERN.test(folder)) throw new Error(`Invalid storage folder: ${JSON.stringify(folder)}`);
}

const contentTypes: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  heic: 'image/heic',
};

/** The content type a key's extension stands for (the local folder keeps no metadata). */
export function contentTypeOfKey(key: string): string {
  const ext = key.slice(key.lastIndexOf('.') + 1).toLowerCase();
  return contentTypes[ext] ?? 'application/octet-stream';
}
