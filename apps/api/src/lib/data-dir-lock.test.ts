import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from './data-dir-lock.ts';

const fresh = () => mkdtempSync(path.join(os.tmpdir(), 'assay-lock-'));

describe('lockDataDir', () => {
  it('refuses a folder held by another living process, with a clear message', async () => {
    const dir = fresh();
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 10000)']);
    try {
      writeFileSync(path.join(dir, 'assay.pid'), String(other.pid));
      expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
      expect(() => lockDataDir(dir)).toThrow(/already using the data folder/);
    } finally {
      other.kill();
    }
  });

  it('takes over a lock left by a process that died', () => {
    const dir = fresh();
    writeFileSync(path.join(dir, 'assay.pid'), '999999999');
    const release = lockDataDir(dir);
    expect(existsSync(path.join(dir, 'assay.pid'))).toBe(true);
    release();
    expect(existsSync(path.join(dir, 'assay.pid'))).toBe(false);
  });
});
