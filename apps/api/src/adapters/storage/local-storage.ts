// Photos in a folder of the data directory (the embedded default). Every write goes to a private
// file in ".incoming", is flushed to disk, and only then renamed into place: rename is atomic, so
// a crash or a full disk leaves at worst a stray ".part" file, never half a photo under its key.
// put() resolves only once the file, its name and any folder it created are on disk, so a row
// marked stored afterwards never points at a file a power cut took back.
import { randomUUID } from 'node:crypto';
import { type FileHandle, mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import {
  assertValidFolder,
  assertValidKey,
  contentTypeOfKey,
  type ListedObject,
  type ObjectStorage,
  type StoredObject,
} from './object-storage.ts';

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

  /** mkdir -p, then flushes the parent of every folder it created, so the new names are on disk too. */
  async function makeDirDurably(dir: string) {
    const firstCreated = await mkdir(dir, { recursive: true });
    if (!firstCreated) return;
    for (let created = dir; ; created = path.dirname(created)) {
      await syncDir(path.dirname(created));
      if (created === firstCreated) break;
    }
  }

  async function* walk(dir: string, keyPrefix: string): AsyncGenerator<ListedObject> {
    const entries = await readdir(dir, { withFileTypes: true }).catch((err: unknown) => {
      if (isMissing(err)) return [];
      throw err;
    });
    for (const entry of entries) {
      const key = `${keyPrefix}${entry.name}`;
      if (entry.isDirectory()) yield* walk(path.join(dir, entry.name), `${key}/`);
      else if (entry.isFile()) {
        // Gone between the listing and the stat (deleted meanwhile): nothing to report.
        const info = await stat(path.join(dir, entry.name)).catch(() => null);
        if (info) yield { key, modifiedAt: info.mtime };
      }
    }
  }

  return {
    driver: 'local',

    async put(key: string, body: Buffer | Readable, contentType: string) {
      const file = fileOf(key);
      // The folder keeps no metadata: the extension is the content type, so they must agree.
      if (contentTypeOfKey(key) !== contentType) {
        throw new Error(`The key ${key} does not match the content type ${contentType}.`);
      }
      await makeDirDurably(incoming);
      await makeDirDurably(path.dirname(file));
      const temp = path.join(incoming, `${randomUUID()}.part`);
      const handle = await open(temp, 'wx', 0o600);
      try {
        if (Buffer.isBuffer(body)) {
          await handle.writeFile(body);
        } else {
          for await (const chunk of body)
            await writeAll(handle, Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
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

    listObjects(folder: string) {
      assertValidFolder(folder);
      return walk(path.join(root, folder), folder);
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
