// Photo uploads through the real app, on each database engine and with each storage driver
// (a local folder, and S3 via s3rver on loopback).
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadMessages } from '@assay/domain';
import { buildImage, buildSubmission } from '../../src/db/factories.ts';
import { submissionImages, submissions } from '../../src/db/schema/index.ts';
import { photoKey, thumbnailKey } from '../../src/modules/uploads/uploads.service.ts';
import { signUpload, uploadPath, uploadSigningKey } from '../../src/modules/uploads/uploads.signing.ts';
import {
  hasGpsTag,
  heicBrandedAv1,
  jpeg,
  jpegWithGps,
  minimalHeic,
  pngWithAlpha,
  SVG,
  TEXT_FILE,
  webp,
} from '../support/images.ts';
import { startS3Server, type S3TestServer } from '../support/s3-server.ts';
import { signUp } from '../support/sessions.ts';
import { ADMIN_EMAIL, createTestApp, engines, type TestApp, WORKER_THREAD_ENV } from '../support/test-app.ts';
import { putPhoto, requestUploadUrl, uploadPhoto } from '../support/uploads.ts';

const matrix = engines.flatMap((engine) => (['local', 's3'] as const).map((driver) => [engine, driver] as const));

describe.each(matrix)('photo uploads on %s with %s storage', (engine, driver) => {
  let t: TestApp;
  let s3: S3TestServer | undefined;
  let alice: { id: string; cookie: string };
  let bob: { id: string; cookie: string };
  let admin: { id: string; cookie: string };

  beforeAll(async () => {
    if (driver === 's3') s3 = await startS3Server();
    // PGlite on its own thread, as in production: photo bytes and their rows cross it.
    t = await createTestApp(engine, { ...WORKER_THREAD_ENV, ...s3?.env });
    alice = await signUp(t.app);
    bob = await signUp(t.app);
    admin = await signUp(t.app, { email: ADMIN_EMAIL });
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  const imageRow = async (id: string) => (await t.db.select().from(submissionImages).where(eq(submissionImages.id, id)))[0];
  const storedKeys = async (id: string) => [
    await t.app.storage.exists(photoKey(id)),
    await t.app.storage.exists(thumbnailKey(id)),
  ];
  /** Nothing of a refused upload remains: no objects, no temporary files, the row pending again. */
  const expectNothingLeft = async (id: string) => {
    expect(await storedKeys(id)).toEqual([false, false]);
    expect((await imageRow(id))?.status).toBe('pending');
    if (driver === 'local') {
      const incoming = path.join(t.config.storage.localDir, '.incoming');
      expect(readdirSync(incoming, { withFileTypes: true }).length).toBe(0);
    }
  };
  const get = (url: string, cookie?: string) => t.app.inject({ url, headers: cookie ? { cookie } : {} });

  it('asks visitors to sign in before anything else', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/objects/upload', payload: {} })).statusCode).toBe(401);
    const { uploadURL, imageId } = await requestUploadUrl(t.app, alice.cookie);
    const put = await t.app.inject({
      method: 'PUT',
      url: uploadURL,
      headers: { 'content-type': 'image/jpeg' },
      payload: await jpeg(),
    });
    expect(put.statusCode).toBe(401);
    expect(put.json().message).toBe('Please sign in to continue.');
    expect((await get(`/api/objects/${imageId}`)).statusCode).toBe(401);
  });

  it('hands out a signed upload URL valid for 15 minutes, backed by a pending row', async () => {
    const before = Date.now();
    const res = await t.app.inject({ method: 'POST', url: '/api/objects/upload', headers: { cookie: alice.cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json() as { uploadURL: string; imageId: string };
    expect(Object.keys(body).sort()).toEqual(['imageId', 'uploadURL']);
    const match = /^\/api\/objects\/uploads\/([0-9a-f-]{36})\?expires=(\d+)&signature=([A-Za-z0-9_-]{43})$/.exec(body.uploadURL);
    expect(match?.[1]).toBe(body.imageId);
    const expires = Number(match![2]) * 1000;
    expect(expires).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000 + 15 * 60 * 1000);
    expect(expires).toBeLessThanOrEqual(Date.now() + 15 * 60 * 1000);
    const row = await imageRow(body.imageId);
    expect(row).toMatchObject({ ownerId: alice.id, purpose: 'submission', status: 'pending', submissionId: null });
    expect(row!.uploadExpiresAt.getTime()).toBe(expires);
  });

  it('stores a JPEG upright, without EXIF or GPS, with a WebP thumbnail, served privately', async () => {
    const original = await jpegWithGps(320, 200);
    const originalMeta = await sharp(original).metadata();
    expect(hasGpsTag(originalMeta.exif)).toBe(true); // the test photo really carries a position
    expect(originalMeta.orientation).toBe(6);

    const { uploadURL, imageId } = await requestUploadUrl(t.app, alice.cookie);
    const res = await putPhoto(t.app, alice.cookie, uploadURL, original);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      imageId,
      url: `/api/objects/${imageId}`,
      thumbnailUrl: `/api/objects/${imageId}?size=thumb`,
      width: 200,
      height: 320,
      bytes: expect.any(Number),
    });
    expect(await imageRow(imageId)).toMatchObject({
      status: 'stored',
      contentType: 'image/jpeg',
      width: 200,
      height: 320,
      byteSize: body.bytes,
    });

    const photo = await get(`/api/objects/${imageId}`, alice.cookie);
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/jpeg');
    expect(photo.headers['cache-control']).toBe('private, max-age=3600');
    expect(photo.rawPayload.length).toBe(body.bytes);
    const stored = await sharp(photo.rawPayload).metadata();
    expect(stored).toMatchObject({ format: 'jpeg', width: 200, height: 320 });
    expect(stored.exif).toBeUndefined();
    expect(stored.xmp).toBeUndefined();
    expect(stored.iptc).toBeUndefined();
    expect(stored.orientation).toBeUndefined();
    expect(photo.rawPayload.includes(Buffer.from('Assay Test Camera'))).toBe(false);
    expect(photo.rawPayload.includes(Buffer.from('Exif\0\0'))).toBe(false);

    const thumb = await get(`/api/objects/${imageId}?size=thumb`, alice.cookie);
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/webp');
    expect(thumb.headers['cache-control']).toBe('private, max-age=3600');
    const thumbMeta = await sharp(thumb.rawPayload).metadata();
    expect(thumbMeta).toMatchObject({ format: 'webp', width: 200, height: 320 });
    expect(thumbMeta.exif).toBeUndefined();
  });

  it('scales big photos to 3000 px and thumbnails to 400 px', async () => {
    const photo = await uploadPhoto(t.app, alice.cookie, await jpeg(3300, 600));
    expect([photo.width, photo.height]).toEqual([3000, 545]);
    const thumb = await get(photo.thumbnailUrl, alice.cookie);
    expect(await sharp(thumb.rawPayload).metadata()).toMatchObject({ width: 400, height: 73 });
  });

  it('accepts PNG (flattened to JPEG) and WebP (metadata dropped)', async () => {
    const png = await uploadPhoto(t.app, alice.cookie, await pngWithAlpha(300, 240));
    expect([png.width, png.height]).toEqual([300, 240]);
    const pngMeta = await sharp((await get(png.url, alice.cookie)).rawPayload).metadata();
    expect(pngMeta).toMatchObject({ format: 'jpeg', channels: 3, hasAlpha: false });

    const original = await webp(500, 500);
    expect(hasGpsTag((await sharp(original).metadata()).exif)).toBe(true);
    const uploaded = await uploadPhoto(t.app, alice.cookie, original);
    const meta = await sharp((await get(uploaded.url, alice.cookie)).rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 500, height: 500 });
    expect(meta.exif).toBeUndefined();
  });

  it.each([
    ['an SVG', SVG, 'image/svg+xml'],
    ['an SVG sent as a JPEG', SVG, 'image/jpeg'],
    ['a text file renamed .jpg', TEXT_FILE, 'image/jpeg'],
    [
      'a GIF',
      Buffer.from(
        'GIF89a\x01\x00\x01\x00\x80\x00\x00\xff\xff\xff\x00\x00\x00!\xf9\x04\x00\x00\x00\x00\x00,\x00\x00\x00\x00\x01\x00\x01\x00\x00\x02\x02D\x01\x00;',
        'latin1',
      ),
      'image/gif',
    ],
    [
      'a PDF',
      Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n', 'latin1'),
      'application/pdf',
    ],
    ['JSON', Buffer.from('{"not":"a photo"}'), 'application/json'],
  ])('refuses %s with 415 and keeps nothing', async (_name, bytes, contentType) => {
    const { uploadURL, imageId } = await requestUploadUrl(t.app, alice.cookie);
    const res = await putPhoto(t.app, alice.cookie, uploadURL, bytes, contentType);
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toBe('Only JPEG, PNG, WebP or HEIC photos are accepted.');
    await expectNothingLeft(imageId);
    expect((await get(`/api/objects/${imageId}`, alice.cookie)).statusCode).toBe(404);
  });

  it('refuses a body over 10 MB with 413, whether its length is declared or it just keeps coming', async () => {
    const head = await jpeg(64, 64);
    const big = Buffer.concat([head, Buffer.alloc(11 * 1024 * 1024 - head.length, 0x55)]);
    const declared = await requestUploadUrl(t.app, alice.cookie);
    const res = await putPhoto(t.app, alice.cookie, declared.uploadURL, big);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('This photo exceeds maximum allowed size of 10 MB');
    await expectNothingLeft(declared.imageId);

    // Chunked, no Content-Length: the limit is counted while the body streams in.
    const streamed = await requestUploadUrl(t.app, alice.cookie);
    const chunks = Array.from({ length: 11 }, (_, i) =>
      i === 0 ? Buffer.concat([head, Buffer.alloc(1024 * 1024 - head.length)]) : Buffer.alloc(1024 * 1024, i),
    );
    const res2 = await t.app.inject({
      method: 'PUT',
      url: streamed.uploadURL,
      headers: { cookie: alice.cookie, 'content-type': 'image/jpeg', 'transfer-encoding': 'chunked' },
      payload: Readable.from(chunks),
    });
    expect(res2.statusCode).toBe(413);
    expect(res2.json().message).toBe('This photo exceeds maximum allowed size of 10 MB');
    expect(res2.headers.connection).toBe('close');
    await expectNothingLeft(streamed.imageId);
  });

  it('takes a photo of exactly 10 MB', async () => {
    const photo = await jpeg(800, 600);
    // JPEG decoders stop at the end-of-image marker; trailing padding is legal and ignored.
    const exact = Buffer.concat([photo, Buffer.alloc(10_485_760 - photo.length)]);
    const { uploadURL } = await requestUploadUrl(t.app, alice.cookie);
    const res = await putPhoto(t.app, alice.cookie, uploadURL, exact);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ width: 800, height: 600 });
  });

  it('refuses a truncated photo with 400 and keeps nothing', async () => {
    const photo = await jpeg(640, 480);
    const { uploadURL, imageId } = await requestUploadUrl(t.app, alice.cookie);
    const res = await putPhoto(t.app, alice.cookie, uploadURL, photo.subarray(0, Math.floor(photo.length * 0.6)));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('This photo could not be read. Please try another file.');
    await expectNothingLeft(imageId);
  });

  it('refuses an empty upload with 400', async () => {
    const { uploadURL, imageId } = await requestUploadUrl(t.app, alice.cookie);
    const res = await t.app.inject({ method: 'PUT', url: uploadURL, headers: { cookie: alice.cookie } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The upload was empty. Please choose a photo.');
    await expectNothingLeft(imageId);
  });

  it('accepts HEIC by its bytes and decodes it (HEVC through libheif), refusing a broken one', async () => {
    const { uploadURL, imageId } = await requestUploadUrl(t.app, alice.cookie);
    // A well-formed HEVC HEIC container with filler instead of coded data: the decoder is reached
    // and fails on the filler, so the photo is refused as unreadable, not as a wrong type.
    const res = await putPhoto(t.app, alice.cookie, uploadURL, minimalHeic(), 'image/heic');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(uploadMessages.unreadable);
    await expectNothingLeft(imageId);

    // A HEIC-branded file libheif can decode goes through the same pipeline and comes out JPEG.
    const decodable = await uploadPhoto(t.app, alice.cookie, await heicBrandedAv1(120, 90));
    expect([decodable.width, decodable.height]).toEqual([120, 90]);
    expect((await get(decodable.url, alice.cookie)).headers['content-type']).toBe('image/jpeg');
  });

  it('lets a failed upload be retried on the same URL, and takes only one successful PUT', async () => {
    const { uploadURL, imageId } = await requestUploadUrl(t.app, alice.cookie);
    expect((await putPhoto(t.app, alice.cookie, uploadURL, SVG)).statusCode).toBe(415);
    expect((await putPhoto(t.app, alice.cookie, uploadURL, await jpeg(100, 80))).statusCode).toBe(200);
    const again = await putPhoto(t.app, alice.cookie, uploadURL, await jpeg(90, 60));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This photo has already been uploaded.');
    const meta = await sharp((await get(`/api/objects/${imageId}`, alice.cookie)).rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([100, 80]);
  });

  it('lets exactly one of two simultaneous PUTs to one URL through', async () => {
    const { uploadURL, imageId } = await requestUploadUrl(t.app, alice.cookie);
    const [a, b] = await Promise.all([
      putPhoto(t.app, alice.cookie, uploadURL, await jpeg(120, 100)),
      putPhoto(t.app, alice.cookie, uploadURL, await jpeg(130, 100)),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const winner = (a.statusCode === 200 ? a : b).json() as { width: number };
    expect((await imageRow(imageId))?.width).toBe(winner.width);
    expect(await storedKeys(imageId)).toEqual([true, true]);
  });

  it('refuses tampered, foreign-signed, incomplete and expired URLs with 403', async () => {
    const { uploadURL, imageId } = await requestUploadUrl(t.app, alice.cookie);
    const url = new URL(uploadURL, 'http://x');
    const expires = Number(url.searchParams.get('expires'));
    const signature = url.searchParams.get('signature')!;
    const photo = await jpeg(50, 50);
    const attempts = [
      uploadPath(imageId, expires + 3600, signature), // expiry pushed out
      uploadPath(imageId, expires, `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`),
      uploadPath(imageId, expires, signUpload(uploadSigningKey('some-other-secret-that-is-long-enough-xx'), imageId, expires)),
      `/api/objects/uploads/${imageId}?expires=${expires}`,
      `/api/objects/uploads/${imageId}?signature=${signature}`,
      `/api/objects/uploads/${imageId}?expires=soon&signature=${signature}`,
      `/api/objects/uploads/${imageId}`,
    ];
    for (const attempt of attempts) {
      const res = await putPhoto(t.app, alice.cookie, attempt, photo);
      expect(res.statusCode, attempt).toBe(403);
      expect(res.json().message).toBe('This upload link is not valid. Please add the photo again.');
    }
    // The signature covers the id: it cannot be moved to another upload.
    const other = await requestUploadUrl(t.app, alice.cookie);
    expect((await putPhoto(t.app, alice.cookie, uploadPath(other.imageId, expires, signature), photo)).statusCode).toBe(403);
    expect((await imageRow(imageId))?.status).toBe('pending');

    // Correctly signed but past its time.
    const past = new Date(Date.now() - 60_000);
    const row = buildImage({
      ownerId: alice.id,
      status: 'pending',
      createdAt: new Date(past.getTime() - 15 * 60_000),
      uploadExpiresAt: past,
    });
    await t.db.insert(submissionImages).values(row);
    const pastUnix = Math.floor(past.getTime() / 1000);
    const key = uploadSigningKey(t.config.sessionSecret!);
    const expired = await putPhoto(t.app, alice.cookie, uploadPath(row.id!, pastUnix, signUpload(key, row.id!, pastUnix)), photo);
    expect(expired.statusCode).toBe(403);
    expect(expired.json().message).toBe('This upload link has expired. Please add the photo again.');
    expect(await storedKeys(row.id!)).toEqual([false, false]);
  });

  it("answers 404 to someone using another person's upload URL", async () => {
    const { uploadURL, imageId } = await requestUploadUrl(t.app, alice.cookie);
    const res = await putPhoto(t.app, bob.cookie, uploadURL, await jpeg(50, 50));
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Photo was not found.');
    expect((await imageRow(imageId))?.status).toBe('pending');
    // Alice's URL still works for Alice.
    expect((await putPhoto(t.app, alice.cookie, uploadURL, await jpeg(50, 50))).statusCode).toBe(200);
  });

  it('shows a photo only to its owner and to admins; pending photos to nobody', async () => {
    const photo = await uploadPhoto(t.app, alice.cookie, await jpeg(60, 40));
    expect((await get(photo.url, alice.cookie)).statusCode).toBe(200);
    expect((await get(photo.url, admin.cookie)).statusCode).toBe(200);
    expect((await get(photo.thumbnailUrl, admin.cookie)).statusCode).toBe(200);
    for (const url of [photo.url, photo.thumbnailUrl]) {
      const res = await get(url, bob.cookie);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Photo was not found.');
    }
    const pending = await requestUploadUrl(t.app, alice.cookie);
    expect((await get(`/api/objects/${pending.imageId}`, alice.cookie)).statusCode).toBe(404);
    expect((await get(`/api/objects/${pending.imageId}`, admin.cookie)).statusCode).toBe(404);
    expect((await get('/api/objects/no-such-image', alice.cookie)).statusCode).toBe(404);
    expect((await get('/api/objects/..%2F..%2Fsecrets.json', alice.cookie)).statusCode).toBe(404);
    expect((await get(`${photo.url}?size=huge`, alice.cookie)).statusCode).toBe(400);
  });

  it('keeps ID photos (purpose kyc) to their owner and admins', async () => {
    const kyc = await uploadPhoto(t.app, bob.cookie, await jpeg(90, 60), { purpose: 'kyc' });
    expect((await imageRow(kyc.imageId))?.purpose).toBe('kyc');
    expect((await get(kyc.url, bob.cookie)).statusCode).toBe(200);
    expect((await get(kyc.url, admin.cookie)).statusCode).toBe(200);
    expect((await get(kyc.url, alice.cookie)).statusCode).toBe(404);
  });

  it('answers 404 when the bytes of a stored photo have gone missing', async () => {
    const photo = await uploadPhoto(t.app, alice.cookie, await jpeg(60, 40));
    await t.app.storage.delete(photoKey(photo.imageId));
    expect((await get(photo.url, alice.cookie)).statusCode).toBe(404);
  });

  it('refuses an upload URL for a fifth photo, or for a submission that is not yours or is closed', async () => {
    const full = buildSubmission({ userId: alice.id });
    const done = buildSubmission({ userId: alice.id, status: 'completed' });
    const bobs = buildSubmission({ userId: bob.id });
    await t.db.insert(submissions).values([full, done, bobs]);
    await t.db
      .insert(submissionImages)
      .values([0, 1, 2, 3].map((position) => buildImage({ ownerId: alice.id, submissionId: full.id, position })));
    const ask = (cookie: string, body: unknown) =>
      t.app.inject({ method: 'POST', url: '/api/objects/upload', headers: { cookie }, payload: body as object });

    const fifth = await ask(alice.cookie, { submissionId: full.id });
    expect(fifth.statusCode).toBe(409);
    expect(fifth.json().message).toBe('This submission already has 4 photos, the most it can have.');
    const closed = await ask(alice.cookie, { submissionId: done.id });
    expect(closed.statusCode).toBe(409);
    expect(closed.json().message).toBe('Photos can only be added before your parcel reaches us.');
    expect((await ask(alice.cookie, { submissionId: bobs.id })).statusCode).toBe(404);
    expect((await ask(alice.cookie, { submissionId: 'no-such-submission' })).statusCode).toBe(404);
    expect((await ask(bob.cookie, { submissionId: bobs.id })).statusCode).toBe(200);

    const bad = await ask(alice.cookie, { purpose: 'avatar' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe("Invalid body: purpose: The photo's purpose must be 'submission', 'kyc' or 'intake'.");
  });

  it('limits how many unfinished uploads one person may hold', async () => {
    const carol = await signUp(t.app);
    for (let i = 0; i < 24; i += 1) await requestUploadUrl(t.app, carol.cookie);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/objects/upload',
      headers: { cookie: carol.cookie },
      payload: {},
    });
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toBe('You have many unfinished uploads. Please wait a few minutes and try again.');
    // Others are not affected.
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/objects/upload', headers: { cookie: bob.cookie }, payload: {} }))
        .statusCode,
    ).toBe(200);
  });
});
