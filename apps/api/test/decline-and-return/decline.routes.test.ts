import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuditAction, shortId } from '@assay/domain';
import { isSampleTrackingNumber } from '../../src/adapters/carriers/sample-carrier.ts';
import { buildSubmission, type SubmissionSpec } from '../../src/db/factories.ts';
import { auditLog, notifications, outbox, shippingLabels, submissions } from '../../src/db/schema/index.ts';
import { decodeBarcode, readPdf } from '../support/shipping-pdf-reader.ts';
import { HOME_ADDRESS, saveAddress } from '../support/addresses.ts';
import { signUp } from '../support/sessions.ts';
import { ADMIN_EMAIL, createTestApp, engines, type TestApp } from '../support/test-app.ts';
import { openLabelAddresses } from '../../src/modules/shipping-labels/label-addresses.ts';

const HOME = HOME_ADDRESS;

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

// Jewelry, 12.5 g: preliminary quote $450-$675, estimate midpoint $562.50; 80% of it is $450.00.
const FREE_RETURN_OFFER = '450.00';
const JUST_ABOVE_FREE_RETURN = '450.01';

describe.each(engines)('declining an offer on %s', (engine) => {
  let t: TestApp;
  let client: Awaited<ReturnType<typeof signUp>>;
  let other: Awaited<ReturnType<typeof signUp>>;
  let admin: Awaited<ReturnType<typeof signUp>>;

  beforeAll(async () => {
    t = await createTestApp(engine);
    client = await signUp(t.app, { firstName: 'Casey', lastName: 'Client' });
    other = await signUp(t.app);
    admin = await signUp(t.app, { email: ADMIN_EMAIL });
    for (const who of [client, other]) {
      expect((await saveAddress(t.app, who.cookie)).statusCode).toBe(200);
    }
  });
  afterAll(() => t.close());

  async function submission(spec: Omit<SubmissionSpec, 'userId'> & { userId?: string } = {}) {
    const row = buildSubmission({ userId: client.id, status: 'offered', finalOffer: FREE_RETURN_OFFER, ...spec });
    await t.db.insert(submissions).values(row);
    return row;
  }

  function decline(cookie: string | undefined, id: string, payload?: object) {
    return t.app.inject({
      method: 'POST',
      url: `/api/submissions/${id}/decline`,
      headers: cookie ? { cookie } : {},
      ...(payload ? { payload } : {}),
    });
  }

  async function statusOf(id: string) {
    return (await t.db.select({ status: submissions.status }).from(submissions).where(eq(submissions.id, id)))[0]!.status;
  }

  async function returnLabels(id: string) {
    return t.db
      .select()
      .from(shippingLabels)
      .where(and(eq(shippingLabels.submissionId, id), eq(shippingLabels.direction, 'return')));
  }

  async function auditCount(id: string, action: AuditAction) {
    const [row] = await t.db
      .select({ n: count() })
      .from(auditLog)
      .where(and(eq(auditLog.entityId, id), eq(auditLog.action, action)));
    return row!.n;
  }

  async function notificationCount(id: string, kind: string) {
    const [row] = await t.db
      .select({ n: count() })
      .from(notifications)
      .where(and(eq(notifications.submissionId, id), eq(notifications.kind, kind)));
    return row!.n;
  }

  it('returns the item with free return shipping when the offer is 20% below the estimate, and makes the return label', async () => {
    const sub = await submission({ finalOffer: FREE_RETURN_OFFER });
    const res = await decline(client.cookie, sub.id);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.freeReturn).toBe(true);
    expect(body.submission).toMatchObject({
      id: sub.id,
      userId: client.id,
      status: 'returning',
      finalOffer: '450.00',
      preliminaryQuoteMax: '675.00',
    });
    expect(body.submission).not.toHaveProperty('adminNotes');
    expect(body.returnLabel).toEqual({
      id: expect.any(String),
      submissionId: sub.id,
      direction: 'return',
      trackingNumber: expect.stringMatching(/^ASY\d{13}$/),
      carrier: 'Assay Sample',
      validForPostage: false,
      insuredValue: '675.00',
      freeReturn: true,
      createdAt: expect.stringMatching(ISO),
    });
    expect(isSampleTrackingNumber(body.returnLabel.trackingNumber)).toBe(true);
    expect(await statusOf(sub.id)).toBe('returning');
    // The seller's card shows where the parcel is while it comes back (DECISIONS "Returning").
    expect(body.submission.returnTrackingNumber).toBe(body.returnLabel.trackingNumber);

    const [label] = await returnLabels(sub.id);
    expect(label).toMatchObject({ userId: client.id, freeReturn: 'yes' });
    // Street lines and phone are sealed at rest (decision 028); opened, they are the label's.
    expect(JSON.stringify(label)).not.toContain(HOME.line1);
    expect(openLabelAddresses(t.app.ctx.keys.decryptionKeys, label!)).toEqual({
      // The business's block carries its legal name (the example one here).
      sender: expect.objectContaining({ name: 'Example Assay Buyers LLC (example)', line1: '100 Assay Way' }),
      receiver: HOME,
    });

    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, sub.id), eq(auditLog.action, 'offer_declined')));
    expect(audit).toMatchObject({
      actorId: client.id,
      entityType: 'submission',
      fromStatus: 'offered',
      toStatus: 'returning',
      changes: {
        freeReturn: true,
        returnLabelId: body.returnLabel.id,
        trackingNumber: body.returnLabel.trackingNumber,
        carrier: 'Assay Sample',
        insuredValue: '675.00',
      },
    });

    const [note] = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.submissionId, sub.id), eq(notifications.kind, 'item_returned')));
    expect(note).toMatchObject({ userId: client.id, title: 'Your item is on its way back' });
    expect(note!.body).toContain(`Tracking number: ${body.returnLabel.trackingNumber}.`);
    const mails = await t.db.select().from(outbox).where(eq(outbox.toAddress, client.email));
    expect(mails.filter((m) => m.textBody.includes(body.returnLabel.trackingNumber))).toHaveLength(1);
  });

  it('prints the return label from Assay to the client, saying the return shipping is prepaid, with a readable barcode', async () => {
    const sub = await submission({ finalOffer: FREE_RETURN_OFFER });
    const { returnLabel } = (await decline(client.cookie, sub.id)).json();
    for (const cookie of [client.cookie, admin.cookie]) {
      const res = await t.app.inject({ url: `/api/shipping/labels/${returnLabel.id}/pdf`, headers: { cookie } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-disposition']).toBe(`attachment; filename="shipping-label-${returnLabel.trackingNumber}.pdf"`);
    }
    const res = await t.app.inject({ url: `/api/shipping/labels/${returnLabel.id}/pdf`, headers: { cookie: admin.cookie } });
    const pdf = await readPdf(res.rawPayload);
    // Page 2 is the packing slip (with the insured value, never on the outside label).
    expect([pdf.pages, pdf.width, pdf.height]).toEqual([2, 288, 432]);
    expect(pdf.lines).toEqual([
      'Assay Sample',
      'RETURN',
      'NOT VALID FOR POSTAGE — SAMPLE LABEL',
      'FROM:',
      'Example Assay Buyers LLC (example)',
      '100 Assay Way',
      'Suite 200',
      'Wilmington, DE 19801',
      'SHIP TO:',
      'CASEY CLIENT',
      '12 MAIN STREET',
      'APT 4B',
      'SPRINGFIELD, IL 62701',
      '(217) 555-0134',
      returnLabel.trackingNumber,
      `Submission #${shortId(sub.id)}`,
      'Carrier: Assay Sample',
      `Created ${returnLabel.createdAt.slice(0, 10)}`,
      'FREE RETURN SHIPPING — prepaid by Assay',
    ]);
    expect(await decodeBarcode(res.rawPayload)).toBe(returnLabel.trackingNumber);

    const byOther = await t.app.inject({ url: `/api/shipping/labels/${returnLabel.id}/pdf`, headers: { cookie: other.cookie } });
    expect(byOther.statusCode).toBe(404);
  });

  it('states the terms instead when the offer is less than 20% below the estimate', async () => {
    const sub = await submission({ finalOffer: JUST_ABOVE_FREE_RETURN });
    const res = await decline(client.cookie, sub.id, {});
    expect(res.statusCode).toBe(200);
    expect(res.json().freeReturn).toBe(false);
    expect(res.json().returnLabel).toMatchObject({ freeReturn: false, insuredValue: '675.00' });
    const pdf = await readPdf(
      (await t.app.inject({ url: `/api/shipping/labels/${res.json().returnLabel.id}/pdf`, headers: { cookie: client.cookie } }))
        .rawPayload,
    );
    expect(pdf.lines.at(-1)).toBe('Return shipping billed per our terms');
    expect(pdf.text).not.toContain('FREE RETURN');
    const [note] = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.submissionId, sub.id), eq(notifications.kind, 'item_returned')));
    expect(note!.userId).toBe(client.id);
  });

  it('insures the return for the offer when it is above the quote maximum', async () => {
    const sub = await submission({ finalOffer: '700.00' });
    const res = await decline(client.cookie, sub.id);
    expect(res.json()).toMatchObject({ freeReturn: false, returnLabel: { insuredValue: '700.00' } });
  });

  it('insures the return by the inbound rule: the declared worth (the melt value above the quote), capped by the limit', async () => {
    // Issue 27 item 1: a named metal worth more than the quote's top came in insured for that worth.
    const declared = async (declaredValue: number) => {
      const row = await submission();
      await t.db.update(submissions).set({ declaredValue }).where(eq(submissions.id, row.id!));
      return row.id!;
    };
    expect((await decline(client.cookie, await declared(1_900_00))).json().returnLabel.insuredValue).toBe('1900.00');
    expect((await decline(client.cookie, await declared(2_645_000))).json().returnLabel.insuredValue).toBe('25000.00');
  });

  it('never declares more than the insured limit the insurer covers (INSURED_LIMIT, $25,000 by default)', async () => {
    const sub = await submission({ finalOffer: '80000.00' });
    const res = await decline(client.cookie, sub.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().returnLabel.insuredValue).toBe('25000.00');
  });

  it('leaves the client\'s own printed label as "latest": the return label is for Assay to print', async () => {
    const fresh = await signUp(t.app);
    await saveAddress(t.app, fresh.cookie);
    const sub = await submission({ userId: fresh.id, status: 'new' });
    const inbound = (
      await t.app.inject({
        method: 'POST',
        url: '/api/shipping/labels',
        headers: { cookie: fresh.cookie },
        payload: { submissionId: sub.id },
      })
    ).json();
    await t.db.update(submissions).set({ status: 'offered', finalOffer: 500_00 }).where(eq(submissions.id, sub.id));
    expect((await decline(fresh.cookie, sub.id)).statusCode).toBe(200);
    const latest = await t.app.inject({ url: '/api/shipping/labels/latest', headers: { cookie: fresh.cookie } });
    expect(latest.json().id).toBe(inbound.id);
  });

  it('refuses a submission without a ready offer (409) and changes nothing', async () => {
    for (const [status, message] of [
      ['new', 'Only an offer that is ready can be declined; this submission is "New".'],
      ['appraising', 'Only an offer that is ready can be declined; this submission is "Appraising".'],
      ['completed', 'This offer was already accepted and paid, so it can no longer be declined.'],
      ['returning', 'You have already declined this offer; your item is on its way back.'],
      ['returned', 'You have already declined this offer; your item was delivered back to you.'],
    ] as const) {
      const sub = await submission({
        status,
        finalOffer: status === 'completed' || status === 'returning' || status === 'returned' ? '500.00' : undefined,
      });
      const res = await decline(client.cookie, sub.id);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ error: 'CONFLICT', message });
      expect(await statusOf(sub.id)).toBe(status);
      expect(await returnLabels(sub.id)).toHaveLength(0);
    }
  });

  it('asks for the address before declining (409 ADDRESS_REQUIRED), leaving the offer open', async () => {
    const newcomer = await signUp(t.app);
    const sub = await submission({ userId: newcomer.id });
    const res = await decline(newcomer.cookie, sub.id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      statusCode: 409,
      error: 'ADDRESS_REQUIRED',
      message: 'Please add your shipping address first.',
    });
    expect(await statusOf(sub.id)).toBe('offered');
    expect(await returnLabels(sub.id)).toHaveLength(0);
    expect(await auditCount(sub.id, 'offer_declined')).toBe(0);
  });

  it("answers 404 for another client's submission or an unknown id, 403 to an appraiser, 401 to visitors", async () => {
    const theirs = await submission({ userId: other.id });
    const byClient = await decline(client.cookie, theirs.id);
    expect(byClient.statusCode).toBe(404);
    expect(byClient.json().message).toBe('Submission was not found.');
    const unknown = await decline(client.cookie, crypto.randomUUID());
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Submission was not found.');
    const byAdmin = await decline(admin.cookie, theirs.id);
    expect(byAdmin.statusCode).toBe(403);
    expect(byAdmin.json().message).toBe('Only the client who owns this submission can decline its offer.');
    const visitor = await decline(undefined, theirs.id);
    expect(visitor.statusCode).toBe(401);
    expect(await statusOf(theirs.id)).toBe('offered');
  });

  it('lets exactly one of several simultaneous declines win', async () => {
    const sub = await submission();
    const answers = await Promise.all(Array.from({ length: 5 }, () => decline(client.cookie, sub.id)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    for (const loser of answers.filter((a) => a.statusCode === 409)) {
      expect(loser.json().message).toBe('You have already declined this offer; your item is on its way back.');
    }
    expect(await returnLabels(sub.id)).toHaveLength(1);
    expect(await auditCount(sub.id, 'offer_declined')).toBe(1);
    expect(await notificationCount(sub.id, 'item_returned')).toBe(1);
  });

  it('never lets a decline and a payout both win', async () => {
    for (let round = 0; round < 3; round += 1) {
      const sub = await submission();
      // The payout's own guard: offered -> completed only while still offered.
      const payout = t.db
        .update(submissions)
        .set({ status: 'completed' })
        .where(and(eq(submissions.id, sub.id), eq(submissions.status, 'offered')))
        .returning({ id: submissions.id });
      const [declined, paid] = await Promise.all([decline(client.cookie, sub.id), payout]);
      const declineWon = declined.statusCode === 200;
      const payoutWon = paid.length === 1;
      expect(declineWon !== payoutWon).toBe(true);
      expect(await statusOf(sub.id)).toBe(declineWon ? 'returning' : 'completed');
      expect(await returnLabels(sub.id)).toHaveLength(declineWon ? 1 : 0);
      if (!declineWon)
        expect(declined.json().message).toBe('This offer was already accepted and paid, so it can no longer be declined.');
    }
  });
});
