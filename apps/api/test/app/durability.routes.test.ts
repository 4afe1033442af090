// The embedded default (PGlite and photos in the data folder) answers a write only once it is on
// disk: a sign-up and a photo upload through the real routes are flushed before their answers and
// survive a simulated power cut, the photo's row and its bytes together.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDurablePGlite } from '../../src/db/durable-pglite.ts';
import { photoKey } from '../../src/modules/uploads/uploads.keys.ts';
import { jpegWithGps } from '../support/images.ts';
import { recordFlushes } from '../support/power-cut.ts';
import { signUp } from '../support/sessions.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { uploadPhoto } from '../support/uploads.ts';

describe('acknowledged writes on the embedded default', () => {
  let t: TestApp;
  let afterCut: string;
  beforeAll(async () => {
    // On the event loop: the recorder watches this thread's fsync calls, and the database's own
    // thread opens the folder with the same durable settings (its acknowledgements after a SIGKILL:
    // src/db/durable-pglite.test.ts).
    t = await createTestApp('pglite', { PGLITE_THREAD: 'main' }, { pgliteOnDisk: true });
    afterCut = mkdtempSync(path.join(os.tmpdir(), 'assay-after-cut-'));
  });
  afterAll(async () => {
    await t.close();
    rmSync(afterCut, { recursive: true, force: true });
  });

  it('flushes a sign-up and a photo before answering, and keeps both through a power cut', async () => {
    const recorder = await recordFlushes(t.config.dataDir);
    let person: Awaited<ReturnType<typeof signUp>>;
    let photo: Awaited<ReturnType<typeof uploadPhoto>>;
    try {
      person = await signUp(t.app, { email: 'durable@assay.test' });
      expect(recorder.flushed.some((file) => file.startsWith('pglite/pg_wal/'))).toBe(true);
      photo = await uploadPhoto(t.app, person.cookie, await jpegWithGps());
      recorder.pullThePlug(afterCut);
    } finally {
      recorder.stop();
    }
    const reopened = await openDurablePGlite(path.join(afterCut, 'pglite'));
    try {
      const users = await reopened.query<{ id: string }>('select id from users where email = $1', ['durable@assay.test']);
      expect(users.rows).toEqual([{ id: person.id }]);
      const images = await reopened.query<{ status: string; storage_key: string }>(
        'select status, storage_key from submission_images where id = $1',
        [photo.imageId],
      );
      expect(images.rows).toEqual([{ status: 'stored', storage_key: photoKey(photo.imageId) }]);
      const key = photoKey(photo.imageId);
      const bytesAfterCut = readFileSync(path.join(afterCut, path.relative(t.config.dataDir, t.config.storage.localDir), key));
      expect(bytesAfterCut.length).toBe(photo.bytes);
      expect(bytesAfterCut.equals(readFileSync(path.join(t.config.storage.localDir, key)))).toBe(true);
    } finally {
      await reopened.close();
    }
  });
});
