// Creating submissions with photos, adding photos later and asking for a consignment sale, through
// the real app on each database engine. The seller's detail of one is in test/submission-detail.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildImage, buildSubmission } from '../../src/db/factories.ts';
import { auditLog, notifications, outbox, submissionImages, submissions } from '../../src/db/schema/index.ts';
import { jpeg } from '../support/images.ts';
import { signUp } from '../support/sessions.ts';
import { ADMIN_EMAIL, createTestApp, engines, type TestApp, WORKER_THREAD_ENV } from '../support/test-app.ts';
import { uploadPhoto } from '../support/uploads.ts';

type Person = { id: string; email: string; cookie: string };

describe.each(engines)('submissions on %s', (engine) => {
  let t: TestApp;
  let alice: Person;
  let bob: Person;
  let admin: Person;

  beforeAll(async () => {
    // PGlite on its own thread, as in production: dates, JSON and arrays cross it.
    t = await createTestApp(engine, WORKER_THREAD_ENV);
    alice = await signUp(t.app);
    bob = await signUp(t.app);
    admin = await signUp(t.app, { email: ADMIN_EMAIL });
  });
  afterAll(() => t.close());

  const post = (url: string, cookie: string | undefined, payload?: unknown) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: cookie ? { cookie } : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const get = (url: string, cookie?: string) => t.app.inject({ url, headers: cookie ? { cookie } : {} });

  /** Stored, unattached photo rows of this person (no bytes needed to attach them). */
  async function storedPhotos(ownerId: string, n: number, overrides: Partial<Parameters<typeof buildImage>[0]> = {}) {
    const rows = Array.from({ length: n }, () => buildImage({ ownerId, ...overrides }));
    await t.db.insert(submissionImages).values(rows);
    return rows.map((r) => r.id!);
  }
  async function insertSubmission(spec: Parameters<typeof buildSubmission>[0]) {
    const row = buildSubmission(spec);
    await t.db.insert(submissions).values(row);
    return row;
  }
  const imagesOf = async (submissionId: string) =>
    (
      await t.db
        .select({ id: submissionImages.id, position: submissionImages.position })
        .from(submissionImages)
        .where(eq(submissionImages.submissionId, submissionId))
    ).sort((a, b) => (a.position ?? 0) - (b.position ?? 0));
  const submissionCount = async (userId: string) =>
    (await t.db.select().from(submissions).where(eq(submissions.userId, userId))).length;

  const form = {
    category: 'jewelry',
    description: '  18k white gold ring with a small diamond  ',
    estimatedWeight: 10,
    weightUnit: 'grams',
  };

  describe('POST /api/submissions', () => {
    it('creates the submission with uploaded photos, its own quote, the 48 h deadline, an audit entry and a notification', async () => {
      const first = await uploadPhoto(t.app, alice.cookie, await jpeg(200, 150));
      const second = await uploadPhoto(t.app, alice.cookie, await jpeg(150, 200));
      const before = Date.now();
      const res = await post('/api/submissions', alice.cookie, {
        ...form,
        images: [first.url, second.imageId],
        // The browser's numbers are ignored: the server computes its own.
        preliminaryQuoteMin: '1',
        preliminaryQuoteMax: 999999,
      });
      expect(res.statusCode).toBe(201);
      const body = res.json();
      expect(body).toEqual({
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        userId: alice.id,
        category: 'jewelry',
        description: '18k white gold ring with a small diamond',
        estimatedWeight: 10,
        weightUnit: 'grams',
        images: [`/api/objects/${first.imageId}`, `/api/objects/${second.imageId}`],
        // jewelry, grams: 10 g × $45 = $450 -> 80% and 120%
        preliminaryQuoteMin: '360.00',
        preliminaryQuoteMax: '540.00',
        material: null,
        quoteBasis: null,
        insuredValue: '540.00',
        // SPEC's body (no metal named): insured for the quote's maximum in one parcel, no floor.
        declaredValue: '540.00',
        parcelCount: 1,
        guarantee: null,
        finalOffer: null,
        actualWeight: null,
        status: 'new',
        guaranteeDeadline: expect.any(String),
        requiresKyc: false,
        reserve: null,
        createdAt: expect.any(String),
        returnTrackingNumber: null,
        returnDeliveredAt: null,
        offerValidUntil: null,
        // SPEC's body is a parcel of one item (decision 042): item 1, with the photos.
        items: [
          {
            position: 1,
            category: 'jewelry',
            description: '18k white gold ring with a small diamond',
            estimatedWeight: 10,
            weightUnit: 'grams',
            material: null,
            stoneChoice: null,
            images: [`/api/objects/${first.imageId}`, `/api/objects/${second.imageId}`],
            preliminaryQuoteMin: '360.00',
            preliminaryQuoteMax: '540.00',
            declaredValue: '540.00',
            guaranteeFloor: null,
            outcome: null,
          },
        ],
      });
      const createdAt = new Date(body.createdAt).getTime();
      expect(createdAt).toBeGreaterThanOrEqual(before - 1000);
      expect(new Date(body.guaranteeDeadline).getTime() - createdAt).toBe(48 * 60 * 60 * 1000);

      const [row] = await t.db.select().from(submissions).where(eq(submissions.id, body.id));
      expect(row).toMatchObject({ preliminaryQuoteMin: 360_00, preliminaryQuoteMax: 540_00, status: 'new' });
      expect(await imagesOf(body.id)).toEqual([
        { id: first.imageId, position: 0 },
        { id: second.imageId, position: 1 },
      ]);
      const audit = await t.db.select().from(auditLog).where(eq(auditLog.entityId, body.id));
      expect(audit.map((a) => [a.entityType, a.action, a.fromStatus, a.toStatus, a.actorId])).toEqual([
        ['submission', 'created', null, 'new', alice.id],
      ]);
      const notes = await t.db.select().from(notifications).where(eq(notifications.submissionId, body.id));
      expect(notes.map((n) => [n.userId, n.kind])).toEqual([[alice.id, 'submission_created']]);

      // The list shows it with the same photos; the photos are still only Alice's to see.
      const list = (await get('/api/submissions', alice.cookie)).json() as { id: string; images: string[] }[];
      expect(list.find((s) => s.id === body.id)?.images).toEqual(body.images);
      expect((await get(body.images[0], alice.cookie)).statusCode).toBe(200);
      expect((await get(body.images[0], bob.cookie)).statusCode).toBe(404);
    });

    it('takes a submission without photos and prices other categories and units by the table', async () => {
      const res = await post('/api/submissions', alice.cookie, {
        category: 'gems',
        description: 'Loose sapphire',
        estimatedWeight: 2.5,
        weightUnit: 'carats',
      });
      expect(res.statusCode).toBe(201);
      // gems, carats: 2.5 ct × $3000 = $7500
      expect(res.json()).toMatchObject({ images: [], preliminaryQuoteMin: '6000.00', preliminaryQuoteMax: '9000.00' });
    });

    it.each([
      ['no category', { ...form, category: undefined }],
      ['an empty category', { ...form, category: '' }],
      ['no description', { ...form, description: undefined }],
      ['a blank description', { ...form, description: '   ' }],
      ['no weight', { ...form, estimatedWeight: undefined }],
      ['an empty weight', { ...form, estimatedWeight: '' }],
      ['an empty form', {}],
    ])('answers SPEC 5 for %s', async (_name, body) => {
      const before = await submissionCount(alice.id);
      const res = await post('/api/submissions', alice.cookie, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Please fill in all required fields');
      expect(await submissionCount(alice.id)).toBe(before);
    });

    it.each([
      ['a zero weight', { estimatedWeight: 0 }, 'Invalid body: estimatedWeight: The estimated weight must be greater than zero.'],
      [
        'a weight as text',
        { estimatedWeight: 'ten' },
        'Invalid body: estimatedWeight: Please enter the estimated weight as a number.',
      ],
      [
        'an unknown category',
        { category: 'stamps' },
        'Invalid body: category: Please choose what you are selling: jewelry, coins/scrap or loose gems.',
      ],
      [
        'an unknown unit',
        { weightUnit: 'kg' },
        'Invalid body: weightUnit: Please choose a weight unit: grams, oz, dwt or carats.',
      ],
      ['five photos', { images: ['a', 'b', 'c', 'd', 'e'] }, 'Invalid body: images: You can add at most 4 photos.'],
      [
        'a weight under 1 mg',
        { estimatedWeight: 0.0009, weightUnit: 'grams' },
        'Invalid body: estimatedWeight: That weight is too small to weigh; the least we accept is 0.001 g.',
      ],
      [
        'a weight under 1 mg in carats',
        { estimatedWeight: 0.004, weightUnit: 'carats' },
        'Invalid body: estimatedWeight: That weight is too small to weigh; the least we accept is 0.001 g.',
      ],
      [
        'a weight kept as 0 by 4 decimals',
        { estimatedWeight: 0.00004, weightUnit: 'oz' },
        'Invalid body: estimatedWeight: Weight can have at most 4 decimal places.',
      ],
    ])('refuses %s with a clear 400', async (_name, change, message) => {
      const before = await submissionCount(alice.id);
      const res = await post('/api/submissions', alice.cookie, { ...form, ...change });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
      expect(await submissionCount(alice.id)).toBe(before);
    });

    it('keeps the lightest weight it accepts as it was typed, not as 0', async () => {
      const res = await post('/api/submissions', alice.cookie, { ...form, estimatedWeight: 0.0001, weightUnit: 'oz' });
      expect(res.statusCode).toBe(201);
      const [row] = await t.db.select().from(submissions).where(eq(submissions.id, res.json().id));
      expect(row!.estimatedWeight).toBe('0.0001');
    });

    it("refuses photos that are someone else's, unfinished, ID photos, already used or not photo addresses, and creates nothing", async () => {
      const [mine] = await storedPhotos(alice.id, 1);
      const [bobs] = await storedPhotos(bob.id, 1);
      const [pending] = await storedPhotos(alice.id, 1, { status: 'pending' });
      const [kyc] = await storedPhotos(alice.id, 1, { purpose: 'kyc' });
      const used = await insertSubmission({ userId: alice.id });
      const [attached] = await storedPhotos(alice.id, 1, { submissionId: used.id });
      for (const other of [bobs, pending, kyc, attached, 'no-such-photo']) {
        const before = await submissionCount(alice.id);
        const res = await post('/api/submissions', alice.cookie, { ...form, images: [mine, other] });
        expect(res.statusCode, other).toBe(400);
        expect(res.json().message).toBe(
          'One of the photos was not found, is not finished uploading or is already used. Please upload it again.',
        );
        expect(await submissionCount(alice.id)).toBe(before);
      }
      // The one good photo was not kept attached by any of the failed attempts.
      const [row] = await t.db.select().from(submissionImages).where(eq(submissionImages.id, mine!));
      expect(row?.submissionId).toBeNull();

      for (const address of ['https://evil.example/api/objects/x', '/api/objects/x?size=thumb', '../etc/passwd']) {
        const res = await post('/api/submissions', alice.cookie, { ...form, images: [address] });
        expect(res.statusCode, address).toBe(400);
        expect(res.json().message).toBe('One of the photo addresses is not an uploaded photo.');
      }
      const twice = await post('/api/submissions', alice.cookie, { ...form, images: [mine, `/api/objects/${mine}`] });
      expect(twice.statusCode).toBe(400);
      expect(twice.json().message).toBe('Each photo can only be added once.');
    });

    it('asks visitors to sign in', async () => {
      const res = await post('/api/submissions', undefined, form);
      expect(res.statusCode).toBe(401);
    });
  });

  describe('POST /api/submissions/:id/images', () => {
    it('adds photos after the existing ones, up to 4 in all', async () => {
      const sub = await insertSubmission({ userId: alice.id, status: 'new' });
      const [existing] = await storedPhotos(alice.id, 1, { submissionId: sub.id, position: 0 });
      const added = await storedPhotos(alice.id, 2);
      const res = await post(`/api/submissions/${sub.id}/images`, alice.cookie, {
        images: [added[0], `/api/objects/${added[1]}`],
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        id: sub.id,
        status: 'new',
        images: [existing, ...added].map((id) => `/api/objects/${id}`),
      });
      expect(await imagesOf(sub.id!)).toEqual([
        { id: existing, position: 0 },
        { id: added[0], position: 1 },
        { id: added[1], position: 2 },
      ]);
      const audit = await t.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityId, sub.id!), eq(auditLog.action, 'photos_added')));
      expect(audit.map((a) => a.changes)).toEqual([{ images: 2 }]);

      const more = await storedPhotos(alice.id, 2);
      const tooMany = await post(`/api/submissions/${sub.id}/images`, alice.cookie, { images: more });
      expect(tooMany.statusCode).toBe(409);
      expect(tooMany.json().message).toBe('A submission can have at most 4 photos; this one already has 3.');
      expect((await imagesOf(sub.id!)).length).toBe(3);
      expect((await post(`/api/submissions/${sub.id}/images`, alice.cookie, { images: [more[0]] })).statusCode).toBe(200);
      expect((await imagesOf(sub.id!)).length).toBe(4);
    });

    it('lets only one of two simultaneous requests pass 4', async () => {
      const sub = await insertSubmission({ userId: alice.id });
      await storedPhotos(alice.id, 1, { submissionId: sub.id, position: 0 });
      const a = await storedPhotos(alice.id, 2);
      const b = await storedPhotos(alice.id, 2);
      const results = await Promise.all([
        post(`/api/submissions/${sub.id}/images`, alice.cookie, { images: a }),
        post(`/api/submissions/${sub.id}/images`, alice.cookie, { images: b }),
      ]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      expect((await imagesOf(sub.id!)).length).toBe(3);
    });

    it('refuses new seller photos once the parcel is received, with a sentence, and attaches nothing', async () => {
      for (const status of ['appraising', 'offered'] as const) {
        const received = await insertSubmission({ userId: alice.id, status });
        const [photo] = await storedPhotos(alice.id, 1);
        const refused = await post(`/api/submissions/${received.id}/images`, alice.cookie, { images: [photo] });
        expect(refused.statusCode).toBe(409);
        expect(refused.json().message).toBe(
          'We have received your parcel, so photos can no longer be added: our appraiser photographed your items as we opened the parcel.',
        );
        expect(await imagesOf(received.id!)).toEqual([]);
        const url = await t.app.inject({
          method: 'POST',
          url: '/api/objects/upload',
          headers: { cookie: alice.cookie },
          payload: { submissionId: received.id },
        });
        expect(url.statusCode).toBe(409);
      }
    });

    it("refuses closed submissions, other people's submissions and photos, and visitors", async () => {
      const done = await insertSubmission({ userId: alice.id, status: 'completed' });
      const [photo] = await storedPhotos(alice.id, 1);
      const closed = await post(`/api/submissions/${done.id}/images`, alice.cookie, { images: [photo] });
      expect(closed.statusCode).toBe(409);
      expect(closed.json().message).toBe('Photos can only be added before your parcel reaches us.');

      const bobs = await insertSubmission({ userId: bob.id });
      const foreign = await post(`/api/submissions/${bobs.id}/images`, alice.cookie, { images: [photo] });
      expect(foreign.statusCode).toBe(404);
      expect((await post(`/api/submissions/${bobs.id}/images`, admin.cookie, { images: [photo] })).statusCode).toBe(403);
      const [bobsPhoto] = await storedPhotos(bob.id, 1);
      const mine = await insertSubmission({ userId: alice.id });
      const stolen = await post(`/api/submissions/${mine.id}/images`, alice.cookie, { images: [bobsPhoto] });
      expect(stolen.statusCode).toBe(400);
      expect(await imagesOf(mine.id!)).toEqual([]);
      expect((await post(`/api/submissions/${mine.id}/images`, undefined, { images: [photo] })).statusCode).toBe(401);
      const empty = await post(`/api/submissions/${mine.id}/images`, alice.cookie, { images: [] });
      expect(empty.statusCode).toBe(400);
      expect(empty.json().message).toBe('Invalid body: images: Please add at least one photo.');
    });
  });

  describe('POST /api/submissions/:id/consignment', () => {
    it('records the request once, tells the admins once, and answers the same time again', async () => {
      const sub = await insertSubmission({ userId: alice.id, status: 'offered', finalOffer: '8500.00' });
      const first = await post(`/api/submissions/${sub.id}/consignment`, alice.cookie);
      expect(first.statusCode).toBe(200);
      const { consignmentRequestedAt } = first.json();
      expect(new Date(consignmentRequestedAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
      const again = await post(`/api/submissions/${sub.id}/consignment`, alice.cookie);
      expect(again.json()).toEqual({ consignmentRequestedAt });

      const [row] = await t.db.select().from(submissions).where(eq(submissions.id, sub.id!));
      expect(row?.consignmentRequestedAt?.toISOString()).toBe(consignmentRequestedAt);
      expect(row?.status).toBe('offered');
      const audit = await t.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityId, sub.id!), eq(auditLog.action, 'consignment_requested')));
      expect(audit.length).toBe(1);
      const notes = await t.db.select().from(notifications).where(eq(notifications.submissionId, sub.id!));
      expect(notes.map((n) => [n.userId, n.kind])).toEqual([[admin.id, 'consignment_requested']]);
      const mails = await t.db.select().from(outbox).where(eq(outbox.toAddress, ADMIN_EMAIL));
      expect(mails.filter((m) => m.subject === `Consignment requested for #${sub.id!.slice(-8)}`).length).toBe(1);

      const detail = (await get(`/api/submissions/${sub.id}`, alice.cookie)).json();
      expect(detail.consignmentRequestedAt).toBe(consignmentRequestedAt);
      expect(detail.timeline.map((e: { label: string }) => e.label)).toEqual(['Consignment sale requested']);
    });

    it('refuses submissions without an offer, and others', async () => {
      const fresh = await insertSubmission({ userId: alice.id });
      const res = await post(`/api/submissions/${fresh.id}/consignment`, alice.cookie);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe('A consignment sale can only be requested once you have our offer.');
      const bobs = await insertSubmission({ userId: bob.id, status: 'offered', finalOffer: '100.00' });
      expect((await post(`/api/submissions/${bobs.id}/consignment`, alice.cookie)).statusCode).toBe(404);
      expect((await post(`/api/submissions/${bobs.id}/consignment`, undefined)).statusCode).toBe(401);
      const [row] = await t.db.select().from(submissions).where(eq(submissions.id, bobs.id!));
      expect(row?.consignmentRequestedAt).toBeNull();
    });
  });
});
