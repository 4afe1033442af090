// The admin mailbox's reading routes: who may call them, keyset paging with filters and cursors,
// the counts on the cards and tabs, one submission in full, and internal notes kept from clients.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuditAction, customerLabel, type AdminSubmission, type AdminSubmissionPage } from '@assay/domain';
import { buildSubmission, buildTransaction } from '../../src/db/factories.ts';
import { auditLog, kycRecords, shippingLabels, submissionImages, submissions, transactions } from '../../src/db/schema/index.ts';
import { signUp } from '../support/sessions.ts';
import { ADMIN_EMAIL, createTestApp, engines, TEST_ORIGIN, type TestApp } from '../support/test-app.ts';
import { HOME_ADDRESS } from '../support/addresses.ts';
import { sealedLabel } from '../support/sealed-addresses.ts';
import { decimalOrNull } from '../../src/lib/amounts.ts';

const HOUR = 3_600_000;

/** Every admin route, with a body that would be valid, for the permission checks. */
const adminRoutes = (submissionId: string): [string, string, unknown?][] => [
  ['GET', '/api/admin/submissions'],
  ['GET', '/api/admin/submissions/counts'],
  ['GET', `/api/admin/submissions/${submissionId}`],
  ['PUT', `/api/submissions/${submissionId}`, { finalOffer: '100', actualWeight: 1, status: 'offered' }],
  ['POST', `/api/admin/submissions/${submissionId}/receive`],
  ['POST', `/api/admin/submissions/${submissionId}/return`, {}],
  ['POST', `/api/admin/submissions/${submissionId}/request-photos`, { message: 'clasp' }],
  ['POST', `/api/admin/submissions/${submissionId}/request-id`],
  ['GET', '/api/admin/kyc?status=pending'],
  ['POST', '/api/admin/kyc/some-record/review', { approve: true }],
  ['POST', '/api/admin/transactions/some-payout/sent', { reference: 'CHK-1' }],
  ['GET', '/api/admin/payouts?status=pending'],
  ['POST', '/api/admin/transactions/some-payout/bank-details'],
];

describe.each(engines)('admin mailbox reads on %s', (engine) => {
  let t: TestApp;
  let admin: { id: string; email: string; cookie: string };
  let client: { id: string; email: string; cookie: string };

  const get = (url: string, cookie = admin.cookie) => t.app.inject({ method: 'GET', url, headers: { cookie } });

  beforeAll(async () => {
    t = await createTestApp(engine);
    admin = await signUp(t.app, { email: ADMIN_EMAIL, firstName: 'Ada', lastName: 'Appraiser' });
    client = await signUp(t.app);
  });
  afterAll(() => t.close());

  it('lets only admins in: 401 for visitors, 403 for clients, before reading any input', async () => {
    const [row] = await t.db
      .insert(submissions)
      .values(buildSubmission({ userId: client.id }))
      .returning();
    for (const [method, url, body] of adminRoutes(row!.id)) {
      for (const [cookie, status] of [
        [undefined, 401],
        [client.cookie, 403],
      ] as const) {
        const res = await t.app.inject({
          method: method as 'GET',
          url,
          headers: {
            origin: TEST_ORIGIN,
            ...(cookie ? { cookie } : {}),
            ...(body ? { 'content-type': 'application/json' } : {}),
          },
          ...(body ? { payload: JSON.stringify(body) } : {}),
        });
        expect(res.statusCode, `${method} ${url} as ${cookie ? 'client' : 'visitor'}`).toBe(status);
      }
      // Even a malformed request from a client is a 403, not a validation answer.
      const bad = await t.app.inject({
        method: method as 'GET',
        url: `${url}${url.includes('?') ? '&' : '?'}limit=abc`,
        headers: { cookie: client.cookie },
      });
      expect(bad.statusCode).toBe(403);
      expect(bad.json().message).toBe('This area is for Assay appraisers only.');
    }
    // Nothing changed.
    const [after] = await t.db.select().from(submissions).where(eq(submissions.id, row!.id));
    expect(after!.status).toBe('new');
    expect(after!.version).toBe(1);
    await t.db.delete(submissions);
  });

  describe('the paged list', () => {
    const base = Date.UTC(2026, 0, 10, 12, 0, 0);
    const ids: string[] = [];
    beforeAll(async () => {
      await t.db.delete(submissions);
      const categories = ['jewelry', 'scrap', 'gems'] as const;
      const statuses = ['new', 'appraising', 'offered', 'completed', 'returned'] as const;
      // 30 submissions one minute apart, plus two created in the very same millisecond.
      const rows = Array.from({ length: 30 }, (_, i) =>
        buildSubmission({
          userId: client.id,
          category: categories[i % 3],
          status: statuses[i % 5],
          createdAt: new Date(base + i * 60_000),
          description: `item ${i}`,
          adminNotes: i % 5 === 2 ? `notes ${i}` : undefined,
        }),
      );
      const twins = [0, 1].map((k) => ({
        ...buildSubmission({ userId: client.id, createdAt: new Date(base + 100 * 60_000), description: `twin ${k}` }),
        id: `twin-${k}`,
      }));
      await t.db.insert(submissions).values([...rows, ...twins]);
      ids.push(...rows.map((r) => r.id!), ...twins.map((r) => r.id!));
      // Photos in slot order, one ID photo that must never show, one photo of another submission.
      await t.db.insert(submissionImages).values([
        {
          id: 'img-b',
          ownerId: client.id,
          submissionId: rows[29]!.id,
          position: 1,
          storageKey: 'k-b',
          uploadExpiresAt: new Date(),
          status: 'stored',
        },
        {
          id: 'img-a',
          ownerId: client.id,
          submissionId: rows[29]!.id,
          position: 0,
          storageKey: 'k-a',
          uploadExpiresAt: new Date(),
          status: 'stored',
        },
        {
          id: 'img-kyc',
          ownerId: client.id,
          submissionId: rows[29]!.id,
          position: 2,
          purpose: 'kyc',
          storageKey: 'k-kyc',
          uploadExpiresAt: new Date(),
        },
        {
          id: 'img-other',
          ownerId: client.id,
          submissionId: rows[0]!.id,
          position: 0,
          storageKey: 'k-o',
          uploadExpiresAt: new Date(),
        },
      ]);
    });

    it('answers the newest first with the card fields, 25 by default', async () => {
      const res = await get('/api/admin/submissions');
      expect(res.statusCode).toBe(200);
      const page = res.json() as AdminSubmissionPage;
      expect(page.items).toHaveLength(25);
      expect(page.items.slice(0, 4).map((s) => s.description)).toEqual(['twin 1', 'twin 0', 'item 29', 'item 28']);
      expect(typeof page.nextCursor).toBe('string');
      const item29 = page.items[2]!;
      const row29 = await t.db.select().from(submissions).where(eq(submissions.description, 'item 29'));
      expect(item29).toEqual({
        id: row29[0]!.id,
        userId: client.id,
        category: 'gems',
        description: 'item 29',
        estimatedWeight: 12.5,
        weightUnit: 'grams',
        images: ['/api/objects/img-a', '/api/objects/img-b'],
        preliminaryQuoteMin: decimalOrNull(row29[0]!.preliminaryQuoteMin),
        preliminaryQuoteMax: decimalOrNull(row29[0]!.preliminaryQuoteMax),
        material: null,
        quoteBasis: null,
        insuredValue: null,
        // Written straight to the table, so no item rows: the card's items come from submission_items.
        items: [],
        finalOffer: null,
        actualWeight: null,
        status: 'returned',
        guaranteeDeadline: row29[0]!.guaranteeDeadline.toISOString(),
        requiresKyc: false,
        createdAt: new Date(base + 29 * 60_000).toISOString(),
        returnTrackingNumber: row29[0]!.returnTrackingNumber,
        returnDeliveredAt: null,
        offerValidUntil: null,
        adminNotes: null,
        customerLabel: customerLabel(client.id),
        nearingDeadline: false,
        version: 1,
        receivedAt: row29[0]!.receivedAt!.toISOString(),
        offeredAt: null,
        consignmentRequestedAt: null,
        parcel: null,
        // Made received by the factory, not by the receive command: no stored rule, so no hold.
        hold: null,
        disposition: null,
        // No carrier scan reached us and it was not received by the command: no price lock.
        priceLock: null,
        // Made by the factory, naming no metal: no melt value, no guaranteed floor, one parcel.
        declaredValue: null,
        guarantee: null,
        parcelCount: 1,
        // No stored rule, so no state's ID rule; the seller set no reserve.
        idRule: null,
        reserve: null,
      } satisfies AdminSubmission);
      expect(item29.customerLabel).toBe(`Customer #${client.id.slice(-4)}`);
      // Admins see the internal notes.
      expect(page.items.find((s) => s.description === 'item 27')!.adminNotes).toBe('notes 27');
    });

    it('walks every row exactly once by cursor, including two made in the same millisecond', async () => {
      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const res = await get(`/api/admin/submissions?limit=7${cursor ? `&cursor=${cursor}` : ''}`);
        expect(res.statusCode).toBe(200);
        const page = res.json() as AdminSubmissionPage;
        seen.push(...page.items.map((s) => s.id));
        cursor = page.nextCursor;
        pages += 1;
      } while (cursor);
      expect(pages).toBe(5);
      expect(seen).toHaveLength(32);
      expect(new Set(seen).size).toBe(32);
      expect(seen.slice(0, 2)).toEqual(['twin-1', 'twin-0']);
      expect([...seen].sort()).toEqual([...ids].sort());
    });

    it('says the last page is the last', async () => {
      const res = await get('/api/admin/submissions?limit=32');
      expect(res.json().items).toHaveLength(32);
      expect(res.json().nextCursor).toBeNull();
      const one = await get('/api/admin/submissions?limit=31');
      const rest = await get(`/api/admin/submissions?limit=31&cursor=${one.json().nextCursor}`);
      expect(rest.json().items).toHaveLength(1);
      expect(rest.json().nextCursor).toBeNull();
    });

    it('filters by status, by category and by both, still paging by cursor', async () => {
      const byStatus = (await get('/api/admin/submissions?status=offered&limit=100')).json() as AdminSubmissionPage;
      expect(byStatus.items.map((s) => s.description)).toEqual(['item 27', 'item 22', 'item 17', 'item 12', 'item 7', 'item 2']);

      const gems = (await get('/api/admin/submissions?category=gems&limit=4')).json() as AdminSubmissionPage;
      expect(gems.items.map((s) => s.description)).toEqual(['item 29', 'item 26', 'item 23', 'item 20']);
      const gems2 = (
        await get(`/api/admin/submissions?category=gems&limit=4&cursor=${gems.nextCursor}`)
      ).json() as AdminSubmissionPage;
      expect(gems2.items.map((s) => s.description)).toEqual(['item 17', 'item 14', 'item 11', 'item 8']);

      const both = (await get('/api/admin/submissions?status=new&category=jewelry')).json() as AdminSubmissionPage;
      expect(both.items.map((s) => s.description)).toEqual(['twin 1', 'twin 0', 'item 15', 'item 0']);

      const none = (await get('/api/admin/submissions?status=completed&category=jewelry&limit=100')).json();
      expect(none.items.map((s: AdminSubmission) => s.description)).toEqual(['item 18', 'item 3']);
      expect(both.nextCursor).toBeNull();
      const first = (await get('/api/admin/submissions?status=new&category=gems&limit=1')).json() as AdminSubmissionPage;
      expect(first.items.map((s) => s.description)).toEqual(['item 20']);
      const second = (await get(`/api/admin/submissions?status=new&category=gems&limit=1&cursor=${first.nextCursor}`)).json();
      expect(second.items.map((s: AdminSubmission) => s.description)).toEqual(['item 5']);
      expect(second.nextCursor).toBeNull();
    });

    it('finds a parcel by the number on its card or label, by its whole id, or by a tracking number', async () => {
      const all = ((await get('/api/admin/submissions?limit=100')).json() as AdminSubmissionPage).items;
      const target = all.find((s) => s.description === 'item 12')!;
      const short = target.id.slice(-8);
      const find = async (search: string, extra = '') =>
        (
          (await get(`/api/admin/submissions?search=${encodeURIComponent(search)}${extra}`)).json() as AdminSubmissionPage
        ).items.map((s) => s.description);
      expect(await find(`#${short}`)).toEqual(['item 12']);
      expect(await find(short.toUpperCase())).toEqual(['item 12']);
      expect(await find(target.id)).toEqual(['item 12']);
      // Filters still apply: item 12 is offered.
      expect(await find(short, '&status=new')).toEqual([]);

      const tracking = `ASY${Date.now()}${engine.length}`.slice(0, 16);
      await t.db.insert(shippingLabels).values(
        sealedLabel(t.app.ctx.keys.encryptionKey, {
          id: crypto.randomUUID(),
          submissionId: target.id,
          userId: target.userId,
          trackingNumber: tracking,
          carrier: 'Assay Sample',
          insuredValue: 100_00,
          sender: HOME_ADDRESS,
          receiver: HOME_ADDRESS,
        }),
      );
      expect(await find(tracking.toLowerCase())).toEqual(['item 12']);
      expect(await find('ASY0000000000000')).toEqual([]);
      expect(await find('00000000')).toEqual([]);

      const bad = await get(`/api/admin/submissions?search=${encodeURIComponent("'; drop table submissions")}`);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().issues[0].message).toBe(
        'Search by the submission number (the 8 characters after # on the card or the label) or by the tracking number.',
      );
    });

    it('treats empty filters as no filter', async () => {
      const res = await get('/api/admin/submissions?status=&category=&cursor=&limit=');
      expect(res.statusCode).toBe(200);
      expect(res.json().items).toHaveLength(25);
    });

    it.each([
      ['garbage', 'This page link is no longer valid.'],
      ['eyJhIjoxfQ', 'This page link is no longer valid.'],
      [Buffer.from('["yesterday","x"]').toString('base64url'), 'This page link is no longer valid.'],
      [Buffer.from('["2026-01-01T00:00:00.000000Z",""]').toString('base64url'), 'This page link is no longer valid.'],
      [Buffer.from('["2026-13-45T00:00:00.000000Z","x"]').toString('base64url'), 'This page link is no longer valid.'],
      [
        Buffer.from(`["2026-01-01T00:00:00.000000Z","${'x'.repeat(129)}"]`).toString('base64url'),
        'This page link is no longer valid.',
      ],
      ['%27%3B%20drop%20table%20submissions', 'This page link is no longer valid.'],
      ['A'.repeat(401), 'Invalid querystring: cursor: This page link is no longer valid.'],
    ])('refuses the cursor %s with 400', async (cursor, message) => {
      const res = await get(`/api/admin/submissions?cursor=${cursor}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    });

    it.each([
      ['status=done', 'Invalid querystring: status: Status must be one of new, appraising, offered, completed or returned.'],
      ['category=coins', 'Invalid querystring: category: Category must be one of jewelry, scrap or gems.'],
      ['limit=0', 'Invalid querystring: limit: limit must be a whole number from 1 to 100.'],
      ['limit=101', 'Invalid querystring: limit: limit must be a whole number from 1 to 100.'],
      ['limit=-5', 'Invalid querystring: limit: limit must be a whole number from 1 to 100.'],
      ['limit=abc', 'Invalid querystring: limit: limit must be a whole number from 1 to 100.'],
      [
        'status=new&status=offered',
        'Invalid querystring: status: Status must be one of new, appraising, offered, completed or returned.',
      ],
    ])('refuses %s with 400', async (query, message) => {
      const res = await get(`/api/admin/submissions?${query}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    });
  });

  describe('counts', () => {
    it('fills the cards and tabs from the counters, with the nearing deadline counted live', async () => {
      await t.db.delete(submissions);
      const now = Date.now();
      const at = (hoursAgo: number) => new Date(now - hoursAgo * HOUR);
      const specs = [
        // new, deadline created + 48 h: created 42 h ago -> 6 h left (nearing); 10 h ago -> 38 h left.
        { status: 'new', category: 'jewelry', createdAt: at(42) },
        { status: 'new', category: 'scrap', createdAt: at(10) },
        { status: 'new', category: 'gems', createdAt: at(50) }, // passed: not nearing
        { status: 'appraising', category: 'gems', createdAt: at(1) },
        { status: 'offered', category: 'jewelry', finalOffer: '15000.00' }, // KYC by amount, open
        { status: 'offered', category: 'scrap', finalOffer: '500.00', kycRequested: true },
        { status: 'completed', category: 'jewelry', finalOffer: '20000.00' }, // KYC but done: not counted
        { status: 'returned', category: 'gems' },
      ] as const;
      await t.db.insert(submissions).values(specs.map((s) => buildSubmission({ userId: client.id, ...s })));
      // An appraising one received 41 h ago: its reset deadline is 7 h away.
      const received = buildSubmission({ userId: client.id, status: 'appraising', category: 'scrap', createdAt: at(100) });
      await t.db.insert(submissions).values({ ...received, receivedAt: at(41), guaranteeDeadline: new Date(now + 7 * HOUR) });

      const res = await get('/api/admin/submissions/counts');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        new: 3,
        nearingDeadline: 2,
        appraising: 2,
        kycRequired: 2,
        total: 9,
        byCategory: { all: 9, scrap: 3, gems: 3, jewelry: 3 },
      });
      const listed = (await get('/api/admin/submissions?limit=100')).json() as AdminSubmissionPage;
      expect(
        listed.items
          .filter((s) => s.nearingDeadline)
          .map((s) => `${s.status}/${s.category}`)
          .sort(),
      ).toEqual(['appraising/scrap', 'new/jewelry']);
    });

    it('answers zeros on an empty mailbox', async () => {
      await t.db.delete(submissions);
      expect((await get('/api/admin/submissions/counts')).json()).toEqual({
        new: 0,
        nearingDeadline: 0,
        appraising: 0,
        kycRequired: 0,
        total: 0,
        byCategory: { all: 0, scrap: 0, gems: 0, jewelry: 0 },
      });
      expect((await get('/api/admin/submissions')).json()).toEqual({ items: [], nextCursor: null });
    });
  });

  describe('one submission in full', () => {
    it('shows the audit log with who did it, the notes, the customer KYC status and the payout', async () => {
      const sub = buildSubmission({ userId: client.id, status: 'offered', finalOffer: '12000.00', adminNotes: 'hallmark 585' });
      await t.db.insert(submissions).values(sub);
      const payout = buildTransaction({ submission: sub });
      await t.db.insert(transactions).values(payout);
      await t.db.insert(auditLog).values([
        {
          id: 'a1',
          actorId: client.id,
          entityType: 'submission',
          entityId: sub.id!,
          action: 'created',
          toStatus: 'new',
          createdAt: new Date(Date.UTC(2026, 0, 1)),
        },
        {
          id: 'a2',
          actorId: admin.id,
          entityType: 'submission',
          entityId: sub.id!,
          action: 'offer_submitted',
          fromStatus: 'new',
          toStatus: 'offered',
          changes: { finalOffer: '12000.00', actualWeight: 12.5 },
          createdAt: new Date(Date.UTC(2026, 0, 2)),
        },
        {
          id: 'a3',
          actorId: admin.id,
          entityType: 'transaction',
          entityId: payout.id!,
          action: 'payout_sent',
          fromStatus: 'pending',
          toStatus: 'sent',
          createdAt: new Date(Date.UTC(2026, 0, 3)),
        },
        {
          id: 'a4',
          actorId: null,
          entityType: 'submission',
          entityId: sub.id!,
          action: 'system_note' as AuditAction,
          createdAt: new Date(Date.UTC(2026, 0, 4)),
        },
        {
          id: 'other',
          actorId: admin.id,
          entityType: 'submission',
          entityId: 'someone-else',
          action: 'received',
          createdAt: new Date(Date.UTC(2026, 0, 2)),
        },
      ]);
      await t.db.insert(kycRecords).values({
        id: 'kyc-1',
        userId: client.id,
        status: 'rejected',
        fullName: 'Casey Client',
        idType: 'passport',
        idNumberLast4: '1234',
        encryptedIdNumber: 'x',
        rejectionReason: 'Blurry photo',
        reviewedAt: new Date(Date.UTC(2026, 0, 5)),
        createdAt: new Date(Date.UTC(2026, 0, 4)),
      });

      const res = await get(`/api/admin/submissions/${sub.id}`);
      expect(res.statusCode).toBe(200);
      const detail = res.json();
      expect(detail).toMatchObject({
        id: sub.id,
        adminNotes: 'hallmark 585',
        requiresKyc: true,
        customerLabel: customerLabel(client.id),
        version: 1,
      });
      expect(detail.auditLog).toEqual([
        {
          id: 'a1',
          at: '2026-01-01T00:00:00.000Z',
          action: 'created',
          fromStatus: null,
          toStatus: 'new',
          changes: null,
          actor: { id: client.id, name: 'Casey Client', email: client.email },
        },
        {
          id: 'a2',
          at: '2026-01-02T00:00:00.000Z',
          action: 'offer_submitted',
          fromStatus: 'new',
          toStatus: 'offered',
          changes: { finalOffer: '12000.00', actualWeight: 12.5 },
          actor: { id: admin.id, name: 'Ada Appraiser', email: ADMIN_EMAIL },
        },
        {
          id: 'a3',
          at: '2026-01-03T00:00:00.000Z',
          action: 'payout_sent',
          fromStatus: 'pending',
          toStatus: 'sent',
          changes: null,
          actor: { id: admin.id, name: 'Ada Appraiser', email: ADMIN_EMAIL },
        },
        {
          id: 'a4',
          at: '2026-01-04T00:00:00.000Z',
          action: 'system_note',
          fromStatus: null,
          toStatus: null,
          changes: null,
          actor: null,
        },
      ]);
      expect(detail.customerKyc).toEqual({
        status: 'rejected',
        recordId: 'kyc-1',
        submittedAt: '2026-01-04T00:00:00.000Z',
        reviewedAt: '2026-01-05T00:00:00.000Z',
        rejectionReason: 'Blurry photo',
      });
      expect(detail.transaction).toMatchObject({
        id: payout.id,
        submissionId: sub.id,
        amount: '12000.00',
        payoutMethod: 'check',
        status: 'pending',
      });
    });

    it('says none for a customer without an identity check, and 404 for an unknown id', async () => {
      const sub = buildSubmission({ userId: admin.id });
      await t.db.insert(submissions).values(sub);
      const detail = (await get(`/api/admin/submissions/${sub.id}`)).json();
      expect(detail.customerKyc).toEqual({
        status: 'none',
        recordId: null,
        submittedAt: null,
        reviewedAt: null,
        rejectionReason: null,
      });
      expect(detail.transaction).toBeNull();
      expect(detail.auditLog).toEqual([]);
      const missing = await get('/api/admin/submissions/no-such-id');
      expect(missing.statusCode).toBe(404);
      expect(missing.json().message).toBe('Submission was not found.');
      // Fastify refuses path parameters over 100 characters before any handler runs.
      const tooLong = await get(`/api/admin/submissions/${'x'.repeat(200)}`);
      expect(tooLong.statusCode).toBe(414);
    });
  });
});
