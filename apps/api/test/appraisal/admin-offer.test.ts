// PUT /api/submissions/{id} (SPEC 7): the appraiser's offer. Validation of the numbers and the
// notes, the status machine, optimistic concurrency, two appraisers at once, the audit entry and
// the client's notification, and internal notes that never reach the client.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildSubmission, type SubmissionSpec } from '../../src/db/factories.ts';
import { auditLog, notifications, outbox, submissions } from '../../src/db/schema/index.ts';
import { signUp } from '../support/sessions.ts';
import { ADMIN_EMAIL, createTestApp, engines, TEST_ORIGIN, type TestApp } from '../support/test-app.ts';

describe.each(engines)('PUT /api/submissions/{id} on %s', (engine) => {
  let t: TestApp;
  let admin: { id: string; cookie: string };
  let client: { id: string; email: string; cookie: string };

  const put = (id: string, body: unknown, cookie = admin.cookie) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/submissions/${id}`,
      headers: { cookie, origin: TEST_ORIGIN, 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });

  async function make(spec: Partial<SubmissionSpec> = {}) {
    const row = buildSubmission({ userId: client.id, ...spec });
    await t.db.insert(submissions).values(row);
    return row.id!;
  }
  const load = async (id: string) => (await t.db.select().from(submissions).where(eq(submissions.id, id)))[0]!;
  const auditOf = (id: string) =>
    t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'submission'), eq(auditLog.entityId, id)));
  const notificationsOf = (id: string) => t.db.select().from(notifications).where(eq(notifications.submissionId, id));

  /** Nothing at all changed: same version and status, no audit entry, nobody told. */
  async function expectUntouched(id: string, status: string) {
    const row = await load(id);
    expect(row.version).toBe(1);
    expect(row.status).toBe(status);
    expect(await auditOf(id)).toEqual([]);
    expect(await notificationsOf(id)).toEqual([]);
  }

  beforeAll(async () => {
    t = await createTestApp(engine);
    admin = await signUp(t.app, { email: ADMIN_EMAIL, firstName: 'Ada', lastName: 'Appraiser' });
    client = await signUp(t.app, { firstName: 'Casey' });
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.db.delete(outbox);
  });

  it('records an offer on a new submission, audits it and tells the client by notification and e-mail', async () => {
    const id = await make();
    const res = await put(id, {
      finalOffer: '1250.5',
      actualWeight: '12.4',
      adminNotes: '  hallmark 585, clasp bent ',
      status: 'offered',
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      id,
      status: 'offered',
      finalOffer: '1250.50',
      actualWeight: 12.4,
      adminNotes: 'hallmark 585, clasp bent',
      requiresKyc: false,
      version: 2,
    });
    expect(Date.now() - Date.parse(body.offeredAt)).toBeLessThan(60_000);

    const row = await load(id);
    expect([row.status, row.finalOffer, row.actualWeight, row.adminNotes, row.version]).toEqual([
      'offered',
      1250_50,
      '12.4000',
      'hallmark 585, clasp bent',
      2,
    ]);
    const audit = await auditOf(id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorId: admin.id,
      action: 'offer_submitted',
      fromStatus: 'new',
      toStatus: 'offered',
      changes: { finalOffer: '1250.50', actualWeight: 12.4 },
    });
    const told = await notificationsOf(id);
    expect(told.map((n) => [n.userId, n.kind, n.title])).toEqual([[client.id, 'offer_ready', 'Your offer is ready: $1,250.50']]);
    const mail = await t.db.select().from(outbox);
    expect(mail.map((m) => [m.toAddress, m.subject])).toEqual([[client.email, 'Your offer is ready: $1,250.50']]);
    // Its HTML part shows the offer and until when it is valid, and a button to the submission.
    expect(mail[0]!.layout).toEqual({
      heading: 'Your offer is ready: $1,250.50',
      facts: [
        { label: 'Our offer', value: '$1,250.50' },
        { label: 'Valid until', value: expect.stringMatching(/^[A-Z][a-z]+ \d{1,2}, \d{4} at \d{2}:\d{2} UTC$/) },
      ],
      button: { label: 'See your offer', href: `[[submission:${id}]]` },
    });
    // The notes stay internal: not in the audit log, the notification or the e-mail.
    expect(JSON.stringify([audit, told, mail])).not.toContain('hallmark');
  });

  it('never shows internal notes to the client who owns the submission', async () => {
    const id = await make({ description: 'notes test' });
    expect(
      (await put(id, { finalOffer: '300', actualWeight: 5, adminNotes: 'SECRET-NOTE looks plated', status: 'offered' }))
        .statusCode,
    ).toBe(200);
    const list = await t.app.inject({ url: '/api/submissions', headers: { cookie: client.cookie } });
    expect(list.statusCode).toBe(200);
    const mine = (list.json() as Record<string, unknown>[]).find((s) => s.id === id)!;
    expect(mine).toMatchObject({ id, status: 'offered', finalOffer: '300.00' });
    expect(mine).not.toHaveProperty('adminNotes');
    const one = await t.app.inject({ url: `/api/submissions/${id}`, headers: { cookie: client.cookie } });
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({ id, status: 'offered' });
    expect(one.json()).not.toHaveProperty('adminNotes');
    const bell = await t.app.inject({ url: '/api/notifications', headers: { cookie: client.cookie } });
    for (const res of [list, one, bell]) expect(res.body).not.toContain('SECRET-NOTE');
    // The admin still sees them.
    const adminView = await t.app.inject({ url: `/api/admin/submissions/${id}`, headers: { cookie: admin.cookie } });
    expect(adminView.json().adminNotes).toBe('SECRET-NOTE looks plated');
  });

  it('offers from appraising, and an offer without a status is an offer', async () => {
    const appraising = await make({ status: 'appraising' });
    expect((await put(appraising, { finalOffer: 99.99, actualWeight: 3, status: 'offered' })).json()).toMatchObject({
      status: 'offered',
      finalOffer: '99.99',
      actualWeight: 3,
    });
    const implicit = await make();
    const res = await put(implicit, { finalOffer: '10', actualWeight: '0.5' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'offered', finalOffer: '10.00', actualWeight: 0.5, adminNotes: null });
  });

  it('requires KYC above $10,000 (not at exactly $10,000), and keeps a flag already set', async () => {
    const above = await make();
    expect((await put(above, { finalOffer: '10000.01', actualWeight: 300, status: 'offered' })).json().requiresKyc).toBe(true);
    expect((await auditOf(above))[0]!.changes).toEqual({ finalOffer: '10000.01', actualWeight: 300, requiresKyc: true });
    expect((await notificationsOf(above))[0]!.body).toContain('verify your identity');
    const exactly = await make();
    expect((await put(exactly, { finalOffer: '10000', actualWeight: 300, status: 'offered' })).json().requiresKyc).toBe(false);
    const flagged = await make({ kycRequested: true });
    expect((await put(flagged, { finalOffer: '50', actualWeight: 1, status: 'offered' })).json().requiresKyc).toBe(true);
    expect((await load(flagged)).requiresKyc).toBe(true);
  });

  const offerMessage = 'Please enter final offer and actual weight';
  it.each([
    [{ status: 'offered' }, `Invalid body: finalOffer: ${offerMessage}; actualWeight: ${offerMessage}`],
    [{ status: 'offered', finalOffer: '100' }, `Invalid body: actualWeight: ${offerMessage}`],
    [{ finalOffer: '100' }, offerMessage],
    [{ actualWeight: 2 }, offerMessage],
    [{ finalOffer: '', actualWeight: 1, status: 'offered' }, `Invalid body: finalOffer: ${offerMessage}`],
    [
      { finalOffer: '0', actualWeight: 1, status: 'offered' },
      'Invalid body: finalOffer: The final offer must be more than $0.00.',
    ],
    [{ finalOffer: 0, actualWeight: 1, status: 'offered' }, 'Invalid body: finalOffer: The final offer must be more than $0.00.'],
    [
      { finalOffer: '-5', actualWeight: 1, status: 'offered' },
      'Invalid body: finalOffer: The final offer must be an amount in dollars with at most 2 decimals, like 1250.00.',
    ],
    [
      // A number is bounded on its own branch (decision 024), which says what is wrong with it.
      { finalOffer: -5, actualWeight: 1, status: 'offered' },
      'Invalid body: finalOffer: The final offer must be more than $0.00.',
    ],
    [
      { finalOffer: 'lots', actualWeight: 1, status: 'offered' },
      'Invalid body: finalOffer: The final offer must be an amount in dollars with at most 2 decimals, like 1250.00.',
    ],
    [
      { finalOffer: '12.345', actualWeight: 1, status: 'offered' },
      'Invalid body: finalOffer: The final offer must be an amount in dollars with at most 2 decimals, like 1250.00.',
    ],
    [
      { finalOffer: '1e9', actualWeight: 1, status: 'offered' },
      'Invalid body: finalOffer: The final offer must be an amount in dollars with at most 2 decimals, like 1250.00.',
    ],
    [
      { finalOffer: '10000000.01', actualWeight: 1, status: 'offered' },
      'Invalid body: finalOffer: The final offer cannot be more than $10,000,000.00.',
    ],
    [
      { finalOffer: 1e12, actualWeight: 1, status: 'offered' },
      'Invalid body: finalOffer: The final offer cannot be more than $10,000,000.00.',
    ],
    [
      { finalOffer: true, actualWeight: 1, status: 'offered' },
      'Invalid body: finalOffer: The final offer must be an amount in dollars, like 1250.00.',
    ],
    [
      { finalOffer: ['1'], actualWeight: 1, status: 'offered' },
      'Invalid body: finalOffer: The final offer must be an amount in dollars, like 1250.00.',
    ],
    [
      { finalOffer: '10', actualWeight: 0, status: 'offered' },
      'Invalid body: actualWeight: The actual weight must be greater than zero.',
    ],
    [
      { finalOffer: '10', actualWeight: -1, status: 'offered' },
      'Invalid body: actualWeight: The actual weight must be greater than zero.',
    ],
    [
      { finalOffer: '10', actualWeight: 'heavy', status: 'offered' },
      'Invalid body: actualWeight: The actual weight must be a number.',
    ],
    [
      { finalOffer: '10', actualWeight: 600_000, status: 'offered' },
      'Invalid body: actualWeight: The actual weight is too large; the most we accept is 100 kg.',
    ],
    [
      { finalOffer: '10', actualWeight: 0.00001, status: 'offered' },
      'Invalid body: actualWeight: The actual weight is too small to weigh; the least we accept is 0.001 g.',
    ],
    [
      { finalOffer: '10', actualWeight: 0.00004, status: 'offered' },
      'Invalid body: actualWeight: The actual weight can have at most 4 decimal places.',
    ],
    // Fine in ounces, so only the service, which knows this submission is weighed in grams, can tell.
    [
      { finalOffer: '10', actualWeight: 0.0005, status: 'offered' },
      'The actual weight is too small to weigh; the least we accept is 0.001 g.',
    ],
    [
      { finalOffer: '10', actualWeight: 1, status: 'appraising' },
      'A final offer and actual weight can only be sent with status "offered".',
    ],
    [{ adminNotes: 'x'.repeat(5001) }, 'Invalid body: adminNotes: Notes can be at most 5000 characters.'],
    [{ adminNotes: 42 }, 'Invalid body: adminNotes: Notes must be text.'],
    [
      { status: 'done' },
      'Invalid body: status: Status must be one of new, appraising, offered, completed, returning or returned.',
    ],
    [{ adminNotes: 'x', version: 0 }, 'Invalid body: version: version must be the whole number the submission was loaded with.'],
    [
      { adminNotes: 'x', version: 'one' },
      'Invalid body: version: version must be the whole number the submission was loaded with.',
    ],
    [{}, 'Invalid body: Nothing to update: send a final offer, actual weight, notes or status.'],
  ])('refuses %j with 400 and changes nothing', async (body, message) => {
    const id = await make();
    const res = await put(id, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    await expectUntouched(id, 'new');
  });

  it('refuses bodies that are not JSON objects with 400', async () => {
    const id = await make();
    for (const payload of ['{"finalOffer":', '"offer"', '[1]', 'null']) {
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/submissions/${id}`,
        headers: { cookie: admin.cookie, 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode, payload).toBe(400);
    }
    await expectUntouched(id, 'new');
  });

  it('accepts notes of exactly 5000 characters', async () => {
    const id = await make();
    const res = await put(id, { finalOffer: '10', actualWeight: 1, adminNotes: 'n'.repeat(5000), status: 'offered' });
    expect(res.statusCode).toBe(200);
    expect((await load(id)).adminNotes).toHaveLength(5000);
  });

  it.each([
    ['completed', 'A submission that is "Completed" cannot be moved to "Offer Ready".'],
    ['returned', 'A submission that is "Returned" cannot be moved to "Offer Ready".'],
    ['offered', 'This submission is already "Offer Ready".'],
  ] as const)('refuses an offer on a %s submission with 409', async (status, message) => {
    const id = await make({ status, finalOffer: '500.00' });
    const before = await load(id);
    const res = await put(id, { finalOffer: '900', actualWeight: 2, status: 'offered' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(message);
    expect(await load(id)).toEqual(before);
    expect(await auditOf(id)).toEqual([]);
  });

  it('answers 404 for an unknown submission', async () => {
    const res = await put('no-such-submission', { finalOffer: '10', actualWeight: 1, status: 'offered' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Submission was not found.');
  });

  it('refuses a stale version with 409 and takes the current one', async () => {
    const id = await make();
    expect((await put(id, { adminNotes: 'first look', version: 1 })).json()).toMatchObject({
      version: 2,
      adminNotes: 'first look',
    });
    const stale = await put(id, { finalOffer: '10', actualWeight: 1, status: 'offered', version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe('This submission was changed by someone else. Reload and try again.');
    expect((await load(id)).status).toBe('new');
    const fresh = await put(id, { finalOffer: '10', actualWeight: 1, status: 'offered', version: 2 });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json()).toMatchObject({ status: 'offered', version: 3, adminNotes: 'first look' });
  });

  it('lets exactly one of two simultaneous offers win; the other is 409 and nothing is half-written', async () => {
    for (const withVersion of [false, true]) {
      const id = await make();
      const v = withVersion ? { version: 1 } : {};
      const results = await Promise.all([
        put(id, { finalOffer: '111', actualWeight: 1, adminNotes: 'from A', status: 'offered', ...v }),
        put(id, { finalOffer: '222', actualWeight: 2, adminNotes: 'from B', status: 'offered', ...v }),
      ]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      const winner = results.find((r) => r.statusCode === 200)!.json();
      const loser = results.find((r) => r.statusCode === 409)!.json();
      expect([
        'This submission is already "Offer Ready".',
        'This submission was changed by someone else. Reload and try again.',
      ]).toContain(loser.message);
      const row = await load(id);
      // The stored row is entirely the winner's.
      expect([row.finalOffer, row.actualWeight, row.adminNotes, row.version]).toEqual([
        winner.finalOffer === '111.00' ? 111_00 : 222_00,
        winner.finalOffer === '111.00' ? '1.0000' : '2.0000',
        winner.finalOffer === '111.00' ? 'from A' : 'from B',
        2,
      ]);
      expect(await auditOf(id)).toHaveLength(1);
      expect(await notificationsOf(id)).toHaveLength(1);
    }
  });

  it('edits notes alone on any status, audited without the text and without telling the client', async () => {
    const id = await make({ status: 'completed', finalOffer: '700.00' });
    const res = await put(id, { adminNotes: 'paid by check 1042' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'completed', adminNotes: 'paid by check 1042', version: 2 });
    const audit = await auditOf(id);
    expect(audit.map((a) => [a.action, a.fromStatus, a.toStatus, a.changes])).toEqual([
      ['notes_updated', null, null, { notesEdited: true }],
    ]);
    expect(await notificationsOf(id)).toEqual([]);
    // Empty notes clear them.
    expect((await put(id, { adminNotes: '   ' })).json().adminNotes).toBeNull();
    expect((await put(id, { adminNotes: null })).json().adminNotes).toBeNull();
  });

  it('moves to appraising or returning like the buttons do, and refuses completed and new', async () => {
    const received = await make();
    const res = await put(received, { status: 'appraising', adminNotes: 'box arrived sealed' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'appraising', adminNotes: 'box arrived sealed' });
    const row = await load(received);
    expect(row.guaranteeDeadline.getTime() - row.receivedAt!.getTime()).toBe(48 * 3_600_000);
    expect((await auditOf(received)).map((a) => a.action)).toEqual(['received']);

    const returned = await make({ status: 'appraising' });
    expect((await put(returned, { status: 'returning' })).json().status).toBe('returning');
    expect((await notificationsOf(returned)).map((n) => n.kind)).toEqual(['item_returned']);

    const offered = await make({ status: 'offered', finalOffer: '10.00' });
    const completed = await put(offered, { status: 'completed' });
    expect(completed.statusCode).toBe(409);
    expect(completed.json().message).toBe(
      'A submission is completed when the client accepts the offer and the payout is recorded.',
    );
    const back = await put(offered, { status: 'new' });
    expect(back.statusCode).toBe(409);
    expect(back.json().message).toBe('A submission that is "Offer Ready" cannot be moved to "New".');
    expect((await load(offered)).version).toBe(1);
  });
});
