// GET/POST /api/kyc and the appraiser's review (DECISIONS "requiresKyc").
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, kycRecords, notifications, outbox } from '../../src/db/schema/index.ts';
import { decryptField } from '../../src/lib/crypto.ts';
import { personalDataContext } from '../../src/lib/personal-data.ts';
import { idNumberContext, isIdentityVerified, reviewKyc } from '../../src/modules/compliance/kyc/kyc.service.ts';
import { currentUser, insertImage, postJson, signUpAdmin, tableText } from '../support/payouts.fixtures.ts';
import { signUp } from '../support/sessions.ts';
import { createTestApp, engines, type TestApp } from '../support/test-app.ts';

const KEY = 'a'.repeat(64);
const ID_NUMBER = 'D1234-5678-90';

describe.each(engines)('identity verification on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());

  const getStatus = (cookie?: string) => t.app.inject({ url: '/api/kyc', headers: cookie ? { cookie } : {} });
  const send = (payload: unknown, cookie?: string) => postJson(t.app, '/api/kyc', payload, cookie);
  const details = (idImageId: string) => ({
    fullName: 'Ada Lovelace',
    dateOfBirth: '1990-12-10',
    idType: 'drivers_license',
    idNumber: ID_NUMBER,
    idIssuer: 'FL',
    idImageId,
  });
  const recordsOf = (userId: string) => t.db.select().from(kycRecords).where(eq(kycRecords.userId, userId));

  it('starts at "none", stores a pending record with the ID number encrypted, and tells the appraisers', async () => {
    const admin = await signUpAdmin(t.app, t.db);
    const client = await signUp(t.app);
    expect((await getStatus(client.cookie)).json()).toEqual({ status: 'none', submittedAt: null, rejectionReason: null });

    const imageId = await insertImage(t.db, client.id);
    const res = await send(details(`/api/objects/${imageId}`), client.cookie);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ status: 'pending' });

    const status = (await getStatus(client.cookie)).json();
    expect(status).toEqual({ status: 'pending', submittedAt: expect.any(String), rejectionReason: null });
    expect(Math.abs(Date.parse(status.submittedAt) - Date.now())).toBeLessThan(60_000);

    const [record] = await recordsOf(client.id);
    expect(record).toMatchObject({
      status: 'pending',
      fullName: 'Ada Lovelace',
      plaintextDateOfBirth: null,
      idType: 'drivers_license',
      idNumberLast4: '7890',
      idIssuer: 'FL',
      idImageKey: imageId,
      reviewedBy: null,
    });
    expect(record!.encryptedIdNumber).toMatch(/^v1:/);
    expect(decryptField(KEY, record!.encryptedIdNumber, idNumberContext(record!.id))).toBe('D1234567890');
    // The date of birth is sealed too (decision 028), bound to its record.
    expect(decryptField(KEY, record!.encryptedDateOfBirth!, personalDataContext.dateOfBirth(record!.id))).toBe('1990-12-10');
    const stored = await tableText(t.db, 'kyc_records', ['encrypted_id_number', 'encrypted_date_of_birth']);
    expect(stored).not.toContain('D1234567890');
    expect(stored).not.toContain('1234567890');
    expect(stored).not.toContain('1990-12-10');

    const [audit] = await t.db.select().from(auditLog).where(eq(auditLog.entityId, record!.id));
    expect(audit).toMatchObject({
      actorId: client.id,
      entityType: 'kyc',
      action: 'kyc_submitted',
      fromStatus: null,
      toStatus: 'pending',
    });
    const [note] = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, admin.id), eq(notifications.kind, 'kyc_submitted')));
    expect(note).toMatchObject({
      title: 'Identity verification to review',
      body: `Customer #${client.id.slice(-4)} sent their ID details and a photo of their ID for review.`,
    });
    expect(
      await t.db
        .select()
        .from(outbox)
        .where(and(eq(outbox.toAddress, admin.email), eq(outbox.subject, 'Identity verification to review'))),
    ).toHaveLength(1);
  });

  it('keeps one pending record at a time, even when five requests race', async () => {
    const client = await signUp(t.app);
    const imageId = await insertImage(t.db, client.id);
    const results = await Promise.all(Array.from({ length: 5 }, () => send(details(imageId), client.cookie)));
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409, 409]);
    for (const r of results.filter((x) => x.statusCode === 409)) {
      expect(r.json()).toMatchObject({ error: 'CONFLICT', message: 'Your identity verification is already being reviewed.' });
    }
    expect(await recordsOf(client.id)).toHaveLength(1);
  });

  it('an approval verifies the identity and tells the client; afterwards nothing more is asked', async () => {
    const admin = await signUpAdmin(t.app, t.db);
    const client = await signUp(t.app);
    expect((await send(details(await insertImage(t.db, client.id)), client.cookie)).statusCode).toBe(201);
    const [record] = await recordsOf(client.id);
    expect(await isIdentityVerified(t.db, client.id)).toBe(false);

    const reviewed = await reviewKyc(t.app.ctx, admin.user, { recordId: record!.id, approve: true });
    expect(reviewed).toMatchObject({
      id: record!.id,
      status: 'approved',
      reviewedBy: admin.id,
      rejectionReason: null,
      idNumberLast4: '7890',
      idIssuer: 'FL',
      idImageUrl: `/api/objects/${record!.idImageKey}`,
    });
    expect(reviewed).not.toHaveProperty('encryptedIdNumber');
    expect(await isIdentityVerified(t.db, client.id)).toBe(true);
    expect((await getStatus(client.cookie)).json()).toMatchObject({ status: 'approved', rejectionReason: null });

    const [note] = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, client.id), eq(notifications.kind, 'kyc_reviewed')));
    expect(note!.title).toBe('Your identity is verified');
    const [mail] = await t.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.toAddress, client.email), eq(outbox.subject, 'Your identity is verified')));
    expect(mail!.textBody).toContain('payouts above $10,000 can go ahead');
    expect(mail!.textBody).not.toContain('1234567890');

    const again = await send(details(await insertImage(t.db, client.id)), client.cookie);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Your identity is already verified.');
    await expect(reviewKyc(t.app.ctx, admin.user, { recordId: record!.id, approve: false, reason: 'x' })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: 'This identity verification has already been reviewed.',
    });
  });

  it('a rejection says why; the client may send the details again', async () => {
    const admin = await signUpAdmin(t.app, t.db);
    const client = await signUp(t.app);
    await send(details(await insertImage(t.db, client.id)), client.cookie);
    const [record] = await recordsOf(client.id);
    await reviewKyc(t.app.ctx, admin.user, { recordId: record!.id, approve: false, reason: ' The photo is blurred. ' });
    expect((await getStatus(client.cookie)).json()).toMatchObject({
      status: 'rejected',
      rejectionReason: 'The photo is blurred.',
    });
    expect(await isIdentityVerified(t.db, client.id)).toBe(false);
    const [mail] = await t.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.toAddress, client.email), eq(outbox.subject, 'We could not verify your identity')));
    expect(mail!.textBody).toContain('we could not verify your identity: The photo is blurred.');
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, record!.id), eq(auditLog.action, 'kyc_rejected')));
    expect(audit).toMatchObject({
      actorId: admin.id,
      fromStatus: 'pending',
      toStatus: 'rejected',
      changes: { reason: 'The photo is blurred.' },
    });

    const retry = await send(details(await insertImage(t.db, client.id)), client.cookie);
    expect(retry.statusCode).toBe(201);
    expect((await getStatus(client.cookie)).json()).toMatchObject({ status: 'pending', rejectionReason: null });
  });

  it('the review refuses clients, unknown records and a rejection without a reason', async () => {
    const admin = await signUpAdmin(t.app, t.db);
    const client = await signUp(t.app);
    await send(details(await insertImage(t.db, client.id)), client.cookie);
    const [record] = await recordsOf(client.id);
    await expect(reviewKyc(t.app.ctx, currentUser(client), { recordId: record!.id, approve: true })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    await expect(reviewKyc(t.app.ctx, admin.user, { recordId: 'no-such-record', approve: true })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: 'That identity verification was not found.',
    });
    await expect(reviewKyc(t.app.ctx, admin.user, { recordId: record!.id, approve: false })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'Please say why the verification is rejected, so the client can fix it.',
    });
    expect((await getStatus(client.cookie)).json().status).toBe('pending');
  });

  describe('the ID photo', () => {
    it("answers 404 for another person's photo or an unknown one", async () => {
      const client = await signUp(t.app);
      const other = await signUp(t.app);
      for (const imageId of [await insertImage(t.db, other.id), 'no-such-image']) {
        const res = await send(details(imageId), client.cookie);
        expect(res.statusCode).toBe(404);
        expect(res.json().message).toBe('That ID photo was not found. Please upload a photo of your ID.');
      }
      expect(await recordsOf(client.id)).toEqual([]);
    });

    it('answers 400 for an item photo and for an upload that has not finished', async () => {
      const client = await signUp(t.app);
      const itemPhoto = await send(details(await insertImage(t.db, client.id, { purpose: 'submission' })), client.cookie);
      expect(itemPhoto.statusCode).toBe(400);
      expect(itemPhoto.json().message).toBe(
        'That photo was not uploaded as an ID photo. Please upload a photo of your ID in the verification form.',
      );
      const pending = await send(details(await insertImage(t.db, client.id, { status: 'pending' })), client.cookie);
      expect(pending.statusCode).toBe(400);
      expect(pending.json().message).toBe(
        'That ID photo has not finished uploading. Please wait for the upload to finish, or upload it again.',
      );
      expect(await recordsOf(client.id)).toEqual([]);
    });
  });

  describe('bad input', () => {
    it('answers 401 to visitors', async () => {
      expect((await getStatus()).statusCode).toBe(401);
      for (const payload of [details('x'), '{"a":', '[]']) {
        const res = await send(payload);
        expect(res.statusCode).toBe(401);
        expect(res.json().message).toBe('Please sign in to continue.');
      }
    });

    it.each([
      [
        'someone under 18',
        { dateOfBirth: `${new Date().getUTCFullYear() - 17}-01-01` },
        'You must be at least 18 years old to sell to Assay.',
      ],
      ['a date in another format', { dateOfBirth: '12/10/1990' }, 'Please enter your date of birth as YYYY-MM-DD.'],
      ['an impossible date', { dateOfBirth: '1990-02-31' }, 'Please enter a real date of birth.'],
      ['a numeric date', { dateOfBirth: 19901210 }, 'Please enter your date of birth as YYYY-MM-DD.'],
      ['no name', { fullName: '  ' }, 'Please enter your full legal name as it appears on your ID.'],
      [
        'an unknown ID type',
        { idType: 'library_card' },
        "Please choose the type of ID: driver's license, passport or state ID card.",
      ],
      ['a 3-character ID number', { idNumber: 'A12' }, 'The ID number must be 4 to 30 letters and digits.'],
      ['a 31-character ID number', { idNumber: 'A'.repeat(31) }, 'The ID number must be 4 to 30 letters and digits.'],
      [
        'an ID number with symbols',
        { idNumber: "12'; drop table users;--" },
        'The ID number must be 4 to 30 letters and digits.',
      ],
      ['a numeric ID number', { idNumber: 12345678 }, 'Please enter the number of your ID.'],
      ['no ID photo', { idImageId: undefined }, 'Please say which ID photo this is about.'],
      ['no issuer', { idIssuer: undefined }, 'Please choose who issued your ID: a US state, or for a passport a country.'],
      ['a license from a country', { idIssuer: 'GB' }, '"GB" is not a US state code.'],
      ['a passport from a state', { idType: 'passport', idIssuer: 'FL' }, '"FL" is not a country code.'],
    ])('answers 400 to %s, with the sentence, and stores nothing', async (_name, change, message) => {
      const client = await signUp(t.app);
      const res = await send({ ...details(await insertImage(t.db, client.id)), ...change }, client.cookie);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain(message);
      expect(await recordsOf(client.id)).toEqual([]);
    });

    it.each([
      ['malformed JSON', '{"fullName": '],
      ['an array', '[1]'],
      ['null', 'null'],
      ['an empty object', '{}'],
      ['an oversize body', JSON.stringify({ fullName: 'x'.repeat(100_000) })],
    ])('answers a 4xx with a message to %s', async (_name, payload) => {
      const client = await signUp(t.app);
      const res = await send(payload, client.cookie);
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(typeof res.json().message).toBe('string');
    });
  });
});
