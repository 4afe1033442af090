// Intake evidence (DECISIONS "Intake evidence"): marking a parcel received may attach up to 8
// photos the appraiser uploaded with purpose 'intake'. The seller sees them on the "received"
// entry of their timeline (and may open them), the admin history names them; anything else (more
// than 8, another appraiser's or a client's photo, one already used) is a 400 with a sentence and
// nothing is written.
import { intakeMessages } from '@assay/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildSubmission, type SubmissionSpec } from '../../src/db/factories.ts';
import { auditLog, notifications, submissionImages, submissions } from '../../src/db/schema/index.ts';
import { jpeg } from '../support/images.ts';
import { signUp } from '../support/sessions.ts';
import { ADMIN_EMAIL, createTestApp, engines, TEST_ORIGIN, type TestApp } from '../support/test-app.ts';
import { requestUploadUrl, uploadPhoto } from '../support/uploads.ts';

const SECOND_APPRAISER = 'second-appraiser@assay.test';

describe.each(engines)('intake photos on %s', (engine) => {
  let t: TestApp;
  let admin: { id: string; cookie: string };
  let otherAdmin: { id: string; cookie: string };
  let client: { id: string; email: string; cookie: string };
  let stranger: { id: string; cookie: string };
  let photo: Buffer;

  const send = (method: 'POST' | 'PUT', url: string, body?: unknown, cookie = admin.cookie) =>
    t.app.inject({
      method,
      url,
      headers: { cookie, origin: TEST_ORIGIN, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
  const get = (url: string, cookie: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });

  async function make(spec: Partial<SubmissionSpec> = {}) {
    const row = buildSubmission({ userId: client.id, ...spec });
    await t.db.insert(submissions).values(row);
    return row;
  }
  const load = async (id: string) => (await t.db.select().from(submissions).where(eq(submissions.id, id)))[0]!;
  const auditOf = (id: string) =>
    t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'submission'), eq(auditLog.entityId, id)));
  const intakeUpload = async (cookie = admin.cookie) => (await uploadPhoto(t.app, cookie, photo, { purpose: 'intake' })).imageId;
  const imageRow = async (id: string) => (await t.db.select().from(submissionImages).where(eq(submissionImages.id, id)))[0]!;

  /** Nothing changed: still new at version 1, no audit entry, no notification, the photos unused. */
  async function expectUntouched(id: string, photoIds: string[]) {
    expect(await load(id)).toMatchObject({ status: 'new', version: 1 });
    expect(await auditOf(id)).toEqual([]);
    expect(await t.db.select().from(notifications).where(eq(notifications.submissionId, id))).toEqual([]);
    for (const photoId of photoIds) expect((await imageRow(photoId)).submissionId).toBeNull();
  }

  beforeAll(async () => {
    t = await createTestApp(engine, { ADMIN_EMAILS: `${ADMIN_EMAIL},${SECOND_APPRAISER}` });
    admin = await signUp(t.app, { email: ADMIN_EMAIL });
    otherAdmin = await signUp(t.app, { email: SECOND_APPRAISER });
    stranger = await signUp(t.app);
    photo = await jpeg(320, 240);
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    client = await signUp(t.app);
  });

  it('only appraisers may upload intake photos', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/objects/upload',
      headers: { cookie: client.cookie },
      payload: { purpose: 'intake' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(intakeMessages.adminsOnly);
  });

  it('attaches them on receive; the seller sees them on the "received" entry and can open them, the admin history names them', async () => {
    const ids = [await intakeUpload(), await intakeUpload(), await intakeUpload()];
    const sub = await make();
    const res = await send('POST', `/api/admin/submissions/${sub.id}/receive`, {
      intakePhotoIds: [ids[0], `/api/objects/${ids[1]}`, ids[2]],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'appraising', version: 2 });
    for (const [position, id] of ids.entries()) {
      expect(await imageRow(id)).toMatchObject({ submissionId: sub.id, purpose: 'intake', ownerId: admin.id, position });
    }
    const [received] = await auditOf(sub.id!);
    expect(received).toMatchObject({ action: 'received', changes: { intakePhotoIds: ids } });

    const detail = await get(`/api/submissions/${sub.id}`, client.cookie);
    expect(detail.statusCode).toBe(200);
    // Intake photos are evidence, not item photos: the item gallery does not list them.
    expect(detail.json().images).toEqual([]);
    const entry = detail.json().timeline.find((e: { action: string }) => e.action === 'received');
    expect(entry.photos).toEqual(
      ids.map((id) => ({ id, url: `/api/objects/${id}`, thumbnailUrl: `/api/objects/${id}?size=thumb` })),
    );
    for (const p of entry.photos as { url: string; thumbnailUrl: string }[]) {
      expect((await get(p.url, client.cookie)).statusCode).toBe(200);
      expect((await get(p.thumbnailUrl, client.cookie)).statusCode).toBe(200);
      // Nobody else's business.
      expect((await get(p.url, stranger.cookie)).statusCode).toBe(404);
    }

    const history = await get(`/api/admin/submissions/${sub.id}`, admin.cookie);
    expect(history.statusCode).toBe(200);
    const logged = history.json().auditLog.find((e: { action: string }) => e.action === 'received');
    expect(logged.changes.intakePhotoIds).toEqual(ids);
  });

  it('the PUT status "appraising" path takes them too', async () => {
    const ids = [await intakeUpload()];
    const sub = await make();
    const res = await send('PUT', `/api/submissions/${sub.id}`, { status: 'appraising', intakePhotoIds: ids });
    expect(res.statusCode, res.body).toBe(200);
    expect((await imageRow(ids[0]!)).submissionId).toBe(sub.id);
    const bad = await send('PUT', `/api/submissions/${sub.id}`, { adminNotes: 'x', intakePhotoIds: [await intakeUpload()] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(intakeMessages.onlyWhenReceiving);
  });

  it('receive without photos works as before, with or without a body', async () => {
    for (const body of [undefined, {}, { intakePhotoIds: [] }]) {
      const sub = await make();
      const res = await send('POST', `/api/admin/submissions/${sub.id}/receive`, body);
      expect(res.statusCode, res.body).toBe(200);
      expect((await auditOf(sub.id!))[0]!.changes).not.toHaveProperty('intakePhotoIds');
    }
  });

  it('refuses more than 8, with a sentence, and writes nothing', async () => {
    const ids = await Promise.all(Array.from({ length: 9 }, () => intakeUpload()));
    const sub = await make();
    const res = await send('POST', `/api/admin/submissions/${sub.id}/receive`, { intakePhotoIds: ids });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(`Invalid body: intakePhotoIds: ${intakeMessages.tooMany}`);
    await expectUntouched(sub.id!, ids);
    // Exactly 8 is fine.
    expect((await send('POST', `/api/admin/submissions/${sub.id}/receive`, { intakePhotoIds: ids.slice(0, 8) })).statusCode).toBe(
      200,
    );
  });

  it("refuses another appraiser's photo, a client's photo, an unfinished upload, a used photo and an unknown id, writing nothing", async () => {
    const mine = await intakeUpload();
    const theirs = await intakeUpload(otherAdmin.cookie);
    const clients = (await uploadPhoto(t.app, client.cookie, photo)).imageId;
    const pending = (await requestUploadUrl(t.app, admin.cookie, { purpose: 'intake' })).imageId;
    const used = await intakeUpload();
    const first = await make();
    expect((await send('POST', `/api/admin/submissions/${first.id}/receive`, { intakePhotoIds: [used] })).statusCode).toBe(200);

    for (const other of [theirs, clients, pending, used, 'no-such-photo']) {
      const sub = await make();
      const res = await send('POST', `/api/admin/submissions/${sub.id}/receive`, { intakePhotoIds: [mine, other] });
      expect(res.statusCode, other).toBe(400);
      expect(res.json().message).toBe(intakeMessages.notUsable);
      await expectUntouched(sub.id!, [mine]);
    }
    expect((await imageRow(used)).submissionId).toBe(first.id);
  });

  it('the seller cannot remove them: there is no delete, and adding them as item photos is refused', async () => {
    const id = await intakeUpload();
    const sub = await make();
    expect((await send('POST', `/api/admin/submissions/${sub.id}/receive`, { intakePhotoIds: [id] })).statusCode).toBe(200);
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/objects/${id}`,
      headers: { cookie: client.cookie, origin: TEST_ORIGIN },
    });
    expect([404, 405]).toContain(del.statusCode);
    // The received parcel takes no more seller photos at all (issue 27 item 9)...
    const add = await send('POST', `/api/submissions/${sub.id}/images`, { images: [id] }, client.cookie);
    expect(add.statusCode).toBe(409);
    // ...and an intake photo cannot become an item photo of another submission still open to photos.
    const other = await make();
    const moved = await send('POST', `/api/submissions/${other.id}/images`, { images: [id] }, client.cookie);
    expect(moved.statusCode, moved.body).toBe(400);
    expect((await imageRow(id)).submissionId).toBe(sub.id);
  });
});
