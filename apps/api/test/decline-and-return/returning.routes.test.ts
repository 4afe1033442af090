// DECISIONS "Returning": a decline or an admin return sets `returning` (with the return label's
// tracking number on the submission) until an appraiser marks it delivered; then `returned`.
// A submission whose parcel never came is closed straight to returned: nothing to ship back.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildSubmission, type SubmissionSpec } from '../../src/db/factories.ts';
import { auditLog, notifications, outbox, shippingLabels, submissions } from '../../src/db/schema/index.ts';
import { saveAddress } from '../support/addresses.ts';
import { signUp } from '../support/sessions.ts';
import { ADMIN_EMAIL, createTestApp, engines, TEST_ORIGIN, type TestApp } from '../support/test-app.ts';

describe.each(engines)('returning on %s', (engine) => {
  let t: TestApp;
  let admin: { id: string; cookie: string };
  let client: { id: string; email: string; cookie: string };

  const post = (url: string, cookie = admin.cookie, body?: unknown) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { cookie, origin: TEST_ORIGIN, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
  const get = (url: string, cookie = client.cookie) => t.app.inject({ method: 'GET', url, headers: { cookie } });

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
  const notesOf = (id: string) => t.db.select().from(notifications).where(eq(notifications.submissionId, id));

  beforeAll(async () => {
    t = await createTestApp(engine);
    admin = await signUp(t.app, { email: ADMIN_EMAIL });
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    client = await signUp(t.app);
    expect((await saveAddress(t.app, client.cookie)).statusCode).toBe(200);
    await t.db.delete(outbox);
  });

  it('a decline is returning with the tracking number on the card, until an admin marks it delivered', async () => {
    const sub = await make({ status: 'offered', finalOffer: '450.00' });
    const declined = await post(`/api/submissions/${sub.id}/decline`, client.cookie);
    expect(declined.statusCode, declined.body).toBe(200);
    const tracking = declined.json().returnLabel.trackingNumber as string;
    expect(declined.json().submission).toMatchObject({ status: 'returning', returnTrackingNumber: tracking });

    const list = await get('/api/submissions');
    expect(list.json().find((s: { id: string }) => s.id === sub.id)).toMatchObject({
      status: 'returning',
      returnTrackingNumber: tracking,
      returnDeliveredAt: null,
    });

    const before = Date.now();
    const delivered = await post(`/api/admin/submissions/${sub.id}/return-delivered`);
    expect(delivered.statusCode, delivered.body).toBe(200);
    expect(delivered.json()).toMatchObject({ status: 'returned', returnTrackingNumber: tracking });
    const row = await load(sub.id!);
    expect(row.status).toBe('returned');
    expect(row.returnDeliveredAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);

    const audit = await auditOf(sub.id!);
    expect(audit.map((a) => [a.action, a.fromStatus, a.toStatus])).toEqual([
      ['offer_declined', 'offered', 'returning'],
      ['return_delivered', 'returning', 'returned'],
    ]);
    expect(audit[1]).toMatchObject({ actorId: admin.id, changes: { trackingNumber: tracking } });

    const notes = await notesOf(sub.id!);
    const note = notes.find((n) => n.kind === 'return_delivered')!;
    expect(note.title).toBe('Your item has been delivered back to you');
    expect(note.body).toContain(tracking);
    const mails = await t.db.select().from(outbox);
    expect(mails.some((m) => JSON.stringify(m).includes('Your item has been delivered back to you'))).toBe(true);

    const detail = await get(`/api/submissions/${sub.id}`);
    expect(detail.json().timeline.map((e: { label: string }) => e.label)).toContain('Item delivered back to you');
  });

  it('an admin return of an item we hold is returning with its return label tracking number', async () => {
    const sub = await make({ status: 'appraising' });
    const res = await post(`/api/admin/submissions/${sub.id}/return`, admin.cookie, {});
    expect(res.statusCode, res.body).toBe(200);
    const [label] = await t.db.select().from(shippingLabels).where(eq(shippingLabels.submissionId, sub.id!));
    expect(res.json()).toMatchObject({ status: 'returning', returnTrackingNumber: label!.trackingNumber });
    expect((await load(sub.id!)).returnTrackingNumber).toBe(label!.trackingNumber);
  });

  it('a parcel that never came is closed straight to returned, with nothing to ship', async () => {
    const sub = await make({ status: 'new' });
    const res = await post(`/api/admin/submissions/${sub.id}/return`, admin.cookie, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'returned', returnTrackingNumber: null });
    expect(await t.db.select().from(shippingLabels).where(eq(shippingLabels.submissionId, sub.id!))).toEqual([]);
    expect((await auditOf(sub.id!)).map((a) => [a.action, a.fromStatus, a.toStatus])).toEqual([['closed', 'new', 'returned']]);
    const detail = await get(`/api/submissions/${sub.id}`);
    expect(detail.json().timeline.map((e: { label: string }) => e.label)).toEqual(['Submission closed']);
  });

  it('marks delivered only a returning submission (409 with a sentence), and only for admins', async () => {
    for (const [status, message] of [
      ['new', 'A submission that is "New" cannot be moved to "Returned".'],
      ['appraising', 'A submission that is "Appraising" cannot be moved to "Returned".'],
      ['offered', 'A submission that is "Offer Ready" cannot be moved to "Returned".'],
      ['completed', 'A submission that is "Completed" cannot be moved to "Returned".'],
      ['returned', 'This submission is already "Returned".'],
    ] as const) {
      const sub = await make({ status, finalOffer: status === 'new' || status === 'appraising' ? undefined : '10.00' });
      const res = await post(`/api/admin/submissions/${sub.id}/return-delivered`);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(message);
      expect((await load(sub.id!)).status).toBe(status);
      expect(await auditOf(sub.id!)).toEqual([]);
    }
    const returning = await make({ status: 'returning', finalOffer: '10.00' });
    expect((await post(`/api/admin/submissions/${returning.id}/return-delivered`, client.cookie)).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/admin/submissions/${returning.id}/return-delivered` })).statusCode,
    ).toBe(401);
    expect((await post('/api/admin/submissions/nope/return-delivered')).statusCode).toBe(404);
    expect((await load(returning.id!)).status).toBe('returning');
    // A double click delivers once.
    const [a, b] = await Promise.all([
      post(`/api/admin/submissions/${returning.id}/return-delivered`),
      post(`/api/admin/submissions/${returning.id}/return-delivered`),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect((await notesOf(returning.id!)).filter((n) => n.kind === 'return_delivered')).toHaveLength(1);
  });
});
