// The storage adapters against real backends: a temp folder, and s3rver on loopback.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localStorage } from '../../src/adapters/storage/local-storage.ts';
import type { ObjectStorage } from '../../src/adapters/storage/object-storage.ts';
import { s3Storage } from '../../src/adapters/storage/s3-storage.ts';
import { recordFlushes } from '../support/power-cut.ts';
import { startS3Server, type S3TestServer } from '../support/s3-server.ts';

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/** Sends some bytes, then fails, as a client connection dropping mid-upload would. */
function failingStream() {
  let sent = false;
  return new Readable({
    read() {
      if (!sent) {
        sent = true;
        this.push(Buffer.alloc(64 * 1024, 1));
      } else {
        this.destroy(new Error('connection reset'));
      }
    },
  });
}

describe.each(['local', 's3'] as const)('the %s storage adapter', (driver) => {
  let storage: ObjectStorage;
  let dir: string;
  let s3: S3TestServer | undefined;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'assay-storage-'));
    if (driver === 's3') {
      s3 = await startS3Server();
      storage = s3Storage(s3.options);
    } else {
      storage = localStorage(dir);
    }
  });
  afterAll(async () => {
    storage.close?.();
    await s3?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('stores, reports, reads back and deletes an object with its content type and size', async () => {
    const bytes = Buffer.from([0xff, 0xd8, 0xff, ...Array.from({ length: 5000 }, (_, i) => i % 256)]);
    expect(await storage.exists('photos/a1.jpg')).toBe(false);
    expect(await storage.get('photos/a1.jpg')).toBeNull();
    await storage.put('photos/a1.jpg', bytes, 'image/jpeg');
    expect(await storage.exists('photos/a1.jpg')).toBe(true);
    const object = await storage.get('photos/a1.jpg');
    expect(object?.contentType).toBe('image/jpeg');
    expect(object?.size).toBe(bytes.length);
    expect((await readAll(object!.body)).equals(bytes)).toBe(true);
    await storage.delete('photos/a1.jpg');
    expect(await storage.exists('photos/a1.jpg')).toBe(false);
    expect(await storage.get('photos/a1.jpg')).toBeNull();
  });

  it('takes a stream, overwrites whole, and treats deleting a missing object as done', async () => {
    await storage.put('photos/b2-thumb.webp', Readable.from([Buffer.from('RIFF'), Buffer.from('....WEBP')]), 'image/webp');
    await storage.put('photos/b2-thumb.webp', Buffer.from('RIFF----WEBPVP8 '), 'image/webp');
    const object = await storage.get('photos/b2-thumb.webp');
    expect(object?.contentType).toBe('image/webp');
    expect((await readAll(object!.body)).toString()).toBe('RIFF----WEBPVP8 ');
    await storage.delete('photos/b2-thumb.webp');
    await expect(storage.delete('photos/b2-thumb.webp')).resolves.toBeUndefined();
    await expect(storage.delete('photos/never-there.jpg')).resolves.toBeUndefined();
  });

  it('leaves nothing under the key when the incoming stream fails half-way', async () => {
    await expect(storage.put('photos/c3.jpg', failingStream(), 'image/jpeg')).rejects.toThrow('connection reset');
    expect(await storage.exists('photos/c3.jpg')).toBe(false);
    if (driver === 'local') expect(readdirSync(path.join(dir, '.incoming'))).toEqual([]);
  });

  it('lists every object of one top folder, with when it was written, and nothing outside it', async () => {
    const before = Date.now() - 2_000; // S3 keeps whole seconds
    await storage.put('listed/f6.jpg', Buffer.from('one'), 'image/jpeg');
    await storage.put('listed/deeper/g7.webp', Buffer.from('two'), 'image/webp');
    await storage.put('listed-not/h8.jpg', Buffer.from('three'), 'image/jpeg');
    const listed = [];
    for await (const object of storage.listObjects('listed/')) listed.push(object);
    expect(listed.map((object) => object.key).sort()).toEqual(['listed/deeper/g7.webp', 'listed/f6.jpg']);
    for (const object of listed) expect(object.modifiedAt.getTime()).toBeGreaterThan(before);
    const empty = [];
    for await (const object of storage.listObjects('never-written/')) empty.push(object);
    expect(empty).toEqual([]);
  });

  it.each(['../', 'listed', '/', 'a/b/', ''])('refuses to list the folder %j', async (folder) => {
    await expect(async () => {
      for await (const _ of storage.listObjects(folder)) break;
    }).rejects.toThrow('Invalid storage folder');
  });

  it.each(['../escape.jpg', 'photos/../../etc/passwd.jpg', '/abs/path.jpg', 'photos/no-extension', 'photos/.hidden.jpg', ''])(
    'refuses the key %j',
    async (key) => {
      await expect(storage.put(key, Buffer.from('x'), 'image/jpeg')).rejects.toThrow('Invalid storage key');
      await expect(storage.get(key)).rejects.toThrow('Invalid storage key');
      await expect(storage.delete(key)).rejects.toThrow('Invalid storage key');
    },
  );
});

describe('the local storage adapter', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'assay-storage-local-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('writes through a temporary file that is renamed into place, and keeps the folder private', async () => {
    const storage = localStorage(dir);
    await storage.put('photos/d4.jpg', Buffer.from('abc'), 'image/jpeg');
    expect(readdirSync(path.join(dir, 'photos'))).toEqual(['d4.jpg']);
    expect(readdirSync(path.join(dir, '.incoming'))).toEqual([]);
  });

  it('answers a put only once the file and every folder it created are flushed to disk', async () => {
    const fresh = path.join(dir, 'fresh-root');
    const recorder = await recordFlushes(fresh);
    try {
      await localStorage(fresh).put('deep/er/i9.jpg', Buffer.from('abc'), 'image/jpeg');
      // The file (still under .incoming), then the folders holding the new names: er in deep, deep
      // and .incoming in the root, the root in its parent (outside the watched folder).
      expect(recorder.flushed.some((file) => file.startsWith('.incoming/'))).toBe(true);
      expect(recorder.flushed).toEqual(expect.arrayContaining(['deep/er', 'deep', '']));
    } finally {
      recorder.stop();
    }
  });

  it('refuses a content type its key extension does not stand for', async () => {
    const storage = localStorage(dir);
    await expect(storage.put('photos/e5.jpg', Buffer.from('abc'), 'image/png')).rejects.toThrow('does not match');
    expect(existsSync(path.join(dir, 'photos', 'e5.jpg'))).toBe(false);
  });

  it('sweeps temporary files of interrupted writes once they are old', async () => {
    const storage = localStorage(dir);
    const incoming = path.join(dir, '.incoming');
    mkdirSync(incoming, { recursive: true });
    writeFileSync(path.join(incoming, 'old.part'), 'half a photo');
    writeFileSync(path.join(incoming, 'fresh.part'), 'being written');
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    utimesSync(path.join(incoming, 'old.part'), twoHoursAgo, twoHoursAgo);
    expect(await storage.sweepIncomplete!(60 * 60 * 1000)).toBe(1);
    expect(readdirSync(incoming)).toEqual(['fresh.part']);
  });
});
