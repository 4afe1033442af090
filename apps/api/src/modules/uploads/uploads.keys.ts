// Which storage keys belong to which photo, and which stored objects no photo row claims any more.
import type { ListedObject } from '../../adapters/storage/object-storage.ts';

// Under config.storage.localDir (DATA_DIR/photos) or at the top of the bucket.
export const photoKey = (imageId: string) => `full/${imageId}.jpg`;
export const thumbnailKey = (imageId: string) => `thumb/${imageId}.webp`;

/** The folders photo keys live in: the only ones the orphan sweep ever looks at. */
export const PHOTO_FOLDERS = ['full/', 'thumb/'] as const;

const KEY_SHAPE = /^(?:full|thumb)\/([A-Za-z0-9-]+)\.[a-z]+$/;

/** The image id a key was made for, or null when photoKey/thumbnailKey never make such a key. */
export function imageIdOfKey(key: string): string | null {
  const id = KEY_SHAPE.exec(key)?.[1];
  return id && (photoKey(id) === key || thumbnailKey(id) === key) ? id : null;
}

export interface ImageKeys {
  id: string;
  storageKey: string;
  thumbnailKey: string | null;
}

/** Both keys of a row; rows from before thumbnail_key was filled use the derived thumbnail key. */
export const keysOfImage = (row: ImageKeys) => [row.storageKey, row.thumbnailKey ?? thumbnailKey(row.id)];

/**
 * Listed objects to delete: made by this app (never someone else's object in a shared bucket),
 * claimed by no image row, and written before the cutoff. Rows are inserted before their bytes
 * are written, so an object without a row is an orphan; the cutoff still keeps anything recent,
 * in case a row and its object are being created or deleted right now.
 */
export function orphanedKeys(listed: readonly ListedObject[], rows: readonly ImageKeys[], cutoff: Date): string[] {
  const claimed = new Set(rows.flatMap(keysOfImage));
  return listed
    .filter((object) => object.modifiedAt < cutoff && imageIdOfKey(object.key) !== null && !claimed.has(object.key))
    .map((object) => object.key);
}
