// PGlite's own NodeFS leaves every commit in the OS page cache: it starts Postgres with `-F`
// (fsync off), Emscripten's NODEFS has no `fsync` stream operation (so fsync() from Postgres is a
// silent no-op), and Emscripten's fdatasync syscall never reaches the filesystem at all. A kill -9
// is survived, a power cut is not. This filesystem gives NODEFS a real fsync and starts Postgres
// with fsync on and `wal_sync_method=fsync`, so Postgres's own durable-commit logic flushes the WAL
// before every commit returns and fsyncs data files and directories at checkpoints.
import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';

/** The parts of Emscripten's NODEFS this relies on; checked at start, so a PGlite upgrade that moves them fails loudly. */
interface NodeFsStream {
  nfd?: number;
}
interface EmscriptenNodeFs {
  stream_ops: Record<string, unknown> & { fsync?: (stream: NodeFsStream) => number };
  tryFSOperation<T>(operation: () => T): T;
}

export class DurabilityUnavailableError extends Error {
  constructor(detail: string) {
    super(
      `The embedded database cannot promise durable writes: ${detail}. ` +
        'Refusing to start rather than acknowledge writes that a power cut could lose.',
    );
    this.name = 'DurabilityUnavailableError';
  }
}

/** PGlite's start flags minus `-F` (fsync off), plus the settings a durable commit needs. */
export function durableStartParams(defaults: readonly string[] = PGlite.defaultStartParams): string[] {
  if (!defaults.includes('--single'))
    throw new DurabilityUnavailableError('PGlite no longer starts Postgres in single-user mode');
  return [
    ...defaults.filter((flag) => flag !== '-F'),
    '-c',
    'fsync=on',
    '-c',
    'synchronous_commit=on',
    '-c',
    'full_page_writes=on',
    // Emscripten's fdatasync syscall only validates the descriptor; fsync reaches our hook.
    '-c',
    'wal_sync_method=fsync',
  ];
}

export class DurableNodeFS extends NodeFS {
  /** Real flushes done so far; the start-up check reads it to prove the hook is wired. */
  flushes = 0;

  override async init(...[pg, opts]: Parameters<NodeFS['init']>) {
    const { emscriptenOpts } = await super.init(pg, opts);
    return {
      emscriptenOpts: {
        ...emscriptenOpts,
        preRun: [...(emscriptenOpts.preRun ?? []), (mod: unknown) => this.installFsync(mod)],
      },
    };
  }

  private installFsync(mod: unknown): void {
    const nodefs = (mod as { NODEFS?: Partial<EmscriptenNodeFs> }).NODEFS;
    if (!nodefs?.stream_ops || typeof nodefs.stream_ops.write !== 'function' || typeof nodefs.tryFSOperation !== 'function') {
      throw new DurabilityUnavailableError("PGlite's NODEFS no longer has the stream operations this hook extends");
    }
    const { tryFSOperation } = nodefs as EmscriptenNodeFs;
    // Postgres opens directories read-only and fsyncs them too (after creating or renaming WAL
    // segments), and Linux flushes directory entries on fsync of a directory descriptor.
    nodefs.stream_ops.fsync = (stream: NodeFsStream) => {
      if (stream.nfd === undefined) return 0;
      // tryFSOperation turns an EIO into an errno, so Postgres sees fsync fail and stops (PANIC).
      tryFSOperation(() => fs.fsyncSync(stream.nfd!));
      this.flushes++;
      return 0;
    };
  }
}
