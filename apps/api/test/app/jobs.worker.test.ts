// `npm run worker` as a process: it refuses the embedded database with a sentence, and on
// PostgreSQL it delivers an e-mail written by another process, then stops cleanly on SIGTERM.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../src/db/client.ts';
import { enqueueEmail } from '../../src/modules/notifications/outbox.repository.ts';
import { emptyPostgresDatabase, waitFor } from '../support/jobs.ts';
import { startSmtpSink } from '../support/smtp-sink.ts';

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function startWorker(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/worker.ts'], {
    cwd: apiDir,
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'test', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = { stdout: '', stderr: '' };
  child.stdout.on('data', (chunk: Buffer) => (output.stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output.stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output, exited };
}

describe('the worker process', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'assay-worker-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('refuses the embedded database and says to set DATABASE_URL', async () => {
    const worker = startWorker({ DATA_DIR: path.join(dir, 'data'), SECRETS_DIR: path.join(dir, 'secrets') });
    expect(await worker.exited).toBe(78);
    expect(worker.output.stderr).toMatch(/npm run worker needs PostgreSQL: set DATABASE_URL/);
  }, 60_000);

  describe.runIf(process.env.DATABASE_URL)('on PostgreSQL', () => {
    let scratch: Awaited<ReturnType<typeof emptyPostgresDatabase>>;
    let database: Database;
    let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
    let worker: { child: ChildProcess; output: { stdout: string; stderr: string }; exited: Promise<number | null> } | undefined;
    beforeAll(async () => {
      scratch = await emptyPostgresDatabase();
      smtp = await startSmtpSink();
    });
    afterAll(async () => {
      if (worker?.child.exitCode === null) worker.child.kill('SIGKILL');
      await database?.close();
      await smtp.close();
      await scratch.drop();
    });

    it('runs the jobs: delivers an e-mail another process wrote, and stops on SIGTERM', async () => {
      worker = startWorker({
        DATABASE_URL: scratch.url,
        SMTP_URL: smtp.url,
        DATA_DIR: path.join(dir, 'data'),
        SECRETS_DIR: path.join(dir, 'secrets'),
      });
      const started = worker;
      await waitFor(
        () => started.output.stdout.includes('job worker started') || started.child.exitCode !== null,
        'the worker to start',
        60_000,
      );
      expect(started.output.stderr).toBe('');
      database = await openDatabase({ databaseUrl: scratch.url });
      await enqueueEmail(database.db, { to: 'worker@assay.test', subject: 'From the worker', text: 'Body' });
      await waitFor(() => smtp.received.some((m) => m.to.includes('worker@assay.test')), 'the e-mail', 30_000);
      started.child.kill('SIGTERM');
      expect(await started.exited).toBe(0);
      expect(started.output.stdout).toContain('draining: finishing open requests and jobs, then exiting');
      expect(started.output.stdout).toContain('drained; exiting');
    }, 120_000);
  });
});
