// A power cut, simulated without root: the folder as it is when recording starts counts as on
// disk, then every fsync under it is watched and the bytes each file held at its last fsync kept. "Pulling the plug" copies the folder as a disk would come
// back: every name is still there (directory entries are assumed to survive, the lenient part),
// but each file holds only what was flushed, and nothing at all if it was never flushed (the
// strict part: an unflushed page-cache write is gone). drop_caches cannot do this: it never
// discards dirty pages, so unflushed writes stay readable after it.
import fs from 'node:fs';
import path from 'node:path';
import { vi } from 'vitest';

export interface FlushRecorder {
  /** Paths (relative to the watched folder) in the order they were flushed. */
  readonly flushed: string[];
  /** Writes to `target` the folder as it would be after a power cut now. */
  pullThePlug(target: string): void;
  stop(): void;
}

const fileKey = (stats: fs.BigIntStats) => `${stats.dev}:${stats.ino}:${stats.birthtimeNs}`;

function readWhole(fd: number, size: number): Buffer {
  const bytes = Buffer.alloc(size);
  let done = 0;
  while (done < size) {
    const n = fs.readSync(fd, bytes, done, size - done, done);
    if (n === 0) break;
    done += n;
  }
  return bytes.subarray(0, done);
}

export function recordFlushes(root: string): FlushRecorder {
  const watched = path.resolve(root);
  const flushedBytes = new Map<string, Buffer>();
  const flushed: string[] = [];
  const keepAsFlushed = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) keepAsFlushed(file);
      else if (entry.isFile()) flushedBytes.set(fileKey(fs.statSync(file, { bigint: true })), fs.readFileSync(file));
    }
  };
  if (fs.existsSync(watched)) keepAsFlushed(watched);
  const realFsync = fs.fsyncSync;
  const spy = vi.spyOn(fs, 'fsyncSync').mockImplementation((fd: number) => {
    realFsync(fd);
    const target = fs.readlinkSync(`/proc/self/fd/${fd}`);
    if (target !== watched && !target.startsWith(watched + path.sep)) return;
    flushed.push(path.relative(watched, target));
    const stats = fs.fstatSync(fd, { bigint: true });
    if (stats.isFile()) flushedBytes.set(fileKey(stats), readWhole(fd, Number(stats.size)));
  });

  function copyAsAfterPowerCut(from: string, to: string) {
    fs.mkdirSync(to, { recursive: true });
    for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
      const source = path.join(from, entry.name);
      const destination = path.join(to, entry.name);
      if (entry.isDirectory()) copyAsAfterPowerCut(source, destination);
      else if (entry.isFile()) {
        const bytes = flushedBytes.get(fileKey(fs.statSync(source, { bigint: true })));
        fs.writeFileSync(destination, bytes ?? Buffer.alloc(0), { mode: fs.statSync(source).mode });
      }
    }
  }

  return {
    flushed,
    pullThePlug: (target) => copyAsAfterPowerCut(watched, path.resolve(target)),
    stop: () => spy.mockRestore(),
  };
}
