// Photos in a folder of the data directory (the embedded default). Every write goes to a private
// file in ".incoming", is flushed to disk, and only then renamed into place: rename is atomic, so
// a crash or a full disk leaves at worst a stray ".part" file, never half a photo under its key.
import { randomUUID } from 'node:crypto';
import { type FileHandle, mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { assertValidKey, contentTypeOfKey, type ObjectStorage, type StoredObject } from './object-storage.ts';

const INCOMING_DIR = '.incoming';

function isMissing(err: unknown): boolean {
  return (err as NodeJS.ErrnoException).code === 'ENOENT';
}

async function writeAll(handle: FileHandle, chunk: Buffer) {
  let offset = 0;
  while (offset < chunk.length) {
    const { bytesWritten } = await handle.write(chunk, offset, chunk.length - offset);
    offset += bytesWritten;
  }
}

export function localStorage(rootDir: string): ObjectStorage {
  const root = path.resolve(rootDir);
  const incoming = path.join(root, INCOMING_DIR);
  const fileOf = (key: string) => {
    assertValidKey(key);
    return path.join(root, key);
  };

  async function syncDir(dir: string) {
    // Makes the rename itself durable; some file systems refuse to fsync a directory, which is fine.
    const handle = await open(dir, 'r').catch(() => null);
    if (!handle) return;
    await handle.sync().catch(() => undefined);
    await handle.close();
  }

  return {
    driver: 'local',

    async put(key: string, body: Buffer | Readable, contentType: string) {
      const file = fileOf(key);
      // The folder keeps no metadata: the extension is the content type, so they must agree.
      if (contentTypeOfKey(key) !== contentType) {
        throw new Error(`The key ${key} does not match the content type ${contentType}.`);
      }
      await mkdir(incoming, { recursive: true });
      await mkdir(path.dirname(file), { recursive: true });
      const temp = path.join(incoming, `${randomUUID()}.part`);
      const handle = await open(temp, 'wx', 0o600);
      try {
        if (Buffer.isBuffer(body)) {
          await handle.writeFile(body);
        } else {
          for await (const chunk of body) await writeAll(handle, Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
        }
        await handle.sync();
      } catch (err) {
        await handle.close().catch(() => undefined);
        await rm(temp, { force: true });
        throw err;
      }
      await handle.close();
      try {
        await rename(temp, file);
      } catch (err) {
        await rm(temp, { force: true });
        throw err;
      }
      await syncDir(path.dirname(file));
    },

    async get(key: string): Promise<StoredObject | null> {
      const file = fileOf(key);
      // Open first and stat the open file, so a delete in between cannot split the two.
      const handle = await open(file, 'r').catch((err: unknown) => {
        if (isMissing(err)) return null;
        throw err;
      });
      if (!handle) return null;
      try {
        const info = await handle.stat();
        return { body: handle.createReadStream(), contentType: contentTypeOfKey(key), size: info.size };
      } catch (err) {
        await handle.close();
        throw err;
      }
    },

    async delete(key: string) {
      await rm(fileOf(key), { force: true });
    },

    async exists(key: string) {
      try {
        return (await stat(fileOf(key))).isFile();
      } catch (err) {
        if (isMissing(err)) return false;
        throw err;
      }
    },

    async sweepIncomplete(olderThanMs: number) {
      let names: string[];
      try {
        names = await readdir(incoming);
      } catch (err) {
        if (isMissing(err)) return 0;
        throw err;
      }
      const cutoff = Date.now() - olderThanMs;
      let removed = 0;
      for (const name of names) {
        const file = path.join(incoming, name);
        const info = await stat(file).catch(() => null);
        if (info && info.mtimeMs < cutoff) {
          await rm(file, { force: true });
          removed += 1;
        }
      }
      return removed;
    },
  };
}
