// S3 out of reach (issue 14, faults): an upload is refused with a sentence (503), leaves nothing
// half-written (no object, the photo's row still waiting), and the same signed link works once the
// storage is back. The storage is a real S3 API (s3rver) that is stopped and started again on its port.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { submissionImages } from '../../src/db/schema/index.ts';
import { thumbnailKey } from '../../src/modules/uploads/uploads.keys.ts';
import { STORAGE_UNAVAILABLE_MESSAGE } from '../../src/modules/uploads/uploads.service.ts';
import { jpeg } from '../support/images.ts';
import { S3_TEST_BUCKET } from '../support/s3-server.ts';
import { signUp } from '../support/sessions.ts';
import { createTestApp, engines, type TestApp } from '../support/test-app.ts';
import { putPhoto, requestUploadUrl } from '../support/uploads.ts';

describe.each(engines)('uploads while S3 is out of reach on %s', (engine) => {
  let t: TestApp;
  let s3: S3rver;
  let port: number;
  const directory = mkdtempSync(path.join(os.tmpdir(), 'assay-s3-down-'));
  const startS3 = async (onPort: number) => {
    s3 = new S3rver({
      address: '127.0.0.1',
      port: onPort,
      silent: true,
      directory,
      configureBuckets: [{ name: S3_TEST_BUCKET }],
    });
    return (await s3.run()).port;
  };
  const stopS3 = async () => {
    s3.httpServer?.closeAllConnections();
    await s3.close();
  };

  beforeAll(async () => {
    port = await startS3(0);
    t = await createTestApp(engine, {
      STORAGE_DRIVER: 's3',
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_REGION: 'us-east-1',
      S3_BUCKET: S3_TEST_BUCKET,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    });
  });
  afterAll(async () => {
    await t?.close();
    await stopS3().catch(() => undefined);
    rmSync(directory, { recursive: true, force: true });
  });

  it('refuses the upload with a sentence, keeps nothing half-written, and takes it on the same link once S3 is back', async () => {
    const seller = await signUp(t.app);
    const { uploadURL, imageId } = await requestUploadUrl(t.app, seller.cookie);
    await stopS3();

    const refused = await putPhoto(t.app, seller.cookie, uploadURL, await jpeg(120, 90));
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toMatchObject({ error: 'SERVICE_UNAVAILABLE', message: STORAGE_UNAVAILABLE_MESSAGE });
    const [row] = await t.db.select().from(submissionImages).where(eq(submissionImages.id, imageId));
    expect(row?.status).toBe('pending');

    await startS3(port);
    // Nothing of the refused upload reached the bucket.
    expect(await t.app.ctx.storage.exists(row!.storageKey)).toBe(false);
    expect(await t.app.ctx.storage.exists(thumbnailKey(imageId))).toBe(false);

    const stored = await putPhoto(t.app, seller.cookie, uploadURL, await jpeg(120, 90));
    expect(stored.statusCode).toBe(200);
    const photo = await t.app.inject({ method: 'GET', url: `/api/objects/${imageId}`, headers: { cookie: seller.cookie } });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/jpeg');
  });
});
