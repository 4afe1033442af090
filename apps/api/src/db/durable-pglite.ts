// Opening the embedded database so that an acknowledged write survives a power cut: Postgres
// flushes its own commits through DurableNodeFS, and this module makes sure the folder it starts
// from is itself on disk.
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { DurabilityUnavailableError, DurableNodeFS, durableStartParams } from './durable-node-fs.ts';

/**
 * Written once the whole folder has been flushed. PGlite builds a new folder with an in-memory
 * initdb and copies it in without a single flush, and folders from before this fix never had one.
 */
export const FLUSHED_MARKER = 'assay-flushed';

/** fsyncs every file and directory under `root`, children before their directory. */
export function flushTree(root: string): void {
  for (const entry of fs.readdirSync(root, { withFileTypes: true })) {
    const child = path.join(root, entry.name);
    if (entry.isDirectory()) flushTree(child);
    else if (entry.isFile()) flushPath(child);
  }
  flushPath(root);
}

export function flushPath(target: string): void {
  // Windows cannot open a directory as a file (nor needs to: NTFS journals names itself).
  if (process.platform === 'win32' && fs.statSync(target).isDirectory()) return;
  const fd = fs.openSync(target, 'r');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

function markFlushed(dataDir: string): void {
  fs.writeFileSync(path.join(dataDir, FLUSHED_MARKER), 'Every file in this folder was flushed to disk once.\n');
  flushPath(path.join(dataDir, FLUSHED_MARKER));
  flushPath(dataDir);
}

const open = (dataDir: string, filesystem = new DurableNodeFS(dataDir)) =>
  new PGlite({ fs: filesystem, startParams: durableStartParams() });

/**
 * A new folder is built beside its final place and renamed in when whole and flushed, so a crash
 * during the first start leaves either no database or a complete one, never a half-copied one.
 */
async function createDataFolder(dataDir: string): Promise<void> {
  if (fs.existsSync(dataDir) && fs.readdirSync(dataDir).length > 0) {
    throw new Error(`The folder ${dataDir} holds files but no database (no PG_VERSION); move them away and start again.`);
  }
  const staging = `${dataDir}.creating`;
  fs.rmSync(staging, { recursive: true, force: true });
  const client = open(staging);
  await client.waitReady;
  await client.close();
  flushTree(staging);
  markFlushed(staging);
  if (fs.existsSync(dataDir)) fs.rmdirSync(dataDir);
  fs.renameSync(staging, dataDir);
  flushPath(path.dirname(path.resolve(dataDir)));
}

async function prepareDataFolder(dataDir: string): Promise<void> {
  if (!fs.existsSync(path.join(dataDir, 'PG_VERSION'))) return createDataFolder(dataDir);
  if (!fs.existsSync(path.join(dataDir, FLUSHED_MARKER))) {
    flushTree(dataDir);
    markFlushed(dataDir);
  }
}

/** Opens PGlite on `dataDir` with durable commits, and proves at start that flushes really happen. */
export async function openDurablePGlite(dataDir: string): Promise<PGlite> {
  await prepareDataFolder(dataDir);
  const filesystem = new DurableNodeFS(dataDir);
  const client = open(dataDir, filesystem);
  try {
    await client.waitReady;
    await assertDurable(client, filesystem);
  } catch (err) {
    await client.close().catch(() => undefined);
    throw err;
  }
  return client;
}

async function assertDurable(client: PGlite, filesystem: DurableNodeFS): Promise<void> {
  const expected: Record<string, string> = { fsync: 'on', synchronous_commit: 'on', wal_sync_method: 'fsync' };
  for (const [setting, value] of Object.entries(expected)) {
    const { rows } = await client.query<Record<string, string>>(`show ${setting}`);
    if (rows[0]?.[setting] !== value) {
      throw new DurabilityUnavailableError(`Postgres runs with ${setting}=${rows[0]?.[setting]} instead of ${value}`);
    }
  }
  // A checkpoint flushes the WAL and pg_control through fsync(): if none reaches the disk, the hook is not wired.
  const before = filesystem.flushes;
  await client.query('checkpoint');
  if (filesystem.flushes === before) throw new DurabilityUnavailableError('a checkpoint reached the disk without a single fsync');
}
