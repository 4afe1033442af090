import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { describe, expect, it } from 'vitest';
import { DurabilityUnavailableError, DurableNodeFS, durableStartParams } from './durable-node-fs.ts';

describe('durableStartParams', () => {
  it('drops -F (fsync off) and asks for fsync on every commit', () => {
    const params = durableStartParams(['--single', '-F', '-O', '-c', 'search_path=public']);
    expect(params).not.toContain('-F');
    expect(params).toEqual(expect.arrayContaining(['--single', '-O', 'search_path=public', 'fsync=on', 'wal_sync_method=fsync']));
  });

  it('refuses a PGlite that no longer runs Postgres in single-user mode', () => {
    expect(() => durableStartParams(['-F'])).toThrow(DurabilityUnavailableError);
  });
});

describe('DurableNodeFS', () => {
  it('fails loudly when the Emscripten internals it extends are missing', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'assay-durable-fs-'));
    const { emscriptenOpts } = await new DurableNodeFS(dir).init({} as PGlite, {});
    const installFsync = emscriptenOpts.preRun!.at(-1)!;
    expect(() => installFsync({ NODEFS: { stream_ops: {} } } as never)).toThrow(/NODEFS no longer has/);
  });
});
