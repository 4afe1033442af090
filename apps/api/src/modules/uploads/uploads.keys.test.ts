import { describe, expect, it } from 'vitest';
import { imageIdOfKey, orphanedKeys, photoKey, thumbnailKey } from './uploads.keys.ts';

const id = '0b6f6f3e-5a8e-4a57-9d3e-4f2f0c6c9a11';
const other = '5d1d2c3b-0000-4000-8000-000000000002';
const cutoff = new Date('2025-06-01T00:00:00Z');
const old = new Date('2025-05-30T00:00:00Z');
const recent = new Date('2025-06-01T00:00:01Z');

describe('imageIdOfKey', () => {
  it('recognises exactly the keys photoKey and thumbnailKey make', () => {
    expect(imageIdOfKey(photoKey(id))).toBe(id);
    expect(imageIdOfKey(thumbnailKey(id))).toBe(id);
    expect(imageIdOfKey(`full/${id}.webp`)).toBeNull();
    expect(imageIdOfKey(`thumb/${id}.jpg`)).toBeNull();
    expect(imageIdOfKey(`backups/${id}.jpg`)).toBeNull();
    expect(imageIdOfKey(`full/nested/${id}.jpg`)).toBeNull();
  });
});

describe('orphanedKeys', () => {
  it('picks old objects of this app that no row claims', () => {
    const listed = [
      { key: photoKey(id), modifiedAt: old },
      { key: thumbnailKey(id), modifiedAt: old },
      { key: photoKey(other), modifiedAt: old },
      { key: thumbnailKey(other), modifiedAt: old },
    ];
    expect(orphanedKeys(listed, [{ id, storageKey: photoKey(id), thumbnailKey: thumbnailKey(id) }], cutoff)).toEqual([
      photoKey(other),
      thumbnailKey(other),
    ]);
  });

  it('keeps objects written after the cutoff, which may belong to an upload in flight', () => {
    expect(orphanedKeys([{ key: photoKey(other), modifiedAt: recent }], [], cutoff)).toEqual([]);
  });

  it('never touches objects whose key this app does not make', () => {
    expect(
      orphanedKeys(
        [
          { key: 'full/readme.txt', modifiedAt: old },
          { key: 'full/a/b.jpg', modifiedAt: old },
        ],
        [],
        cutoff,
      ),
    ).toEqual([]);
  });

  it('counts the derived thumbnail key of a row without thumbnail_key as claimed', () => {
    expect(
      orphanedKeys([{ key: thumbnailKey(id), modifiedAt: old }], [{ id, storageKey: photoKey(id), thumbnailKey: null }], cutoff),
    ).toEqual([]);
  });
});
