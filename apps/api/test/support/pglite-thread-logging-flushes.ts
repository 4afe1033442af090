// The embedded database's thread (src/db/pglite-thread.ts) with every fsync under its data folder
// written down in `<folder>.flushes` before the fsync returns: the test on the server's thread can
// then see which flushes happened on this one before an answer crossed back.
import fs from 'node:fs';
import path from 'node:path';
import { workerData } from 'node:worker_threads';
import type { ThreadDatabase } from '../../src/db/pglite-thread-protocol.ts';

const dataDir = path.resolve((workerData as Extract<ThreadDatabase, { dataDir: string }>).dataDir);
const realFsync = fs.fsyncSync;
fs.fsyncSync = (fd: number) => {
  realFsync(fd);
  const target = fs.readlinkSync(`/proc/self/fd/${fd}`);
  if (target.startsWith(dataDir + path.sep)) fs.appendFileSync(`${dataDir}.flushes`, `${path.relative(dataDir, target)}\n`);
};
await import('../../src/db/pglite-thread.ts');
