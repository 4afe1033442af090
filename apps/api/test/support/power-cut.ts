// A power cut, simulated without root: the folder as it is when recording starts counts as on
// disk, then every fsync under it is watched and the bytes each file held at its last fsync are
// kept. "Pulling the plug" copies the folder as a disk would come back: every name is still there (directory entries are assumed to survive, the lenient part),
// but each file holds only what was flushed, and nothing at all if it was never flushed (the
// strict part: an unflushed page-cache write is gone). drop_caches cannot do this: it never
// discards dirty pages, so unflushed writes stay readable after it.
import fs from 'node:fs';
import { open } from 'node:fs/promises';
import os from 'node:os';
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

/** The prototype of fs/promises' FileHandle, which node:fs does not export. */
async function fileHandlePrototype(): Promise<{ sync(): Promise<void> }> {
  const handle = await open(os.devNull, 'r');
  await handle.close();
  return Object.getPrototypeOf(handle) as { sync(): Promise<void> };
}

/** Watches fs.fsyncSync (PGlite's hook) and FileHandle.sync (the photo folder) under `root`. */
export async function recordFlushes(root: string): Promise<FlushRecorder> {
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
  const record = (fd: number) => {
    const target = fs.readlinkSync(`/proc/self/fd/${fd}`);
    if (target !== watched && !target.startsWith(watched + path.sep)) return;
    flushed.push(path.relative(watched, target));
    const stats = fs.fstatSync(fd, { bigint: true });
    // Through /proc, which reopens the file for reading even when fd was opened write-only.
    if (stats.isFile()) flushedBytes.set(fileKey(stats), fs.readFileSync(`/proc/self/fd/${fd}`));
  };
  const realFsync = fs.fsyncSync;
  const syncSpy = vi.spyOn(fs, 'fsyncSync').mockImplementation((fd: number) => {
    realFsync(fd);
    record(fd);
  });
  const handles = await fileHandlePrototype();
  const realHandleSync = handles.sync;
  const handleSpy = vi.spyOn(handles, 'sync').mockImplementation(async function (this: { fd: number }) {
    await realHandleSync.call(this);
    record(this.fd);
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
    stop: () => {
      syncSpy.mockRestore();
      handleSpy.mockRestore();
    },
  };
}
