// The appraiser's workflow buttons: mark received, mark returned, request photos, request ID
// verification, review an identity check and mark a payout sent. Each is audited and tells the
// client; each refuses what the status machine does not allow, with nothing half-written.
import { type AuditEntityType, RULES_VERSION } from '@assay/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildSubmission, buildTransaction, type SubmissionSpec } from '../../src/db/factories.ts';
import {
  auditLog,
  kycRecords,
  notifications,
  outbox,
  shippingLabels,
  submissions,
  transactions,
} from '../../src/db/schema/index.ts';
import { saveAddress } from '../support/addresses.ts';
import { insertAcceptedPayout } from '../support/ledger.ts';
import { signUp } from '../support/sessions.ts';
import { ADMIN_EMAIL, createTestApp, engines, TEST_ORIGIN, type TestApp } from '../support/test-app.ts';
import { openLabelAddresses } from '../../src/modules/shipping-labels/label-addresses.ts';
import { personalDataContext, sealText } from '../../src/lib/personal-data.ts';

const HOUR = 3_600_000;

describe.each(engines)('admin workflow on %s', (engine) => {
  let t: TestApp;
  let admin: { id: string; cookie: string };
  let client: { id: string; email: string; cookie: string };

  const post = (url: string, body?: unknown, cookie = admin.cookie) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { cookie, origin: TEST_ORIGIN, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });

  async function make(spec: Partial<SubmissionSpec> = {}) {
    const row = buildSubmission({ userId: client.id, ...spec });
    await t.db.insert(submissions).values(row);
    return row;
  }
  const load = async (id: string) => (await t.db.select().from(submissions).where(eq(submissions.id, id)))[0]!;
  const auditOf = (entityType: AuditEntityType, id: string) =>
    t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, entityType), eq(auditLog.entityId, id)));
  const kindsFor = async (userId: string) =>
    (await t.db.select().from(notifications).where(eq(notifications.userId, userId))).map((n) => n.kind);

  beforeAll(async () => {
    t = await createTestApp(engine);
    admin = await signUp(t.app, { email: ADMIN_EMAIL, firstName: 'Ada', lastName: 'Appraiser' });
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    // A fresh client per test, so notifications are easy to count.
    client = await signUp(t.app, { firstName: 'Casey' });
    await t.db.delete(outbox);
  });

  describe('mark received', () => {
    it('moves new to appraising, restarts the 48 h guarantee from now and tells the client', async () => {
      const sub = await make({ createdAt: new Date(Date.now() - 40 * HOUR) });
      const before = Date.now();
      const res = await post(`/api/admin/submissions/${sub.id}/receive`);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ id: sub.id, status: 'appraising', version: 2, nearingDeadline: false });
      const row = await load(sub.id!);
      expect(row.receivedAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
      expect(row.guaranteeDeadline.getTime() - row.receivedAt!.getTime()).toBe(48 * HOUR);
      expect(body.guaranteeDeadline).toBe(row.guaranteeDeadline.toISOString());
      const audit = await auditOf('submission', sub.id!);
      expect(audit.map((a) => [a.actorId, a.action, a.fromStatus, a.toStatus, a.changes])).toEqual([
        [
          admin.id,
          'received',
          'new',
          'appraising',
          {
            guaranteeDeadline: row.guaranteeDeadline.toISOString(),
            // DECISIONS "Compliance": the rule the parcel was received under and the end of its hold.
            rulesVersion: RULES_VERSION,
            ruleCodes: row.complianceRule!.codes,
            holdUntil: row.holdUntil!.toISOString(),
          },
        ],
      ]);
      expect(await kindsFor(client.id)).toEqual(['submission_received']);
      expect((await t.db.select().from(outbox)).map((m) => [m.toAddress, m.subject])).toEqual([
        [client.email, 'Your parcel has arrived'],
      ]);
    });

    it('refuses anything but new with 409, and a double click receives once', async () => {
      for (const status of ['appraising', 'offered', 'completed', 'returned'] as const) {
        const sub = await make({ status, finalOffer: '10.00' });
        const res = await post(`/api/admin/submissions/${sub.id}/receive`);
        expect(res.statusCode, status).toBe(409);
        expect((await load(sub.id!)).version).toBe(1);
      }
      const sub = await make();
      const results = await Promise.all([
        post(`/api/admin/submissions/${sub.id}/receive`),
        post(`/api/admin/submissions/${sub.id}/receive`),
      ]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      expect(results.find((r) => r.statusCode === 409)!.json().message).toBe('This submission is already "Appraising".');
      expect(await auditOf('submission', sub.id!)).toHaveLength(1);
      expect(await kindsFor(client.id)).toEqual(['submission_received']);
      expect((await post('/api/admin/submissions/nope/receive')).statusCode).toBe(404);
    });
  });

  describe('mark returned', () => {
    const labelsOf = (id: string) => t.db.select().from(shippingLabels).where(eq(shippingLabels.submissionId, id));
    const noteOf = async () => (await t.db.select().from(notifications).where(eq(notifications.userId, client.id)))[0]!;

    it.each(['appraising', 'offered'] as const)(
      'returns a %s item that is with us on a free, insured return label to the client, and says so',
      async (status) => {
        const address = await saveAddress(t.app, client.cookie);
        expect(address.statusCode).toBe(200);
        const sub = await make({ status, finalOffer: '10.00' });
        const res = await post(`/api/admin/submissions/${sub.id}/return`, { reason: 'We do not buy plated items.' });
        expect(res.statusCode).toBe(200);
        // DECISIONS "Returning": on its way back until it is delivered; the tracking number is kept.
        expect(res.json()).toMatchObject({ status: 'returning' });

        const [label, ...others] = await labelsOf(sub.id!);
        expect(others).toEqual([]);
        expect(res.json().returnTrackingNumber).toBe(label!.trackingNumber);
        // Insured for the larger of the estimate and the offer; here the estimate.
        expect(sub.preliminaryQuoteMax).toBeGreaterThan(10_00);
        expect(label).toMatchObject({
          direction: 'return',
          userId: client.id,
          freeReturn: 'yes',
          insuredValue: sub.preliminaryQuoteMax,
        });
        // Sealed at rest (decision 028): the ZIP in clear, the street only once opened.
        expect(label!.receiver).toMatchObject({ postalCode: '62701' });
        expect(openLabelAddresses(t.app.ctx.keys.decryptionKeys, label!).receiver).toMatchObject({ line1: '12 Main Street' });
        expect(
          (await auditOf('submission', sub.id!)).map((a) => [a.actorId, a.action, a.fromStatus, a.toStatus, a.changes]),
        ).toEqual([
          [
            admin.id,
            'returned',
            status,
            'returning',
            {
              reason: 'We do not buy plated items.',
              returnLabelId: label!.id,
              trackingNumber: label!.trackingNumber,
              carrier: label!.carrier,
            },
          ],
        ]);
        const note = await noteOf();
        expect(note.kind).toBe('item_returned');
        expect(note.body).toContain('Return shipping is on us.');
        expect(note.body).toContain(`Tracking number: ${label!.trackingNumber}.`);
        expect(note.body).toContain('A note from our appraiser: We do not buy plated items.');
      },
    );

    it('returns an item that is with us without a label when the client has no address, and still tells them', async () => {
      const sub = await make({ status: 'appraising' });
      const res = await post(`/api/admin/submissions/${sub.id}/return`, {});
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ status: 'returning', returnTrackingNumber: null });
      expect(await labelsOf(sub.id!)).toEqual([]);
      expect((await auditOf('submission', sub.id!))[0]!.changes).toBeNull();
      const note = await noteOf();
      expect(note.title).toBe('Your item is on its way back');
      expect(note.body).not.toContain('Tracking number');
    });

    it('closes a new submission that never reached us: no label, and the client is told what that means', async () => {
      await saveAddress(t.app, client.cookie);
      const sub = await make({ status: 'new' });
      const res = await post(`/api/admin/submissions/${sub.id}/return`, { reason: 'Duplicate of another submission.' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ status: 'returned' });
      expect(await labelsOf(sub.id!)).toEqual([]);
      expect((await auditOf('submission', sub.id!)).map((a) => a.changes)).toEqual([
        { reason: 'Duplicate of another submission.' },
      ]);
      const note = await noteOf();
      expect(note.kind).toBe('item_returned');
      expect(note.title).toBe('Your submission was closed');
      expect(note.body).toContain('A note from our appraiser: Duplicate of another submission.');
    });

    it('makes the same label when the return comes through PUT /api/submissions/{id} with status returning', async () => {
      await saveAddress(t.app, client.cookie);
      const sub = await make({ status: 'offered', finalOffer: '900.00' });
      const put = (status: string) =>
        t.app.inject({
          method: 'PUT',
          url: `/api/submissions/${sub.id}`,
          headers: { cookie: admin.cookie, origin: TEST_ORIGIN, 'content-type': 'application/json' },
          payload: JSON.stringify({ status }),
        });
      // 'returned' names the end of the trip: an item we hold must be sent back first.
      const early = await put('returned');
      expect(early.statusCode).toBe(409);
      expect(early.json().message).toBe(
        'An item we hold is returned in two steps: send it back (status "returning"), then mark it delivered.',
      );
      expect(await labelsOf(sub.id!)).toEqual([]);
      const res = await put('returning');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ status: 'returning' });
      const [label] = await labelsOf(sub.id!);
      expect(label).toMatchObject({ direction: 'return', freeReturn: 'yes', insuredValue: 900_00 });
      // ...and 'returned' on a returning item marks it delivered.
      const delivered = await put('returned');
      expect(delivered.statusCode, delivered.body).toBe(200);
      expect(delivered.json()).toMatchObject({ status: 'returned' });
      expect(delivered.json().returnDeliveredAt).toEqual(expect.any(String));
    });

    it('needs no body, and refuses completed, returning and returned submissions with 409', async () => {
      const sub = await make();
      expect((await post(`/api/admin/submissions/${sub.id}/return`)).statusCode).toBe(200);
      for (const [status, message] of [
        ['completed', 'A submission that is "Completed" cannot be moved to "Returning".'],
        ['returning', 'This submission is already "Returning".'],
        ['returned', 'A submission that is "Returned" cannot be moved to "Returning".'],
      ] as const) {
        const done = await make({ status, finalOffer: '10.00' });
        const res = await post(`/api/admin/submissions/${done.id}/return`, {});
        expect(res.statusCode).toBe(409);
        expect(res.json().message).toBe(message);
      }
      const long = await post(`/api/admin/submissions/${sub.id}/return`, { reason: 'x'.repeat(1001) });
      expect(long.statusCode).toBe(400);
      expect(long.json().message).toBe('Invalid body: reason: The reason can be at most 1000 characters.');
    });
  });

  describe('request more photos', () => {
    it('tells the client with the message and audits it, without changing the submission', async () => {
      const sub = await make({ status: 'appraising' });
      const res = await post(`/api/admin/submissions/${sub.id}/request-photos`, {
        message: 'The hallmark inside the band, please.',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ status: 'appraising', version: 1 });
      expect((await auditOf('submission', sub.id!)).map((a) => [a.actorId, a.action, a.changes])).toEqual([
        [admin.id, 'photos_requested', { message: 'The hallmark inside the band, please.' }],
      ]);
      const [note] = await t.db.select().from(notifications).where(eq(notifications.userId, client.id));
      expect(note!.kind).toBe('photos_requested');
      expect(note!.body).toContain('The hallmark inside the band, please.');
      expect((await t.db.select().from(outbox)).map((m) => m.toAddress)).toEqual([client.email]);
    });

    it('works without a message; refuses closed submissions and long messages', async () => {
      const sub = await make();
      expect((await post(`/api/admin/submissions/${sub.id}/request-photos`)).statusCode).toBe(200);
      const done = await make({ status: 'completed', finalOffer: '10.00' });
      const closed = await post(`/api/admin/submissions/${done.id}/request-photos`, {});
      expect(closed.statusCode).toBe(409);
      expect(closed.json().message).toBe(
        'More photos can only be asked for while a submission is open; this one is "Completed".',
      );
      const long = await post(`/api/admin/submissions/${sub.id}/request-photos`, { message: 'x'.repeat(1001) });
      expect(long.statusCode).toBe(400);
      const wrong = await post(`/api/admin/submissions/${sub.id}/request-photos`, { message: ['x'] });
      expect(wrong.statusCode).toBe(400);
      expect(await kindsFor(client.id)).toEqual(['photos_requested']);
    });
  });

  describe('request ID verification', () => {
    it('sets requiresKyc, audits and tells the client once; a second click changes nothing', async () => {
      const sub = await make({ status: 'offered', finalOffer: '800.00' });
      const res = await post(`/api/admin/submissions/${sub.id}/request-id`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ requiresKyc: true, version: 2 });
      const again = await post(`/api/admin/submissions/${sub.id}/request-id`);
      expect(again.statusCode).toBe(200);
      expect(again.json()).toMatchObject({ requiresKyc: true, version: 2 });
      expect((await auditOf('submission', sub.id!)).map((a) => [a.action, a.changes])).toEqual([
        ['id_verification_requested', { requiresKyc: true }],
      ]);
      expect(await kindsFor(client.id)).toEqual(['id_verification_requested']);
      const counts = await t.app.inject({ url: '/api/admin/submissions/counts', headers: { cookie: admin.cookie } });
      expect(counts.json().kycRequired).toBeGreaterThanOrEqual(1);
    });

    it('refuses closed submissions and customers already verified', async () => {
      const done = await make({ status: 'returned' });
      const closed = await post(`/api/admin/submissions/${done.id}/request-id`);
      expect(closed.statusCode).toBe(409);
      expect(closed.json().message).toBe(
        'ID verification can only be asked for while a submission is open; this one is "Returned".',
      );
      const sub = await make();
      await t.db.insert(kycRecords).values({
        id: crypto.randomUUID(),
        userId: client.id,
        status: 'approved',
        fullName: 'Casey Client',
        idType: 'passport',
        idNumberLast4: '1234',
        encryptedIdNumber: 'x',
      });
      const verified = await post(`/api/admin/submissions/${sub.id}/request-id`);
      expect(verified.statusCode).toBe(409);
      expect(verified.json().message).toBe("This customer's identity is already verified.");
      expect((await load(sub.id!)).requiresKyc).toBe(false);
      expect(await kindsFor(client.id)).toEqual([]);
    });
  });

  describe('identity checks', () => {
    async function kycRecord(status = 'pending', createdAt = new Date()) {
      const id = crypto.randomUUID();
      await t.db.insert(kycRecords).values({
        id,
        userId: client.id,
        status,
        fullName: 'Casey Q. Client',
        encryptedDateOfBirth: sealText(t.app.ctx.keys.encryptionKey, '1980-02-29', personalDataContext.dateOfBirth(id)),
        idType: 'drivers_license',
        idNumberLast4: '6789',
        encryptedIdNumber: 'ciphertext',
        idImageKey: 'img-id-1',
        createdAt,
      });
      return id;
    }

    it('lists them newest first, by status, without the full ID number', async () => {
      await t.db.delete(kycRecords);
      const older = await kycRecord('pending', new Date(Date.UTC(2026, 0, 1)));
      const newer = await kycRecord('pending', new Date(Date.UTC(2026, 0, 2)));
      const approved = await kycRecord('approved', new Date(Date.UTC(2026, 0, 3)));
      const res = await t.app.inject({ url: '/api/admin/kyc?status=pending', headers: { cookie: admin.cookie } });
      expect(res.statusCode).toBe(200);
      expect(res.json().map((r: { id: string }) => r.id)).toEqual([newer, older]);
      expect(res.json()[0]).toEqual({
        id: newer,
        userId: client.id,
        customerLabel: `Customer #${client.id.slice(-4)}`,
        status: 'pending',
        fullName: 'Casey Q. Client',
        dateOfBirth: '1980-02-29',
        idType: 'drivers_license',
        idNumberLast4: '6789',
        // A check sent before the issuer was asked for.
        idIssuer: null,
        idImageUrl: '/api/objects/img-id-1',
        reviewedBy: null,
        reviewedByName: null,
        reviewedAt: null,
        rejectionReason: null,
        createdAt: '2026-01-02T00:00:00.000Z',
      });
      expect(res.body).not.toContain('ciphertext');
      const all = await t.app.inject({ url: '/api/admin/kyc', headers: { cookie: admin.cookie } });
      expect(all.json().map((r: { id: string }) => r.id)).toEqual([approved, newer, older]);
      const bad = await t.app.inject({ url: '/api/admin/kyc?status=maybe', headers: { cookie: admin.cookie } });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBe('Invalid querystring: status: Status must be one of pending, approved or rejected.');
    });

    it('approves once, tells the client, and refuses a second review with 409', async () => {
      const id = await kycRecord();
      const res = await post(`/api/admin/kyc/${id}/review`, { approve: true });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        id,
        status: 'approved',
        reviewedBy: admin.id,
        reviewedByName: 'Ada Appraiser',
        rejectionReason: null,
      });
      expect(await kindsFor(client.id)).toEqual(['kyc_reviewed']);
      expect((await auditOf('kyc', id)).map((a) => [a.actorId, a.action, a.fromStatus, a.toStatus])).toEqual([
        [admin.id, 'kyc_approved', 'pending', 'approved'],
      ]);
      const again = await post(`/api/admin/kyc/${id}/review`, { approve: false, reason: 'changed my mind' });
      expect(again.statusCode).toBe(409);
      expect((await t.db.select().from(kycRecords).where(eq(kycRecords.id, id)))[0]!.status).toBe('approved');
    });

    it('rejects only with a reason, which the client is told', async () => {
      const id = await kycRecord();
      const noReason = await post(`/api/admin/kyc/${id}/review`, { approve: false });
      expect(noReason.statusCode).toBe(400);
      expect(noReason.json().message).toBe(
        'Invalid body: reason: Please say why the verification is rejected, so the client can fix it.',
      );
      for (const body of [{}, { approve: 'yes' }, { approve: false, reason: 'x'.repeat(501) }]) {
        expect((await post(`/api/admin/kyc/${id}/review`, body)).statusCode).toBe(400);
      }
      const res = await post(`/api/admin/kyc/${id}/review`, { approve: false, reason: 'The photo is blurry.' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ status: 'rejected', rejectionReason: 'The photo is blurry.' });
      const [note] = await t.db.select().from(notifications).where(eq(notifications.userId, client.id));
      expect(note!.body).toContain('The photo is blurry.');
      expect((await post('/api/admin/kyc/no-such-record/review', { approve: true })).statusCode).toBe(404);
    });
  });

  describe('mark a payout sent, then confirm it paid (decision 034)', () => {
    const timelineOf = async (submissionId: string) =>
      (
        (await t.app.inject({ url: `/api/submissions/${submissionId}`, headers: { cookie: client.cookie } })).json() as {
          timeline: { action: string; label: string; detail?: string }[];
        }
      ).timeline.filter((e) => e.action.startsWith('payout_'));

    it("a payout marked sent by hand is on its way, not paid, until the provider's confirmation is recorded", async () => {
      const sub = await make({ status: 'completed', finalOffer: '2500.00' });
      const payout = buildTransaction({ submission: sub, method: 'ach' });
      await insertAcceptedPayout(t.db, payout);
      const res = await post(`/api/admin/transactions/${payout.id}/sent`, { reference: ' ACH-TRACE-0042 ' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: payout.id, status: 'processing', rail: 'manual', reference: 'ACH-TRACE-0042' });
      // Nothing from the bank yet: the seller is not told "paid", neither by a notification nor on the timeline.
      expect(await kindsFor(client.id)).toEqual([]);
      expect(await timelineOf(sub.id)).toEqual([
        expect.objectContaining({
          action: 'payout_processing',
          label: 'Payout on its way',
          detail: expect.stringMatching(
            /^Sent [A-Z][a-z]{2} \d{1,2} by ACH, reference ACH-TRACE-0042; marked paid once the bank confirms it\.$/,
          ),
        }),
      ]);
      const own = (await t.app.inject({ url: '/api/transactions', headers: { cookie: client.cookie } })).json();
      expect(own[0]).toMatchObject({ status: 'processing' });
      const again = await post(`/api/admin/transactions/${payout.id}/sent`, { reference: 'ACH-TRACE-0043' });
      expect(again.statusCode).toBe(409);

      // The bank's confirmation, recorded: now it is paid, with the bank's reference, and the seller hears it.
      const paid = await post(`/api/admin/transactions/${payout.id}/paid`, { confirmation: ' BANK-CONF-77 ' });
      expect(paid.statusCode, paid.body).toBe(200);
      expect(paid.json()).toMatchObject({ id: payout.id, status: 'paid', rail: 'manual', reference: 'BANK-CONF-77' });
      expect(await kindsFor(client.id)).toEqual(['payout_sent']);
      const timeline = await timelineOf(sub.id);
      expect(timeline.map((e) => [e.action, e.label])).toEqual([
        ['payout_processing', 'Payout on its way'],
        ['payout_sent', 'Payout paid'],
      ]);
      expect(timeline[1]!.detail).toMatch(/^Paid [A-Z][a-z]{2} \d{1,2} by ACH, reference BANK-CONF-77\.$/);
      const detail = (await t.app.inject({ url: `/api/admin/submissions/${sub.id}`, headers: { cookie: admin.cookie } })).json();
      expect(detail.transaction).toMatchObject({ id: payout.id, status: 'paid', reference: 'BANK-CONF-77' });
      expect(detail.auditLog.map((a: { action: string; actor: { email: string } | null }) => [a.action, a.actor?.email])).toEqual(
        [
          ['payout_processing', ADMIN_EMAIL],
          ['payout_sent', ADMIN_EMAIL],
        ],
      );
      const twice = await post(`/api/admin/transactions/${payout.id}/paid`, { confirmation: 'BANK-CONF-78' });
      expect(twice.statusCode).toBe(409);
      expect(twice.json().message).toBe('This payout is already confirmed as paid.');
      const row = (await t.db.select().from(transactions).where(eq(transactions.id, payout.id!)))[0]!;
      expect(row.reference).toBe('BANK-CONF-77');
    });

    it('confirms only a payout sent by hand: not one waiting to be sent, nor one another rail carries', async () => {
      const waiting = await make({ status: 'completed', finalOffer: '300.00' });
      const pending = buildTransaction({ submission: waiting, method: 'ach' });
      await insertAcceptedPayout(t.db, pending);
      const early = await post(`/api/admin/transactions/${pending.id}/paid`, { confirmation: 'CONF-1' });
      expect(early.statusCode).toBe(409);
      expect(early.json().message).toBe('Only a payout marked as sent can be confirmed as paid; mark it sent first.');

      const filed = await make({ status: 'completed', finalOffer: '400.00' });
      const inFile = {
        ...buildTransaction({ submission: filed, method: 'ach' }),
        status: 'processing' as const,
        rail: 'ach-file' as const,
      };
      await insertAcceptedPayout(t.db, inFile);
      const byRail = await post(`/api/admin/transactions/${inFile.id}/paid`, { confirmation: 'CONF-2' });
      expect(byRail.statusCode).toBe(409);
      expect(byRail.json().message).toBe('This payout is carried by an ACH file, so that rail confirms it, not a person.');
      for (const id of [pending.id!, inFile.id!]) {
        expect((await t.db.select().from(transactions).where(eq(transactions.id, id)))[0]!.status).not.toBe('paid');
      }
      expect(await kindsFor(client.id)).toEqual([]);

      for (const body of [
        {},
        { confirmation: '' },
        { confirmation: '   ' },
        { confirmation: 'x'.repeat(101) },
        { confirmation: 7 },
      ]) {
        const res = await post(`/api/admin/transactions/${pending.id}/paid`, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json().message).toMatch(/confirmation/);
      }
      expect((await post('/api/admin/transactions/no-such-payout/paid', { confirmation: 'CONF-3' })).statusCode).toBe(404);
      const asClient = await post(`/api/admin/transactions/${pending.id}/paid`, { confirmation: 'CONF-4' }, client.cookie);
      expect([401, 403]).toContain(asClient.statusCode);
    });

    it('refuses a missing or long reference with 400 and an unknown payout with 404', async () => {
      for (const body of [{}, { reference: '' }, { reference: '   ' }, { reference: 'x'.repeat(101) }, { reference: 42 }]) {
        const res = await post('/api/admin/transactions/anything/sent', body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
      }
      expect((await post('/api/admin/transactions/no-such-payout/sent', { reference: 'CHK-1' })).statusCode).toBe(404);
    });
  });
});
