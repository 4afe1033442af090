// The seller's submission detail, GET /api/submissions/:id: the submission with its photos, labels,
// payout and timeline as the seller may see them (an appraiser sees the internal entries too).
import type { AuditAction } from '@assay/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildImage, buildSubmission, buildTransaction } from '../../src/db/factories.ts';
import { auditLog, shippingLabels, submissionImages, submissions, transactions } from '../../src/db/schema/index.ts';
import { HOME_ADDRESS } from '../support/addresses.ts';
import { sealedLabel } from '../support/sealed-addresses.ts';
import { signUp } from '../support/sessions.ts';
import { ADMIN_EMAIL, createTestApp, engines, type TestApp } from '../support/test-app.ts';

type Person = { id: string; email: string; cookie: string };

describe.each(engines)('GET /api/submissions/:id on %s', (engine) => {
  let t: TestApp;
  let alice: Person;
  let bob: Person;
  let admin: Person;

  beforeAll(async () => {
    t = await createTestApp(engine);
    alice = await signUp(t.app);
    bob = await signUp(t.app);
    admin = await signUp(t.app, { email: ADMIN_EMAIL });
  });
  afterAll(() => t.close());

  const get = (url: string, cookie?: string) => t.app.inject({ url, headers: cookie ? { cookie } : {} });

  /** Stored, unattached photo rows of this person (no bytes needed to attach them). */
  async function storedPhotos(ownerId: string, n: number) {
    const rows = Array.from({ length: n }, () => buildImage({ ownerId }));
    await t.db.insert(submissionImages).values(rows);
    return rows.map((r) => r.id!);
  }
  async function insertSubmission(spec: Parameters<typeof buildSubmission>[0]) {
    const row = buildSubmission(spec);
    await t.db.insert(submissions).values(row);
    return row;
  }

  it('answers the details with timeline, labels, payout and consignment request', async () => {
    const sub = await insertSubmission({
      userId: alice.id,
      status: 'completed',
      finalOffer: '400.00',
      adminNotes: 'stamped 750',
    });
    const images = await storedPhotos(alice.id, 2);
    await t.db.update(submissionImages).set({ submissionId: sub.id, position: 1 }).where(eq(submissionImages.id, images[0]!));
    await t.db.update(submissionImages).set({ submissionId: sub.id, position: 0 }).where(eq(submissionImages.id, images[1]!));
    const at = (h: number) => new Date(sub.createdAt!.getTime() + h * 3_600_000);
    // 'internal_recount' stands for an action an older or newer build wrote: it must not leak.
    const entry = (action: string, fromStatus: string | null, toStatus: string | null, h: number) => ({
      id: crypto.randomUUID(),
      actorId: alice.id,
      entityType: 'submission' as const,
      entityId: sub.id!,
      action: action as AuditAction,
      fromStatus,
      toStatus,
      createdAt: at(h),
    });
    await t.db
      .insert(auditLog)
      .values([
        entry('created', null, 'new', 0),
        entry('label_created', null, null, 1),
        entry('received', 'new', 'appraising', 30),
        entry('notes_updated', null, null, 40),
        entry('internal_recount', null, null, 41),
        entry('offer_submitted', 'appraising', 'offered', 50),
        entry('payout_requested', 'offered', 'completed', 60),
      ]);
    // Another submission's entries never leak in.
    await t.db.insert(auditLog).values({ ...entry('created', null, 'new', 0), entityId: 'another' });
    const label = {
      id: crypto.randomUUID(),
      submissionId: sub.id!,
      userId: alice.id,
      direction: 'inbound',
      trackingNumber: `AS${Date.now()}`,
      carrier: 'sample',
      insuredValue: 540_00,
      sender: HOME_ADDRESS,
      receiver: HOME_ADDRESS,
    };
    await t.db.insert(shippingLabels).values(sealedLabel(t.app.ctx.keys.encryptionKey, label));
    const payout = buildTransaction({ submission: sub, method: 'paypal', paypalEmail: 'alice@example.com' });
    await t.db.insert(transactions).values(payout);

    const res = await get(`/api/submissions/${sub.id}`, alice.cookie);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).not.toHaveProperty('adminNotes');
    expect(body).toMatchObject({
      id: sub.id,
      status: 'completed',
      finalOffer: '400.00',
      images: [`/api/objects/${images[1]}`, `/api/objects/${images[0]}`],
      label: { id: label.id, trackingNumber: label.trackingNumber, direction: 'inbound' },
      parcels: [{ id: label.id, trackingNumber: label.trackingNumber, parcelNumber: 1, insuredValue: '540.00' }],
      returnLabel: null,
      freeReturn: null,
      consignmentRequestedAt: null,
      transaction: {
        id: payout.id,
        submissionId: sub.id,
        amount: '388.10', // $400 minus PayPal's 2.9% + $0.30
        grossAmount: '400.00',
        feeAmount: '11.90',
        goodwillAmount: '0.00',
        payoutMethod: 'paypal',
        payoutDetails: { email: 'alice@example.com' },
        status: 'pending',
        reference: null,
        sentAt: null,
      },
    });
    expect(body.transaction).not.toHaveProperty('encryptedBankDetails');
    expect(body.timeline).toEqual([
      { at: at(0).toISOString(), action: 'created', fromStatus: null, toStatus: 'new', label: 'Submitted' },
      { at: at(1).toISOString(), action: 'label_created', fromStatus: null, toStatus: null, label: 'Shipping label created' },
      {
        at: at(30).toISOString(),
        action: 'received',
        fromStatus: 'new',
        toStatus: 'appraising',
        label: 'Parcel received, appraisal started',
      },
      {
        at: at(50).toISOString(),
        action: 'offer_submitted',
        fromStatus: 'appraising',
        toStatus: 'offered',
        label: 'Offer ready',
      },
      {
        at: at(60).toISOString(),
        action: 'payout_requested',
        fromStatus: 'offered',
        toStatus: 'completed',
        label: 'Offer accepted, payout recorded',
      },
    ]);

    // Admins see everything, internal entries and notes included.
    const forAdmin = (await get(`/api/submissions/${sub.id}`, admin.cookie)).json();
    expect(forAdmin.adminNotes).toBe('stamped 750');
    expect(forAdmin.timeline.map((e: { label: string }) => e.label)).toEqual([
      'Submitted',
      'Shipping label created',
      'Parcel received, appraisal started',
      'Notes updated',
      'Internal recount',
      'Offer ready',
      'Offer accepted, payout recorded',
    ]);
  });

  it('shows a returned submission with its return label and whether the return is free', async () => {
    const sub = await insertSubmission({ userId: alice.id, status: 'returned', finalOffer: '100.00' });
    await t.db.insert(shippingLabels).values(
      sealedLabel(t.app.ctx.keys.encryptionKey, {
        id: crypto.randomUUID(),
        submissionId: sub.id!,
        userId: alice.id,
        direction: 'return',
        trackingNumber: `RT${Date.now()}`,
        carrier: 'sample',
        insuredValue: 100_00,
        sender: HOME_ADDRESS,
        receiver: HOME_ADDRESS,
        freeReturn: 'yes',
      }),
    );
    const body = (await get(`/api/submissions/${sub.id}`, alice.cookie)).json();
    expect(body).toMatchObject({
      label: null,
      returnLabel: { direction: 'return' },
      freeReturn: true,
      transaction: null,
      timeline: [],
    });
  });

  it("answers 404 for someone else's or a missing submission, and 401 to visitors", async () => {
    const sub = await insertSubmission({ userId: alice.id });
    const other = await get(`/api/submissions/${sub.id}`, bob.cookie);
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe('Submission was not found.');
    expect((await get('/api/submissions/does-not-exist', alice.cookie)).statusCode).toBe(404);
    expect((await get(`/api/submissions/${sub.id}`)).statusCode).toBe(401);
  });
});
