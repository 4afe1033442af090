// The cleanup of uploads never finished or never used, called directly, and its jobs.
import { mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { localStorage } from '../../src/adapters/storage/local-storage.ts';
import { contentTypeOfKey } from '../../src/adapters/storage/object-storage.ts';
import { buildImage, buildSubmission } from '../../src/db/factories.ts';
import { kycRecords, submissionImages, submissions } from '../../src/db/schema/index.ts';
import { cleanupUploads, ORPHAN_OBJECT_GRACE_MS, photoKey, thumbnailKey } from '../../src/modules/uploads/uploads.service.ts';
import { enqueue } from '../../src/jobs/enqueue.ts';
import type { JobEngine } from '../../src/jobs/job-engine.ts';
import { uploadsJobs } from '../../src/modules/uploads/index.ts';
import { quietLogger, rowsOf, startTestEngine, waitFor } from '../support/jobs.ts';
import { startS3Server, type S3TestServer } from '../support/s3-server.ts';
import { signUp } from '../support/sessions.ts';
import { createTestApp, engines, type TestApp } from '../support/test-app.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

describe.each(engines)('upload cleanup on %s', (engine) => {
  let t: TestApp;
  let owner: { id: string };
  beforeAll(async () => {
    t = await createTestApp(engine);
    owner = await signUp(t.app);
  });
  afterAll(() => t.close());

  /** Inserts the row and, for the given ones, bytes under both of its keys. */
  async function seed(rows: ReturnType<typeof buildImage>[], withBytes = true) {
    await t.db.insert(submissionImages).values(rows);
    if (withBytes) {
      for (const row of rows) {
        await t.app.storage.put(photoKey(row.id!), Buffer.from('jpeg bytes'), 'image/jpeg');
        await t.app.storage.put(thumbnailKey(row.id!), Buffer.from('webp bytes'), 'image/webp');
      }
    }
  }
  const remaining = async (ids: string[]) =>
    (await t.db.select({ id: submissionImages.id }).from(submissionImages).where(inArray(submissionImages.id, ids)))
      .map((r) => r.id)
      .sort();
  const hasBytes = async (id: string) => [await t.app.storage.exists(photoKey(id)), await t.app.storage.exists(thumbnailKey(id))];

  it('removes unused and abandoned uploads and never-attached photos, with their bytes, and keeps the rest', async () => {
    const now = new Date();
    const ago = (ms: number) => new Date(now.getTime() - ms);
    const submission = buildSubmission({ userId: owner.id, createdAt: ago(72 * HOUR) });
    await t.db.insert(submissions).values(submission);

    const expiredPending = buildImage({ ownerId: owner.id, status: 'pending', createdAt: ago(20 * MINUTE) }); // expired 5 min ago
    const openPending = buildImage({ ownerId: owner.id, status: 'pending', createdAt: ago(5 * MINUTE) });
    const recentUploading = buildImage({ ownerId: owner.id, status: 'uploading', createdAt: ago(30 * MINUTE) }); // PUT may still run
    const deadUploading = buildImage({ ownerId: owner.id, status: 'uploading', createdAt: ago(2 * HOUR) });
    const oldUnattached = buildImage({ ownerId: owner.id, createdAt: ago(25 * HOUR) });
    const youngUnattached = buildImage({ ownerId: owner.id, createdAt: ago(23 * HOUR) });
    const oldAttached = buildImage({ ownerId: owner.id, submissionId: submission.id, createdAt: ago(72 * HOUR) });
    const kycInUse = buildImage({ ownerId: owner.id, purpose: 'kyc', createdAt: ago(48 * HOUR) });
    const kycUnused = buildImage({ ownerId: owner.id, purpose: 'kyc', createdAt: ago(48 * HOUR) });
    const all = [
      expiredPending,
      openPending,
      recentUploading,
      deadUploading,
      oldUnattached,
      youngUnattached,
      oldAttached,
      kycInUse,
      kycUnused,
    ];
    await seed(all);
    await t.db.insert(kycRecords).values({
      id: crypto.randomUUID(),
      userId: owner.id,
      fullName: 'Casey Client',
      idType: 'passport',
      idNumberLast4: '1234',
      encryptedIdNumber: 'ciphertext',
      idImageKey: kycInUse.id,
    });

    const result = await cleanupUploads(t.db, t.app.storage, now);
    expect(result).toEqual({ expiredUploads: 2, unattachedImages: 2, incompleteWrites: 0, orphanObjects: 0, failedDeletes: 0 });
    const kept = [openPending, recentUploading, youngUnattached, oldAttached, kycInUse];
    expect(await remaining(all.map((r) => r.id!))).toEqual(kept.map((r) => r.id!).sort());
    for (const row of [expiredPending, deadUploading, oldUnattached, kycUnused])
      expect(await hasBytes(row.id!)).toEqual([false, false]);
    for (const row of kept) expect(await hasBytes(row.id!)).toEqual([true, true]);

    // A second pass finds nothing more to do.
    expect(await cleanupUploads(t.db, t.app.storage, now)).toEqual({
      expiredUploads: 0,
      unattachedImages: 0,
      incompleteWrites: 0,
      orphanObjects: 0,
      failedDeletes: 0,
    });
  });

  it('sweeps temporary files of interrupted writes in the photo folder', async () => {
    const incoming = path.join(t.config.storage.localDir, '.incoming');
    mkdirSync(incoming, { recursive: true });
    writeFileSync(path.join(incoming, 'crashed.part'), 'half a photo');
    const old = new Date(Date.now() - 2 * HOUR);
    utimesSync(path.join(incoming, 'crashed.part'), old, old);
    expect((await cleanupUploads(t.db, t.app.storage)).incompleteWrites).toBe(1);
    expect(readdirSync(incoming)).toEqual([]);
  });

  it('counts objects it could not delete and still removes their rows', async () => {
    const row = buildImage({ ownerId: owner.id, status: 'pending', createdAt: new Date(Date.now() - HOUR) });
    await seed([row], false);
    const failing = { ...t.app.storage, delete: () => Promise.reject(new Error('storage down')) };
    expect(await cleanupUploads(t.db, failing, new Date())).toMatchObject({ expiredUploads: 1, failedDeletes: 2 });
    expect(await remaining([row.id!])).toEqual([]);
  });
});

// What a crash can leave between a row and its bytes, on both storage drivers: the sweep of
// objects no row claims removes them once they are old, and never touches anything claimed,
// recent, or not made by this app.
describe.each(['local', 's3'] as const)('the orphan sweep with %s storage', (driver) => {
  let t: TestApp;
  let s3: S3TestServer | undefined;
  let owner: { id: string };
  beforeAll(async () => {
    if (driver === 's3') s3 = await startS3Server();
    t = await createTestApp('pglite', s3?.env ?? {});
    owner = await signUp(t.app);
  });
  afterAll(async () => {
    await t.close();
    await s3?.close();
  });

  const putBytes = async (id: string) => {
    await t.app.storage.put(photoKey(id), Buffer.from('jpeg bytes'), 'image/jpeg');
    await t.app.storage.put(thumbnailKey(id), Buffer.from('webp bytes'), 'image/webp');
  };
  const hasBytes = async (id: string) => [await t.app.storage.exists(photoKey(id)), await t.app.storage.exists(thumbnailKey(id))];
  const tomorrow = () => new Date(Date.now() + ORPHAN_OBJECT_GRACE_MS + HOUR);

  it('removes bytes whose row delete committed before a crash stopped the file delete, once old', async () => {
    const row = buildImage({ ownerId: owner.id });
    await t.db.insert(submissionImages).values(row);
    await putBytes(row.id!);
    // The crash window: the cleanup's row delete committed, its file deletes never ran.
    await t.db.delete(submissionImages).where(eq(submissionImages.id, row.id!));

    expect((await cleanupUploads(t.db, t.app.storage)).orphanObjects).toBe(0);
    expect(await hasBytes(row.id!)).toEqual([true, true]);
    expect((await cleanupUploads(t.db, t.app.storage, tomorrow())).orphanObjects).toBe(2);
    expect(await hasBytes(row.id!)).toEqual([false, false]);
  });

  it('removes bytes whose row never reached the database (lost insert, restored backup), once old', async () => {
    const id = crypto.randomUUID();
    await putBytes(id);
    expect((await cleanupUploads(t.db, t.app.storage, tomorrow())).orphanObjects).toBe(2);
    expect(await hasBytes(id)).toEqual([false, false]);
  });

  it('keeps the bytes of every row, whatever its status, and objects this app did not make', async () => {
    const later = tomorrow();
    const submission = buildSubmission({ userId: owner.id, createdAt: later });
    await t.db.insert(submissions).values(submission);
    // Rows the regular cleanup keeps at that time, so only the sweep could touch their bytes.
    const rows = [
      buildImage({ ownerId: owner.id, submissionId: submission.id, createdAt: later }),
      buildImage({ ownerId: owner.id, status: 'pending', createdAt: later }),
      buildImage({ ownerId: owner.id, status: 'uploading', createdAt: later }),
      { ...buildImage({ ownerId: owner.id, submissionId: submission.id, createdAt: later }), thumbnailKey: null },
    ];
    await t.db.insert(submissionImages).values(rows);
    for (const row of rows) await putBytes(row.id!);
    const notOurs = ['full/notes.txt', `other/${crypto.randomUUID()}.jpg`];
    for (const key of notOurs) await t.app.storage.put(key, Buffer.from('not a photo'), contentTypeOfKey(key));

    expect(await cleanupUploads(t.db, t.app.storage, later)).toMatchObject({
      expiredUploads: 0,
      unattachedImages: 0,
      orphanObjects: 0,
      failedDeletes: 0,
    });
    for (const row of rows) expect(await hasBytes(row.id!)).toEqual([true, true]);
    for (const key of notOurs) expect(await t.app.storage.exists(key)).toBe(true);
  });

  it('checks a long listing against the database batch by batch', async () => {
    const claimed = Array.from({ length: 10 }, () => buildImage({ ownerId: owner.id, createdAt: tomorrow() }));
    await t.db.insert(submissionImages).values(claimed);
    const unclaimed = Array.from({ length: 510 }, () => crypto.randomUUID());
    for (const id of [...claimed.map((row) => row.id!), ...unclaimed])
      await t.app.storage.put(photoKey(id), Buffer.from('x'), 'image/jpeg');
    expect((await cleanupUploads(t.db, t.app.storage, tomorrow())).orphanObjects).toBe(510);
    for (const row of claimed) expect(await t.app.storage.exists(photoKey(row.id!))).toBe(true);
  });
});

describe('the upload clean-up jobs', () => {
  let t: TestApp;
  let dir: string;
  let engine: JobEngine | undefined;
  beforeAll(async () => {
    t = await createTestApp('pglite');
    dir = mkdtempSync(path.join(os.tmpdir(), 'assay-cleanup-jobs-'));
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });
  afterEach(async () => {
    await engine?.stop({ timeoutMs: 1000 });
    engine = undefined;
  });

  it('are scheduled, and a cleanup job removes what the pass removes', async () => {
    const owner = await signUp(t.app);
    const row = buildImage({ ownerId: owner.id, status: 'pending', createdAt: new Date(Date.now() - HOUR) });
    await t.db.insert(submissionImages).values(row);
    engine = await startTestEngine(t.db, uploadsJobs({ db: t.db, storage: localStorage(dir), logger: quietLogger }));
    const schedules = await t.db.execute(sql`select name, cron from pgboss.schedule order by name`);
    expect(rowsOf(schedules)).toEqual([
      { name: 'uploads-cleanup', cron: '*/10 * * * *' },
      { name: 'uploads-orphan-sweep', cron: '30 */6 * * *' },
    ]);
    await enqueue(t.db, 'uploads-cleanup', {});
    await waitFor(
      async () => (await t.db.select().from(submissionImages).where(eq(submissionImages.id, row.id!))).length === 0,
      'the cleanup job',
    );
  });

  it('sweep orphans only in their own rare job, not in the one every ten minutes', async () => {
    const storage = localStorage(dir);
    let passes = 0;
    const listed: string[] = [];
    const counting = {
      ...storage,
      sweepIncomplete: (olderThanMs: number) => {
        passes += 1;
        return storage.sweepIncomplete!(olderThanMs);
      },
      listObjects: (folder: string) => {
        listed.push(folder);
        return storage.listObjects(folder);
      },
    };
    engine = await startTestEngine(t.db, uploadsJobs({ db: t.db, storage: counting, logger: quietLogger }));
    await enqueue(t.db, 'uploads-cleanup', {});
    // At least 1: a run that crosses a ten-minute mark gets the schedule's pass too.
    await waitFor(() => passes >= 1, 'the cleanup job');
    expect(listed).toEqual([]);
    await enqueue(t.db, 'uploads-orphan-sweep', {});
    await waitFor(() => listed.length === 2, 'the orphan sweep job');
    expect(listed).toEqual(['full/', 'thumb/']);
    // The sweep job also runs a clean-up pass. At least 2: should the run cross a ten-minute mark,
    // the schedule adds a pass of its own (and still lists nothing, as `listed` shows).
    expect(passes).toBeGreaterThanOrEqual(2);
  });
});
