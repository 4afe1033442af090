import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuditAction, type ShippingAddressInput, shortId } from '@assay/domain';
import type { CarrierAdapter } from '../../src/adapters/carriers/carrier.ts';
import { isSampleTrackingNumber } from '../../src/adapters/carriers/sample-carrier.ts';
import { ConfigError, loadConfig } from '../../src/config/index.ts';
import { buildSubmission, type SubmissionSpec } from '../../src/db/factories.ts';
import { auditLog, shippingLabels, submissions } from '../../src/db/schema/index.ts';
import { createLabelInTransaction } from '../../src/modules/shipping-labels/index.ts';
import { decodeBarcode, readPdf } from '../support/shipping-pdf-reader.ts';
import { HOME_ADDRESS, saveAddress } from '../support/addresses.ts';
import { signUp } from '../support/sessions.ts';
import { ADMIN_EMAIL, createTestApp, engines, type TestApp } from '../support/test-app.ts';
import { openLabelAddresses } from '../../src/modules/shipping-labels/label-addresses.ts';

// The phone as a person types it; the stored label shows the normalised one.
const HOME: ShippingAddressInput = { ...HOME_ADDRESS, phone: '217-555-0134' };

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describe.each(engines)('shipping labels on %s', (engine) => {
  let t: TestApp;
  let client: Awaited<ReturnType<typeof signUp>>;
  let other: Awaited<ReturnType<typeof signUp>>;
  let admin: Awaited<ReturnType<typeof signUp>>;

  beforeAll(async () => {
    t = await createTestApp(engine);
    client = await signUp(t.app, { firstName: 'Casey', lastName: 'Client' });
    other = await signUp(t.app, { firstName: 'Olive', lastName: 'Other' });
    admin = await signUp(t.app, { email: ADMIN_EMAIL, firstName: 'Ada', lastName: 'Appraiser' });
    for (const who of [client, other]) {
      const res = await saveAddress(t.app, who.cookie, HOME);
      expect(res.statusCode).toBe(200);
    }
  });
  afterAll(() => t.close());

  async function submission(spec: Omit<SubmissionSpec, 'userId'> & { userId?: string } = {}) {
    const row = buildSubmission({ userId: client.id, ...spec });
    await t.db.insert(submissions).values(row);
    return row;
  }

  function createLabel(cookie: string | undefined, payload: unknown) {
    return t.app.inject({
      method: 'POST',
      url: '/api/shipping/labels',
      headers: cookie ? { cookie } : {},
      payload: payload as object,
    });
  }

  async function labelRows(submissionId: string) {
    return t.db.select().from(shippingLabels).where(eq(shippingLabels.submissionId, submissionId));
  }

  async function auditCount(submissionId: string, action: AuditAction) {
    const [row] = await t.db
      .select({ n: count() })
      .from(auditLog)
      .where(and(eq(auditLog.entityId, submissionId), eq(auditLog.action, action)));
    return row!.n;
  }

  describe('POST /api/shipping/labels', () => {
    it('creates the inbound label of a new submission (201), insured for the quote maximum, and audits it', async () => {
      const sub = await submission(); // jewelry, 12.5 g: preliminary quote $450-$675
      const res = await createLabel(client.cookie, { submissionId: sub.id });
      expect(res.statusCode).toBe(201);
      const label = res.json();
      expect(label).toEqual({
        id: expect.any(String),
        submissionId: sub.id,
        direction: 'inbound',
        trackingNumber: expect.stringMatching(/^ASY\d{13}$/),
        carrier: 'Assay Sample',
        validForPostage: false,
        insuredValue: '675.00',
        freeReturn: null,
        createdAt: expect.stringMatching(ISO),
      });
      expect(isSampleTrackingNumber(label.trackingNumber)).toBe(true);

      const [row] = await labelRows(sub.id);
      expect(row).toMatchObject({ id: label.id, userId: client.id, validForPostage: 'no', insuredValue: 675_00 });
      // At rest the street lines and phone are sealed (decision 028); opened, they are the label's.
      expect(row!.sender).toEqual({ name: HOME.name, city: HOME.city, state: HOME.state, postalCode: HOME.postalCode });
      expect(JSON.stringify(row)).not.toContain(HOME.line1);
      const opened = openLabelAddresses(t.app.ctx.keys.decryptionKeys, row!);
      expect(opened.sender).toEqual({ ...HOME, phone: '(217) 555-0134' });
      expect(opened.receiver).toEqual({
        // RECEIVING_ADDRESS under the business's legal name (the example one in tests).
        name: 'Example Assay Buyers LLC (example)',
        line1: '100 Assay Way',
        line2: 'Suite 200',
        city: 'Wilmington',
        state: 'DE',
        postalCode: '19801',
        phone: null,
      });
      const [audit] = await t.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityId, sub.id), eq(auditLog.action, 'label_created')));
      expect(audit).toMatchObject({
        actorId: client.id,
        entityType: 'submission',
        changes: {
          labelId: label.id,
          direction: 'inbound',
          trackingNumber: label.trackingNumber,
          carrier: 'Assay Sample',
          insuredValue: '675.00',
        },
      });
    });

    it('answers the same label (200) when asked again, without a second audit entry', async () => {
      const sub = await submission({ status: 'appraising' });
      const first = await createLabel(client.cookie, { submissionId: sub.id });
      const again = await createLabel(client.cookie, { submissionId: ` ${sub.id} ` });
      expect(first.statusCode).toBe(201);
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual(first.json());
      expect(await labelRows(sub.id)).toHaveLength(1);
      expect(await auditCount(sub.id, 'label_created')).toBe(1);
    });

    it('insures for the final offer when it is above the quote maximum', async () => {
      // An offered submission cannot get a new label, but one labelled before keeps its value;
      // so check the rule on an appraising submission that already carries a higher offer.
      const row = { ...buildSubmission({ userId: client.id, status: 'appraising' }), finalOffer: 812_34 };
      await t.db.insert(submissions).values(row);
      const res = await createLabel(client.cookie, { submissionId: row.id });
      expect(res.statusCode).toBe(201);
      expect(res.json().insuredValue).toBe('812.34');
    });

    it('refuses to print a label insured for nothing (409) when the submission has no estimate', async () => {
      const row = { ...buildSubmission({ userId: client.id }), preliminaryQuoteMin: null, preliminaryQuoteMax: null };
      await t.db.insert(submissions).values(row);
      const res = await createLabel(client.cookie, { submissionId: row.id });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(
        'We cannot insure this parcel yet because the submission has no estimate. Please contact support and we will send you a label.',
      );
      expect(await labelRows(row.id)).toHaveLength(0);
    });

    it('makes exactly one label when several requests race', async () => {
      const sub = await submission();
      const answers = await Promise.all(Array.from({ length: 5 }, () => createLabel(client.cookie, { submissionId: sub.id })));
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 200, 200, 201]);
      const ids = new Set(answers.map((a) => a.json().id));
      const tracking = new Set(answers.map((a) => a.json().trackingNumber));
      expect(ids.size).toBe(1);
      expect(tracking.size).toBe(1);
      expect(await labelRows(sub.id)).toHaveLength(1);
      expect(await auditCount(sub.id, 'label_created')).toBe(1);
    });

    it('refuses submissions that are not waiting to be sent (409), with the status in words', async () => {
      for (const [status, badge] of [
        ['offered', 'Offer Ready'],
        ['completed', 'Completed'],
        ['returned', 'Returned'],
      ] as const) {
        const sub = await submission({ status, finalOffer: '500.00' });
        const res = await createLabel(client.cookie, { submissionId: sub.id });
        expect(res.statusCode).toBe(409);
        expect(res.json()).toMatchObject({
          error: 'CONFLICT',
          message: `Shipping labels are for submissions waiting to be sent to us (New or Appraising); this one is "${badge}".`,
        });
        expect(await labelRows(sub.id)).toHaveLength(0);
      }
    });

    it('asks for the address first (409 ADDRESS_REQUIRED) and makes the label once it is given', async () => {
      const newcomer = await signUp(t.app);
      const sub = await submission({ userId: newcomer.id });
      const res = await createLabel(newcomer.cookie, { submissionId: sub.id });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        statusCode: 409,
        error: 'ADDRESS_REQUIRED',
        message: 'Please add your shipping address first.',
      });
      expect(await labelRows(sub.id)).toHaveLength(0);

      await saveAddress(t.app, newcomer.cookie, { ...HOME, name: 'New Comer' });
      const retry = await createLabel(newcomer.cookie, { submissionId: sub.id });
      expect(retry.statusCode).toBe(201);
      expect((await labelRows(sub.id))[0]!.sender).toMatchObject({ name: 'New Comer' });
    });

    it("answers 404 for another client's submission and for an unknown one, and 403 to an appraiser", async () => {
      const theirs = await submission({ userId: other.id });
      const res = await createLabel(client.cookie, { submissionId: theirs.id });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Submission was not found.');
      const unknown = await createLabel(client.cookie, { submissionId: crypto.randomUUID() });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().message).toBe('Submission was not found.');
      const byAdmin = await createLabel(admin.cookie, { submissionId: theirs.id });
      expect(byAdmin.statusCode).toBe(403);
      expect(byAdmin.json().message).toBe('Only the client who sends the item can create its shipping label.');
      expect(await labelRows(theirs.id)).toHaveLength(0);
    });

    it('refuses visitors (401) and bad bodies (400) with a sentence', async () => {
      const sub = await submission();
      const visitor = await createLabel(undefined, { submissionId: sub.id });
      expect(visitor.statusCode).toBe(401);
      expect(visitor.json().message).toBe('Please sign in to continue.');
      const visitorBadBody = await createLabel(undefined, { nonsense: true });
      expect(visitorBadBody.statusCode).toBe(401);

      const missing = await createLabel(client.cookie, {});
      expect(missing.statusCode).toBe(400);
      expect(missing.json().message).toBe('Invalid body: submissionId: Please say which submission this is about.');
      const wrongType = await createLabel(client.cookie, { submissionId: 42 });
      expect(wrongType.statusCode).toBe(400);
      expect(wrongType.json().message).toBe('Invalid body: submissionId: Please say which submission this is about.');
      const tooLong = await createLabel(client.cookie, { submissionId: 'x'.repeat(129) });
      expect(tooLong.statusCode).toBe(400);
      expect(tooLong.json().message).toBe('Invalid body: submissionId: That submission id is too long to be valid.');
      expect(await labelRows(sub.id)).toHaveLength(0);
    });
  });

  describe('tracking numbers', () => {
    function carrierAnswering(...numbers: string[]): CarrierAdapter & { calls: number } {
      const carrier = {
        provider: 'stub',
        calls: 0,
        async createLabel() {
          const trackingNumber = numbers[Math.min(carrier.calls, numbers.length - 1)]!;
          carrier.calls += 1;
          return { carrier: 'Stub', trackingNumber, validForPostage: false };
        },
      };
      return carrier;
    }
    const address = { name: 'A', line1: 'B', line2: null, city: 'C', state: 'DE', postalCode: '19801', phone: null };
    const stored = async (id: string) => (await t.db.select().from(submissions).where(eq(submissions.id, id)))[0]!;

    it('asks the carrier again when a tracking number is already taken, keeping the transaction', async () => {
      const taken = (await createLabel(client.cookie, { submissionId: (await submission()).id })).json().trackingNumber;
      const sub = await submission();
      const carrier = carrierAnswering(taken, `FRESH${sub.id.slice(0, 8)}`);
      const submissionRow = await stored(sub.id);
      const row = await t.db.transaction((tx) =>
        createLabelInTransaction(tx, carrier, t.app.ctx.keys.encryptionKey, {
          direction: 'inbound',
          submission: submissionRow,
          sender: address,
          receiver: address,
          insuredValueCents: 100,
          freeReturn: null,
        }),
      );
      expect(carrier.calls).toBe(2);
      expect(row).toMatchObject({ submissionId: sub.id, trackingNumber: `FRESH${sub.id.slice(0, 8)}`, insuredValue: 1_00 });
      expect(await labelRows(sub.id)).toHaveLength(1);
    });

    it('gives up after three taken numbers instead of looping', async () => {
      const taken = (await createLabel(client.cookie, { submissionId: (await submission()).id })).json().trackingNumber;
      const sub = await submission();
      const carrier = carrierAnswering(taken);
      const submissionRow = await stored(sub.id);
      await expect(
        t.db.transaction((tx) =>
          createLabelInTransaction(tx, carrier, t.app.ctx.keys.encryptionKey, {
            direction: 'inbound',
            submission: submissionRow,
            sender: address,
            receiver: address,
            insuredValueCents: 100,
            freeReturn: null,
          }),
        ),
      ).rejects.toThrow();
      expect(carrier.calls).toBe(3);
      expect(await labelRows(sub.id)).toHaveLength(0);
    });
  });

  describe('GET /api/shipping/labels/latest', () => {
    it('answers 404 "No label available" before any label, then the most recent inbound label of the caller only', async () => {
      const fresh = await signUp(t.app);
      await saveAddress(t.app, fresh.cookie, HOME);
      const none = await t.app.inject({ url: '/api/shipping/labels/latest', headers: { cookie: fresh.cookie } });
      expect(none.statusCode).toBe(404);
      expect(none.json()).toEqual({ statusCode: 404, error: 'NOT_FOUND', message: 'No label available' });

      const older = await submission({ userId: fresh.id, createdAt: new Date(Date.now() - 60_000) });
      const newer = await submission({ userId: fresh.id });
      const first = await createLabel(fresh.cookie, { submissionId: newer.id });
      await new Promise((r) => setTimeout(r, 5));
      const second = await createLabel(fresh.cookie, { submissionId: older.id });
      const latest = await t.app.inject({ url: '/api/shipping/labels/latest', headers: { cookie: fresh.cookie } });
      expect(latest.statusCode).toBe(200);
      expect(latest.json()).toEqual(second.json());
      expect(latest.json().id).not.toBe(first.json().id);

      // Someone else's newer label is never answered.
      await createLabel(client.cookie, { submissionId: (await submission()).id });
      const stillMine = await t.app.inject({ url: '/api/shipping/labels/latest', headers: { cookie: fresh.cookie } });
      expect(stillMine.json().id).toBe(second.json().id);
    });

    it('refuses visitors', async () => {
      const res = await t.app.inject({ url: '/api/shipping/labels/latest' });
      expect(res.statusCode).toBe(401);
    });
  });

  describe('GET /api/shipping/labels/:id/pdf', () => {
    it('downloads a 4x6 PDF with both addresses, the short id, insured value, carrier, sample marking and a readable barcode', async () => {
      const sub = await submission();
      const label = (await createLabel(client.cookie, { submissionId: sub.id })).json();
      const res = await t.app.inject({ url: `/api/shipping/labels/${label.id}/pdf`, headers: { cookie: client.cookie } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toBe(`attachment; filename="shipping-label-${label.trackingNumber}.pdf"`);
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

      const pdf = await readPdf(res.rawPayload);
      expect(pdf.pages).toBe(2);
      expect(pdf.width).toBe(288);
      expect(pdf.height).toBe(432);
      expect(pdf.lines).toEqual([
        'Assay Sample',
        'INBOUND',
        'NOT VALID FOR POSTAGE — SAMPLE LABEL',
        'FROM:',
        'Casey Client',
        '12 Main Street',
        'Apt 4B',
        'Springfield, IL 62701',
        '(217) 555-0134',
        'SHIP TO:',
        'EXAMPLE ASSAY BUYERS LLC (EXAMPLE)',
        '100 ASSAY WAY',
        'SUITE 200',
        'WILMINGTON, DE 19801',
        label.trackingNumber,
        `Submission #${shortId(sub.id)}`,
        'Carrier: Assay Sample',
        `Created ${label.createdAt.slice(0, 10)}`,
      ]);
      expect(await decodeBarcode(res.rawPayload)).toBe(label.trackingNumber);
    });

    it('is for the owner and appraisers only: 404 to other clients and unknown ids, 401 to visitors', async () => {
      const sub = await submission();
      const label = (await createLabel(client.cookie, { submissionId: sub.id })).json();
      const url = `/api/shipping/labels/${label.id}/pdf`;

      const byAdmin = await t.app.inject({ url, headers: { cookie: admin.cookie } });
      expect(byAdmin.statusCode).toBe(200);
      expect(byAdmin.headers['content-type']).toBe('application/pdf');

      const byOther = await t.app.inject({ url, headers: { cookie: other.cookie } });
      expect(byOther.statusCode).toBe(404);
      expect(byOther.json().message).toBe('Label was not found.');
      const unknown = await t.app.inject({
        url: `/api/shipping/labels/${crypto.randomUUID()}/pdf`,
        headers: { cookie: client.cookie },
      });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().message).toBe('Label was not found.');
      const visitor = await t.app.inject({ url });
      expect(visitor.statusCode).toBe(401);
      // Fastify itself refuses path parameters over 100 characters.
      const tooLong = await t.app.inject({
        url: `/api/shipping/labels/${'x'.repeat(200)}/pdf`,
        headers: { cookie: client.cookie },
      });
      expect(tooLong.statusCode).toBe(414);
    });
  });
});

describe('RECEIVING_ADDRESS', () => {
  it('is read into label fields, and refused at start when it would not print as an address', () => {
    // Under the business's legal name: the label names who the seller deals with.
    expect(
      loadConfig({
        RECEIVING_ADDRESS: 'Assay Vault, 1 Gold St, New York, NY 10001-2345',
        BUSINESS_LEGAL_NAME: 'Assay Buyers LLC',
      }).receivingLabelAddress,
    ).toEqual({
      name: 'Assay Buyers LLC',
      line1: '1 Gold St',
      line2: null,
      city: 'New York',
      state: 'NY',
      postalCode: '10001-2345',
      phone: null,
    });
    expect(() => loadConfig({ RECEIVING_ADDRESS: 'Assay, somewhere in Delaware' })).toThrow(ConfigError);
    expect(() => loadConfig({ RECEIVING_ADDRESS: 'Assay, somewhere in Delaware' })).toThrow(
      'RECEIVING_ADDRESS: RECEIVING_ADDRESS must read "Name, Street, [Suite,] City, ST 12345" (a US address, no other commas)',
    );
    expect(() => loadConfig({ CARRIER: 'fedex' })).toThrow(/CARRIER/);
  });
});
