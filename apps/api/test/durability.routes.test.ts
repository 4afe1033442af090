// The embedded default (PGlite on a data folder) answers a write only once it is on disk: a
// sign-up through the real route is flushed before its answer and survives a simulated power cut.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDurablePGlite } from '../src/db/durable-pglite.ts';
import { recordFlushes } from './support/power-cut.ts';
import { signUp } from './support/sessions.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

describe('acknowledged writes on the embedded default', () => {
  let t: TestApp;
  let afterCut: string;
  beforeAll(async () => {
    t = await createTestApp('pglite', {}, { pgliteOnDisk: true });
    afterCut = mkdtempSync(path.join(os.tmpdir(), 'assay-after-cut-'));
  });
  afterAll(async () => {
    await t.close();
    rmSync(afterCut, { recursive: true, force: true });
  });

  it('flushes a sign-up to the WAL before answering, and keeps it through a power cut', async () => {
    const recorder = recordFlushes(t.pgliteDir!);
    let person: Awaited<ReturnType<typeof signUp>>;
    try {
      person = await signUp(t.app, { email: 'durable@assay.test' });
      expect(recorder.flushed.some((file) => file.startsWith('pg_wal/'))).toBe(true);
      recorder.pullThePlug(path.join(afterCut, 'pglite'));
    } finally {
      recorder.stop();
    }
    const reopened = await openDurablePGlite(path.join(afterCut, 'pglite'));
    try {
      const { rows } = await reopened.query<{ id: string }>('select id from users where email = $1', ['durable@assay.test']);
      expect(rows).toEqual([{ id: person.id }]);
    } finally {
      await reopened.close();
    }
  });
});
