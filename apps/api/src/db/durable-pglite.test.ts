import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type FlushRecorder, recordFlushes } from '../../test/support/power-cut.ts';
import { FLUSHED_MARKER, openDurablePGlite } from './durable-pglite.ts';
import { startPGliteThread } from './pglite-thread-client.ts';

const folders: string[] = [];
const scratch = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'assay-durable-'));
  folders.push(dir);
  return dir;
};
let recorder: FlushRecorder | undefined;
afterEach(() => {
  recorder?.stop();
  recorder = undefined;
});
afterAll(() => {
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

// initdb is the slow part of opening a new folder, so it runs once and each test starts from a copy.
let template: string;
beforeAll(async () => {
  template = path.join(scratch(), 'pglite');
  // What a first start killed half-way leaves behind.
  mkdirSync(`${template}.creating`);
  writeFileSync(`${template}.creating/PG_VERSION`, '');
  const client = await openDurablePGlite(template);
  await client.query('create table acks (id int primary key)');
  await client.close();
});
const copyOfTemplate = () => {
  const dir = path.join(scratch(), 'pglite');
  cpSync(template, dir, { recursive: true });
  return dir;
};

describe('openDurablePGlite', () => {
  it('builds a new folder whole (flushed, marked) and replaces what a crashed first start left', () => {
    expect(existsSync(path.join(template, 'PG_VERSION'))).toBe(true);
    expect(existsSync(path.join(template, FLUSHED_MARKER))).toBe(true);
    expect(existsSync(`${template}.creating`)).toBe(false);
    expect(readFileSync(path.join(template, 'PG_VERSION'), 'utf8')).toMatch(/^\d+/);
  });

  it('flushes the WAL inside every committed INSERT, before its promise resolves', async () => {
    const dir = copyOfTemplate();
    const client = await openDurablePGlite(dir);
    try {
      recorder = await recordFlushes(dir);
      for (let id = 1; id <= 3; id++) {
        const flushedBefore = recorder.flushed.length;
        await client.query('insert into acks (id) values ($1)', [id]);
        // Postgres flushes synchronously inside its commit, so the flush is recorded by the time the promise resolves.
        expect(recorder.flushed.slice(flushedBefore).some((file) => file.startsWith('pg_wal/'))).toBe(true);
      }
    } finally {
      await client.close();
    }
  });

  it('on its own thread too, answers an INSERT only after that thread flushed the WAL', async () => {
    const dir = copyOfTemplate();
    const thread = await startPGliteThread(
      { dataDir: dir },
      { threadFile: new URL('../../test/support/pglite-thread-logging-flushes.ts', import.meta.url) },
    );
    const flushed = () =>
      existsSync(`${dir}.flushes`) ? readFileSync(`${dir}.flushes`, 'utf8').split('\n').filter(Boolean) : [];
    try {
      for (let id = 1; id <= 3; id++) {
        const flushedBefore = flushed().length;
        await thread.query('insert into acks (id) values ($1)', [id]);
        expect(
          flushed()
            .slice(flushedBefore)
            .some((file) => file.startsWith('pg_wal/')),
        ).toBe(true);
      }
    } finally {
      await thread.close();
    }
  });

  it('keeps every acknowledged row through a simulated power cut', async () => {
    const dir = copyOfTemplate();
    recorder = await recordFlushes(dir);
    const client = await openDurablePGlite(dir);
    const afterCut = path.join(scratch(), 'pglite');
    try {
      await client.query('create table power_cut (id int primary key)');
      for (let id = 1; id <= 20; id++) await client.query('insert into power_cut (id) values ($1)', [id]);
      recorder.pullThePlug(afterCut);
    } finally {
      recorder.stop();
      await client.close();
    }
    const reopened = await openDurablePGlite(afterCut);
    try {
      const { rows } = await reopened.query<{ n: number }>('select count(*)::int as n from power_cut');
      expect(rows[0]!.n).toBe(20);
    } finally {
      await reopened.close();
    }
  });

  // On its own thread (the server's default) an acknowledgement crosses from that thread first.
  it.each(['main', 'worker'])(
    'finds every acknowledged row after the process is killed with SIGKILL (%s thread)',
    async (thread) => {
      const dir = copyOfTemplate();
      const child = spawn(
        process.execPath,
        ['--import', 'tsx', path.join(import.meta.dirname, '../../test/support/commit-and-ack.ts'), dir, thread],
        {
          stdio: ['ignore', 'pipe', 'inherit'],
        },
      );
      const acked: number[] = [];
      for await (const line of createInterface({ input: child.stdout! })) {
        if (line.startsWith('ack ')) acked.push(Number(line.slice(4)));
        if (acked.length === 25) break;
      }
      child.kill('SIGKILL');
      await new Promise((resolve) => child.once('exit', resolve));
      const reopened = await openDurablePGlite(dir);
      try {
        const { rows } = await reopened.query<{ id: number }>('select id from acks order by id');
        // Rows committed after the last line was read may be there too; every acknowledged one must be.
        expect(rows.map((row) => row.id).slice(0, acked.length)).toEqual(acked);
      } finally {
        await reopened.close();
      }
    },
  );

  it('flushes a folder written before durable commits once, at its first durable start', async () => {
    const dir = copyOfTemplate();
    rmSync(path.join(dir, FLUSHED_MARKER));
    recorder = await recordFlushes(dir);
    const client = await openDurablePGlite(dir);
    await client.close();
    expect(recorder.flushed).toEqual(expect.arrayContaining(['PG_VERSION', 'global/pg_control', '']));
    expect(existsSync(path.join(dir, FLUSHED_MARKER))).toBe(true);
  });

  it('refuses a folder that holds files but no database, instead of mixing them', async () => {
    const dir = path.join(scratch(), 'pglite');
    mkdirSync(dir);
    writeFileSync(path.join(dir, 'notes.txt'), 'not a database');
    await expect(openDurablePGlite(dir)).rejects.toThrow(/holds files but no database/);
  });
});
