// Key rotation on a real database: values written with key A are moved to key B (A given as the
// previous key), in batches, and afterwards every one opens with B alone. Also: the running app
// reads values still on a previous key.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSubmission, buildTransaction } from '../../src/db/factories.ts';
import { kycRecords, payoutEvents, submissions, transactions, users } from '../../src/db/schema/index.ts';
import { decryptField, decryptJson, encryptJson } from '../../src/lib/crypto.ts';
import { openAddress, personalDataContext } from '../../src/lib/personal-data.ts';
import { demoIdentityCheck } from '../../src/modules/demo/demo.service.ts';
import { rotateEncryptedValues } from '../../src/modules/encryption-keys/encryption-keys.service.ts';
import { idNumberContext } from '../../src/modules/compliance/index.ts';
import { bankDetailsContext } from '../../src/modules/payouts/index.ts';
import { achDetails, postJson } from '../support/payouts.fixtures.ts';
import { HOME_ADDRESS } from '../support/addresses.ts';
import { sealedProfileAddress } from '../support/sealed-addresses.ts';
import { signUp } from '../support/sessions.ts';
import { ADMIN_EMAIL, createTestApp, engines, type TestApp } from '../support/test-app.ts';
import { readyForReportLine } from '../support/report-lines.ts';

const KEY_A = 'a'.repeat(64);
const KEY_B = 'b'.repeat(64);
const KEY_C = 'c'.repeat(64);

describe.each(engines)('encryption key rotation on %s', (engine) => {
  let t: TestApp;
  let clientId: string;

  /** An ACH payout whose bank details were written with `key`. */
  async function payoutWrittenWith(key: string, details = achDetails) {
    const sub = buildSubmission({ userId: clientId, status: 'completed', finalOffer: '900.00' });
    await t.db.insert(submissions).values(sub);
    const row = buildTransaction({ submission: sub, method: 'ach' });
    await t.db
      .insert(transactions)
      .values({ ...row, encryptedBankDetails: encryptJson(key, details, bankDetailsContext(row.id!)) });
    return row.id!;
  }

  /** An identity check whose ID number was written with `key`. */
  async function identityWrittenWith(key: string) {
    const { record } = demoIdentityCheck(clientId, key);
    await t.db.insert(kycRecords).values(record);
    return record.id;
  }

  beforeAll(async () => {
    t = await createTestApp(engine, { ENCRYPTION_KEY: KEY_B, ENCRYPTION_KEYS_PREVIOUS: KEY_A });
    clientId = (await signUp(t.app)).id;
  });
  afterAll(() => t.close());

  it('shows an appraiser bank details still written with the previous key', async () => {
    const admin = await signUp(t.app, { email: ADMIN_EMAIL });
    const id = await payoutWrittenWith(KEY_A);
    const shown = await postJson(t.app, `/api/admin/transactions/${id}/bank-details`, {}, admin.cookie);
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json()).toEqual(achDetails);
    await t.db.delete(payoutEvents).where(eq(payoutEvents.transactionId, id));
    await t.db.delete(transactions).where(eq(transactions.id, id));
  });

  it('re-encrypts every encrypted column with the new key, in batches, and is a no-op when run again', async () => {
    const payouts = [
      await payoutWrittenWith(KEY_A, { ...achDetails, accountNumber: '000000000001' }),
      await payoutWrittenWith(KEY_A, { ...achDetails, accountNumber: '000000000002' }),
      await payoutWrittenWith(KEY_B, { ...achDetails, accountNumber: '000000000003' }),
      await payoutWrittenWith(KEY_A, { ...achDetails, accountNumber: '000000000004' }),
      await payoutWrittenWith(KEY_A, { ...achDetails, accountNumber: '000000000005' }),
    ];
    const identities = [await identityWrittenWith(KEY_A), await identityWrittenWith(KEY_A), await identityWrittenWith(KEY_B)];
    // Personal data (decision 028) rotates with the rest: a profile address sealed with A.
    await t.db
      .update(users)
      .set(sealedProfileAddress(KEY_A, clientId, HOME_ADDRESS))
      .where(eq(users.id, clientId));

    const reports = await rotateEncryptedValues(t.db, { current: KEY_B, previous: [KEY_A] }, { batchSize: 2 });
    const none = { rotated: 0, alreadyCurrent: 0, unreadable: [] };
    expect(reports).toEqual([
      { column: 'transactions.encrypted_bank_details', rotated: 4, alreadyCurrent: 1, unreadable: [] },
      { column: 'kyc_records.encrypted_id_number', rotated: 2, alreadyCurrent: 1, unreadable: [] },
      { column: 'kyc_records.encrypted_date_of_birth', rotated: 2, alreadyCurrent: 1, unreadable: [] },
      { column: 'seller_statements.encrypted_ip', ...none },
      { column: 'users.encrypted_street', rotated: 1, alreadyCurrent: 0, unreadable: [] },
      { column: 'shipping_labels.encrypted_sender_street', ...none },
      { column: 'shipping_labels.encrypted_receiver_street', ...none },
      { column: 'checks.encrypted_mailing_street', ...none },
    ]);

    // B alone opens everything now, with the same clear text; A opens nothing.
    const payoutRows = await t.db.select().from(transactions);
    expect(payoutRows.map((r) => r.id).sort()).toEqual([...payouts].sort());
    for (const row of payoutRows) {
      const details = decryptJson<typeof achDetails>(KEY_B, row.encryptedBankDetails!, bankDetailsContext(row.id));
      expect(details.accountNumber).toBe(`00000000000${payouts.indexOf(row.id) + 1}`);
      expect(() => decryptField(KEY_A, row.encryptedBankDetails!, bankDetailsContext(row.id))).toThrow();
    }
    const idRows = await t.db.select().from(kycRecords);
    expect(idRows.map((r) => r.id).sort()).toEqual([...identities].sort());
    for (const row of idRows) {
      expect(decryptField(KEY_B, row.encryptedIdNumber, idNumberContext(row.id))).toBe('D100-4482-7731');
      expect(decryptField(KEY_B, row.encryptedDateOfBirth!, personalDataContext.dateOfBirth(row.id))).toBe('1984-06-12');
    }
    const [profile] = await t.db.select().from(users).where(eq(users.id, clientId));
    expect(
      openAddress(KEY_B, profile!.shippingAddress, profile!.encryptedStreet, personalDataContext.profileStreet(clientId)),
    ).toEqual(HOME_ADDRESS);

    const before = JSON.stringify([payoutRows, idRows]);
    const again = await rotateEncryptedValues(t.db, { current: KEY_B, previous: [KEY_A] }, { batchSize: 2 });
    expect(again.map((r) => [r.rotated, r.alreadyCurrent])).toEqual([
      [0, 5],
      [0, 3],
      [0, 3],
      [0, 0],
      [0, 1],
      [0, 0],
      [0, 0],
      [0, 0],
    ]);
    expect(JSON.stringify([await t.db.select().from(transactions), await t.db.select().from(kycRecords)])).toBe(before);
  });

  it('only counts in check mode, and names a value no key opens without touching it', async () => {
    const onA = await payoutWrittenWith(KEY_A);
    const lost = await payoutWrittenWith(KEY_C);
    const stored = async (id: string) =>
      (await t.db.select().from(transactions).where(eq(transactions.id, id)))[0]!.encryptedBankDetails;
    const lostBefore = await stored(lost);
    const onABefore = await stored(onA);

    const checked = await rotateEncryptedValues(t.db, { current: KEY_B, previous: [KEY_A] }, { write: false });
    expect(checked[0]).toMatchObject({ rotated: 1, unreadable: [lost] });
    expect(await stored(onA)).toBe(onABefore);

    const rotated = await rotateEncryptedValues(t.db, { current: KEY_B, previous: [KEY_A] });
    expect(rotated[0]).toMatchObject({ rotated: 1, unreadable: [lost] });
    expect(await stored(lost)).toBe(lostBefore);
    expect(decryptField(KEY_B, (await stored(onA))!, bankDetailsContext(onA))).toContain(achDetails.accountNumber);
  });

  it('writes new values with the current key only', async () => {
    const client = await signUp(t.app);
    const sub = buildSubmission({ userId: client.id, status: 'offered', finalOffer: '700.00' });
    await t.db.insert(submissions).values(sub);
    await readyForReportLine(t.db, sub.id!, client.id, KEY_B);
    const paid = await postJson(
      t.app,
      '/api/transactions',
      { submissionId: sub.id, amount: '700.00', payoutMethod: 'ach', payoutDetails: achDetails },
      client.cookie,
    );
    expect(paid.statusCode, paid.body).toBe(201);
    const id = paid.json().id as string;
    const [row] = await t.db.select().from(transactions).where(eq(transactions.id, id));
    expect(decryptJson(KEY_B, row!.encryptedBankDetails!, bankDetailsContext(id))).toEqual(achDetails);
    expect(() => decryptField(KEY_A, row!.encryptedBankDetails!, bankDetailsContext(id))).toThrow();
  });
});
