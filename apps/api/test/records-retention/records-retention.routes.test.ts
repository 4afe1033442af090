// Records past their retention period (issue 28 item 7): listed, then their personal data erased by an
// admin, once; the money's trail (ledger lines, their totals, the reconciliation) is untouched.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  checks,
  kycRecords,
  sellerStatements,
  shippingLabels,
  submissionImages,
  submissions,
  transactions,
} from '../../src/db/schema/index.ts';
import { transitionPayout } from '../../src/modules/payouts/payout-status.repository.ts';
import { expectAdminsOnly } from '../support/admins-only.ts';
import {
  achDetails,
  ACCOUNT,
  bareOfferedSubmission,
  insertImage,
  offeredSubmission,
  postJson,
  signUpAdmin,
} from '../support/payouts.fixtures.ts';
import { signUp } from '../support/sessions.ts';
import { createTestApp, engines, type TestApp } from '../support/test-app.ts';

describe.each(engines)('records past their retention period on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, { RECORDS_RETENTION_YEARS: '7', RECORDS_RETENTION_MINIMUM_YEARS: '3' });
  });
  afterAll(() => t.close());

  const get = (url: string, cookie: string) => t.app.inject({ url, headers: { cookie } });
  const erase = (submissionIds: unknown, cookie: string) =>
    postJson(t.app, '/api/admin/retention/erase', { submissionIds }, cookie);

  /** A purchase accepted with bank details and paid at `paidAt`, with every kind of personal record. */
  async function paidPurchase(seller: { id: string; cookie: string }, paidAt: Date) {
    const submission = await bareOfferedSubmission(t.db, seller.id, '250.00');
    // Its photos and the inbound label's address first: the purchase needs them for its police report line.
    for (const purpose of ['submission', 'intake']) {
      const id = crypto.randomUUID();
      await insertImage(t.db, seller.id, {
        id,
        purpose,
        submissionId: submission.id,
        storageKey: `full/${id}.webp`,
        thumbnailKey: `thumb/${id}.webp`,
      });
      await t.app.ctx.storage.put(`full/${id}.webp`, Buffer.from('photo'), 'image/webp');
      await t.app.ctx.storage.put(`thumb/${id}.webp`, Buffer.from('thumb'), 'image/webp');
    }
    await t.db.insert(shippingLabels).values({
      id: crypto.randomUUID(),
      submissionId: submission.id,
      userId: seller.id,
      trackingNumber: `TRK${crypto.randomUUID().slice(0, 12)}`,
      carrier: 'sample',
      insuredValue: 25_000,
      sender: { name: 'Ada Lovelace', city: 'Springfield', state: 'IL', postalCode: '62701' },
      encryptedSenderStreet: 'sealed-street',
      receiver: { name: 'Assay', city: 'Austin', state: 'TX', postalCode: '78701' },
      encryptedReceiverStreet: 'sealed-vault-street',
    });
    const accepted = await postJson(
      t.app,
      '/api/transactions',
      { submissionId: submission.id, payoutMethod: 'ach', payoutDetails: achDetails },
      seller.cookie,
    );
    expect(accepted.statusCode, accepted.body).toBe(201);
    const [payout] = await t.db.select().from(transactions).where(eq(transactions.submissionId, submission.id));
    await transitionPayout(t.db, { id: payout!.id, transition: 'confirmPaid', at: paidAt, reference: 'CONF-1' });

    await t.db.insert(sellerStatements).values({
      id: crypto.randomUUID(),
      userId: seller.id,
      submissionId: submission.id,
      typedName: 'Ada Lovelace',
      statementVersion: 'v1',
      statementText: 'I own these items.',
      signedAt: paidAt,
      encryptedIp: 'sealed-ip',
      userAgent: 'Mozilla/5.0',
    });
    return { submission, payout: payout! };
  }

  async function ledgerTotals() {
    const result = await t.db.execute(
      sql`select account, sum(debit_cents)::text as debit, sum(credit_cents)::text as credit, count(*)::int as lines
          from ledger_lines group by account order by account`,
    );
    return (result as unknown as { rows: unknown[] }).rows;
  }

  it('is for appraisers only', async () => {
    const client = await signUp(t.app);
    await expectAdminsOnly(
      t.app,
      [
        ['GET', '/api/admin/retention'],
        ['POST', '/api/admin/retention/erase'],
      ],
      client.cookie,
    );
  });

  it('lists what is past its period, erases it once keeping the ledger and the reconciliation, and refuses what is not', async () => {
    const admin = await signUpAdmin(t.app, t.db);
    const ada = await signUp(t.app, { firstName: 'Ada', lastName: 'Lovelace' });
    const old = await paidPurchase(ada, new Date('2015-06-01T15:00:00Z'));
    const recent = await paidPurchase(ada, new Date('2025-06-01T15:00:00Z'));
    const kycImage = await insertImage(t.db, ada.id, { purpose: 'kyc' });
    await t.db.insert(kycRecords).values({
      id: crypto.randomUUID(),
      userId: ada.id,
      status: 'approved',
      fullName: 'Ada Lovelace',
      idType: 'drivers_license',
      idNumberLast4: '1234',
      encryptedIdNumber: 'sealed-id',
      idImageKey: kycImage,
    });
    const payoutCheck = {
      id: crypto.randomUUID(),
      transactionId: old.payout.id,
      attempt: 1,
      checkNumber: 400_000 + Math.floor(Math.random() * 1000),
      payee: 'Ada Lovelace',
      amount: 100,
      mailingAddress: { name: 'Ada Lovelace', city: 'Springfield', state: 'IL', postalCode: '62701' },
      encryptedMailingStreet: 'sealed-check-street',
    };
    await t.db.insert(checks).values(payoutCheck);

    const list = await get('/api/admin/retention', admin.cookie);
    expect(list.statusCode, list.body).toBe(200);
    const entries = list.json().submissions;
    expect(entries.map((e: { submissionId: string }) => e.submissionId)).toEqual([old.submission.id]);
    expect(entries[0]).toMatchObject({
      sellerLabel: 'Ada Lovelace',
      status: 'completed',
      endedAt: '2015-06-01T15:00:00.000Z',
      erasableFrom: '2022-06-01T15:00:00.000Z',
      years: 7,
      defaultPeriod: true,
      // The ID check stays: the recent purchase is still within its period.
      wouldErase: { photos: 2, labelAddresses: 1, checkAddresses: 1, bankDetails: 1, statementIps: 1, idChecks: 0 },
    });

    // Not yet past its period: refused whole, nothing erased.
    const early = await erase([old.submission.id, recent.submission.id], admin.cookie);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(
      `Submission ${recent.submission.id} is kept until 2032-06-01 (7 years after it finished); nothing was erased.`,
    );
    expect(await t.db.select().from(submissionImages).where(eq(submissionImages.submissionId, old.submission.id))).toHaveLength(
      2,
    );

    const erasedKeys = (
      await t.db.select().from(submissionImages).where(eq(submissionImages.submissionId, old.submission.id))
    ).flatMap((image) => [image.storageKey, image.thumbnailKey!]);
    const ledgerBefore = await ledgerTotals();
    const reconciliationBefore = (await get('/api/admin/ledger/reconciliation', admin.cookie)).body;
    const payoutBefore = (await t.db.select().from(transactions).where(eq(transactions.id, old.payout.id)))[0]!;

    const done = await erase([old.submission.id], admin.cookie);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({
      erased: [
        {
          submissionId: old.submission.id,
          counts: { photos: 2, labelAddresses: 1, checkAddresses: 1, bankDetails: 1, statementIps: 1, idChecks: 0 },
        },
      ],
      alreadyErased: [],
    });

    // The money's trail is whole.
    expect(await ledgerTotals()).toEqual(ledgerBefore);
    expect((await get('/api/admin/ledger/reconciliation', admin.cookie)).body).toBe(reconciliationBefore);
    const payoutAfter = (await t.db.select().from(transactions).where(eq(transactions.id, old.payout.id)))[0]!;
    expect(payoutAfter).toEqual({ ...payoutBefore, encryptedBankDetails: null });

    // The personal data is gone, rows and stored bytes.
    expect(await t.db.select().from(submissionImages).where(eq(submissionImages.submissionId, old.submission.id))).toEqual([]);
    const storage = t.app.ctx.storage;
    for (const key of erasedKeys) expect(await storage.get(key), key).toBeNull();
    const kept = await t.db.select().from(submissionImages).where(eq(submissionImages.submissionId, recent.submission.id));
    expect(kept).toHaveLength(2);
    expect(await storage.get(kept[0]!.storageKey)).not.toBeNull();
    const [label] = await t.db.select().from(shippingLabels).where(eq(shippingLabels.submissionId, old.submission.id));
    expect(label).toMatchObject({
      encryptedSenderStreet: null,
      encryptedReceiverStreet: null,
      sender: { name: '', city: '', state: 'IL', postalCode: '' },
      insuredValue: 25_000,
    });
    const [check] = await t.db.select().from(checks).where(eq(checks.id, payoutCheck.id));
    expect(check).toMatchObject({ encryptedMailingStreet: null, amount: 100, payee: 'Ada Lovelace' });
    const [statement] = await t.db.select().from(sellerStatements).where(eq(sellerStatements.submissionId, old.submission.id));
    expect(statement).toMatchObject({ encryptedIp: null, userAgent: null, typedName: 'Ada Lovelace' });
    expect(await t.db.select().from(kycRecords).where(eq(kycRecords.userId, ada.id))).toHaveLength(1);
    const [row] = await t.db.select().from(submissions).where(eq(submissions.id, old.submission.id));
    expect(row!.personalDataErasedAt).toBeInstanceOf(Date);
    expect(row!.status).toBe('completed');

    // Audited with counts, no personal data.
    const entries2 = await t.db.select().from(auditLog).where(eq(auditLog.action, 'records_erased'));
    expect(entries2).toHaveLength(1);
    expect(entries2[0]).toMatchObject({ actorId: admin.id, entityId: old.submission.id });
    const auditText = JSON.stringify(entries2[0]!.changes);
    for (const secret of ['Ada', 'Lovelace', ACCOUNT, 'Springfield', '62701']) expect(auditText).not.toContain(secret);

    // Twice: nothing more changes, no second entry; off the list.
    const again = await erase([old.submission.id], admin.cookie);
    expect(again.json()).toEqual({ erased: [], alreadyErased: [old.submission.id] });
    expect(await t.db.select().from(auditLog).where(eq(auditLog.action, 'records_erased'))).toHaveLength(1);
    expect((await get('/api/admin/retention', admin.cookie)).json().submissions).toEqual([]);
  });

  it("erases the seller's ID check with the last of their submissions past its period", async () => {
    const admin = await signUpAdmin(t.app, t.db);
    const grace = await signUp(t.app, { firstName: 'Grace', lastName: 'Hopper' });
    const only = await paidPurchase(grace, new Date('2014-01-15T15:00:00Z'));
    const kycImage = await insertImage(t.db, grace.id, { purpose: 'kyc' });
    await t.db.insert(kycRecords).values({
      id: crypto.randomUUID(),
      userId: grace.id,
      status: 'approved',
      fullName: 'Grace Hopper',
      idType: 'passport',
      idNumberLast4: '9876',
      encryptedIdNumber: 'sealed-id',
      idImageKey: kycImage,
    });
    const entry = (await get('/api/admin/retention', admin.cookie))
      .json()
      .submissions.find((e: { submissionId: string }) => e.submissionId === only.submission.id);
    expect(entry.wouldErase.idChecks).toBe(1);
    const done = await erase([only.submission.id], admin.cookie);
    expect(done.json().erased[0].counts.idChecks).toBe(1);
    expect(await t.db.select().from(kycRecords).where(eq(kycRecords.userId, grace.id))).toEqual([]);
    expect(await t.db.select().from(submissionImages).where(eq(submissionImages.id, kycImage))).toEqual([]);
  });

  it('two admins erasing one submission at once: one erases, the other finds it done', async () => {
    const first = await signUpAdmin(t.app, t.db);
    const second = await signUpAdmin(t.app, t.db);
    const linus = await signUp(t.app, { firstName: 'Linus', lastName: 'Pauling' });
    const { submission } = await paidPurchase(linus, new Date('2016-02-01T15:00:00Z'));
    const answers = await Promise.all([erase([submission.id], first.cookie), erase([submission.id], second.cookie)]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    const bodies = answers.map((a) => a.json());
    expect(bodies.filter((b) => b.erased.length === 1)).toHaveLength(1);
    expect(bodies.filter((b) => b.alreadyErased[0] === submission.id)).toHaveLength(1);
    const erasedEntries = (await t.db.select().from(auditLog).where(eq(auditLog.entityId, submission.id))).filter(
      (entry) => entry.action === 'records_erased',
    );
    expect(erasedEntries).toHaveLength(1);
  });

  it("counts a returned submission from its delivery back, and a stored rule's own years", async () => {
    const admin = await signUpAdmin(t.app, t.db);
    const seller = await signUp(t.app);
    const returned = await offeredSubmission(t.db, seller.id, '100.00', { status: 'returned' });
    await t.db
      .update(submissions)
      .set({ returnDeliveredAt: new Date('2021-01-10T12:00:00Z') })
      .where(eq(submissions.id, returned.id));
    const [stored] = await t.db.select().from(submissions).where(eq(submissions.id, returned.id));
    expect(stored!.status).toBe('returned');
    // Default 7 years: kept until 2028.
    let list = (await get('/api/admin/retention', admin.cookie)).json().submissions;
    expect(list.map((e: { submissionId: string }) => e.submissionId)).not.toContain(returned.id);
    const refused = await erase([returned.id], admin.cookie);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('is kept until 2028-01-10');
    // A stored rule of 4 years (above the 3-year minimum): past since 2025.
    await t.db.execute(
      sql`update submissions set compliance_rule = jsonb_build_object('retentionYears', 4) where id = ${returned.id}`,
    );
    list = (await get('/api/admin/retention', admin.cookie)).json().submissions;
    expect(list.find((e: { submissionId: string }) => e.submissionId === returned.id)).toMatchObject({
      status: 'returned',
      endedAt: '2021-01-10T12:00:00.000Z',
      years: 4,
      defaultPeriod: false,
    });
  });

  it('answers bad input with a 400 sentence and an unknown submission with 404, erasing nothing', async () => {
    const admin = await signUpAdmin(t.app, t.db);
    for (const body of [[], ['a', 'a'], [''], 'x', [1]]) {
      const res = await erase(body, admin.cookie);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toMatch(/\.$/);
    }
    const extra = await postJson(t.app, '/api/admin/retention/erase', { submissionIds: ['a'], all: true }, admin.cookie);
    expect(extra.statusCode).toBe(400);
    const unknown = await erase(['no-such-submission'], admin.cookie);
    expect(unknown.statusCode).toBe(404);
    expect(await t.db.select().from(auditLog).where(eq(auditLog.entityId, 'no-such-submission'))).toEqual([]);
  });
});
