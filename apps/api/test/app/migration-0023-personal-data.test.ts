// Migration 0023 and its data step (issue 25 item 9, decision 028) on a database that already holds
// personal data in clear: after the migration and the start-up step, no date of birth, street,
// phone or IP is left in clear, each sealed value opens (with its own row's context) to what was
// there, a second run changes nothing, a run cut short is finished by the next, the CHECKs refuse
// new clear text, and key rotation covers the new columns.
import { type PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { describe, expect, it } from 'vitest';
import { type Db, migrationsFolder } from '../../src/db/client.ts';
import * as schema from '../../src/db/schema/index.ts';
import { decryptField, decryptJson } from '../../src/lib/crypto.ts';
import { personalDataContext as personal } from '../../src/lib/personal-data.ts';
import { rotateEncryptedValues } from '../../src/modules/encryption-keys/encryption-keys.service.ts';
import { plaintextTables } from '../../src/modules/encryption-keys/plaintext-columns.ts';
import { sealPlaintextPersonalData } from '../../src/modules/encryption-keys/index.ts';
import { migrationsUpTo } from '../support/migrations-up-to.ts';
import { blankPGlite } from '../support/test-databases.ts';

const KEY_A = 'a'.repeat(64);
const KEY_B = 'b'.repeat(64);

const HOME = {
  name: 'Old Seller',
  line1: '77 Sunset Strip',
  line2: 'Apt 3',
  city: 'Tampa',
  state: 'FL',
  postalCode: '33602',
  phone: '(813) 555-0199',
};
// Written before line2 and phone were asked: the keys are absent.
const OLD_HOME = { name: 'Older Seller', line1: '9 Bay Road', city: 'Miami', state: 'FL', postalCode: '33101' };
const ASSAY = {
  name: 'Assay',
  line1: '100 Assay Way',
  line2: null,
  city: 'Miami',
  state: 'FL',
  postalCode: '33101',
  phone: null,
};

async function databaseWithClearPersonalData() {
  const client = await blankPGlite();
  const db = drizzle({ client, schema });
  await migrate(db, { migrationsFolder: migrationsUpTo('0018_session_signals') });
  const json = (value: unknown) => `'${JSON.stringify(value)}'::jsonb`;
  await client.exec(`
    insert into users (id, name, email, email_verified, shipping_address, created_at, updated_at)
      values ('u1', 'Old Seller', 'old@example.com', true, ${json(HOME)}, now(), now()),
             ('u2', 'Older Seller', 'older@example.com', true, ${json(OLD_HOME)}, now(), now()),
             ('u3', 'No Address', 'none@example.com', true, null, now(), now());
    insert into submissions (id, user_id, category, description, estimated_weight, weight_unit, status, guarantee_deadline)
      values ('s1', 'u1', 'scrap', 'Old chain', 10, 'grams', 'new', now()),
             ('s2', 'u2', 'scrap', 'Old ring', 5, 'grams', 'new', now());
    insert into kyc_records (id, user_id, status, full_name, date_of_birth, id_type, id_number_last4, encrypted_id_number)
      values ('k1', 'u1', 'approved', 'Old Seller', '1950-01-02', 'passport', '1234', 'v1:x:y:z'),
             ('k2', 'u2', 'pending', 'Older Seller', '1949-11-30', 'passport', '5678', 'v1:x:y:z');
    insert into seller_statements (id, user_id, submission_id, typed_name, statement_version, statement_text, signed_at, ip)
      values ('st1', 'u1', 's1', 'Old Seller', 'v', 'I own it.', now(), '198.51.100.23'),
             ('st2', 'u2', 's2', 'Older Seller', 'v', 'I own it.', now(), null);
    insert into shipping_labels (id, submission_id, user_id, direction, tracking_number, carrier, insured_value, sender, receiver)
      values ('l1', 's1', 'u1', 'inbound', 'T1', 'sample', '100.00', ${json(HOME)}, ${json(ASSAY)}),
             ('l2', 's2', 'u2', 'inbound', 'T2', 'sample', '100.00', ${json(OLD_HOME)}, ${json(ASSAY)});
  `);
  await migrate(db, { migrationsFolder });
  return { client, db: db as unknown as Db };
}

/** Every row of the tables that held personal data, as text. */
async function allText(client: PGlite) {
  const tables = ['users', 'kyc_records', 'seller_statements', 'shipping_labels', 'checks'];
  const parts = await Promise.all(tables.map((t) => client.query(`select row_to_json(x)::text as j from ${t} x`)));
  return parts.flatMap((p) => (p.rows as { j: string }[]).map((r) => r.j)).join('\n');
}

const CLEAR = [HOME.line1, HOME.line2, HOME.phone, OLD_HOME.line1, '1950-01-02', '1949-11-30', '198.51.100.23'];

describe('migration 0023 and its start-up step on data written in clear', () => {
  it(
    'seals every date of birth, street, phone and IP, keeps city and state in clear, and is a no-op when run again',
    { timeout: 120_000 },
    async () => {
      const { client, db } = await databaseWithClearPersonalData();
      // After the migration alone the old rows still hold clear text (SQL cannot encrypt).
      expect(await allText(client)).toContain(HOME.line1);

      const counts = await sealPlaintextPersonalData(db, KEY_A, { batchSize: 1 });
      expect(counts).toEqual({
        'kyc_records.encrypted_date_of_birth': 2,
        'seller_statements.encrypted_ip': 1,
        'users.encrypted_street': 2,
        'shipping_labels.encrypted_sender_street': 2,
        'shipping_labels.encrypted_receiver_street': 2,
        'checks.encrypted_mailing_street': 0,
      });
      const text = await allText(client);
      for (const clear of CLEAR) expect(text).not.toContain(clear);

      const user = (
        await client.query<{ shipping_address: unknown; encrypted_street: string }>(
          `select shipping_address, encrypted_street from users where id = 'u1'`,
        )
      ).rows[0]!;
      expect(user.shipping_address).toEqual({ name: HOME.name, city: HOME.city, state: HOME.state, postalCode: HOME.postalCode });
      expect(decryptJson(KEY_A, user.encrypted_street, personal.profileStreet('u1'))).toEqual({
        line1: HOME.line1,
        line2: HOME.line2,
        phone: HOME.phone,
      });
      const older = (await client.query<{ encrypted_street: string }>(`select encrypted_street from users where id = 'u2'`))
        .rows[0]!;
      expect(decryptJson(KEY_A, older.encrypted_street, personal.profileStreet('u2'))).toEqual({
        line1: OLD_HOME.line1,
        line2: null,
        phone: null,
      });
      const none = (await client.query(`select shipping_address, encrypted_street from users where id = 'u3'`)).rows[0];
      expect(none).toEqual({ shipping_address: null, encrypted_street: null });

      const kyc = (
        await client.query<{ date_of_birth: string | null; encrypted_date_of_birth: string }>(
          `select date_of_birth, encrypted_date_of_birth from kyc_records where id = 'k1'`,
        )
      ).rows[0]!;
      expect(kyc.date_of_birth).toBeNull();
      expect(decryptField(KEY_A, kyc.encrypted_date_of_birth, personal.dateOfBirth('k1'))).toBe('1950-01-02');
      // Bound to its row: the same value does not open as another record's.
      expect(() => decryptField(KEY_A, kyc.encrypted_date_of_birth, personal.dateOfBirth('k2'))).toThrow();

      const statements = (
        await client.query<{ id: string; ip: string | null; encrypted_ip: string | null }>(
          `select id, ip, encrypted_ip from seller_statements order by id`,
        )
      ).rows;
      expect(statements.map((s) => s.ip)).toEqual([null, null]);
      expect(decryptField(KEY_A, statements[0]!.encrypted_ip!, personal.statementIp('st1'))).toBe('198.51.100.23');
      expect(statements[1]!.encrypted_ip).toBeNull();

      const label = (
        await client.query<{ encrypted_sender_street: string; encrypted_receiver_street: string }>(
          `select encrypted_sender_street, encrypted_receiver_street from shipping_labels where id = 'l1'`,
        )
      ).rows[0]!;
      expect(decryptJson(KEY_A, label.encrypted_sender_street, personal.labelSenderStreet('l1'))).toMatchObject({
        line1: HOME.line1,
      });
      expect(decryptJson(KEY_A, label.encrypted_receiver_street, personal.labelReceiverStreet('l1'))).toMatchObject({
        line1: ASSAY.line1,
      });

      // Again: nothing left to seal, nothing rewritten.
      const before = await allText(client);
      expect(Object.values(await sealPlaintextPersonalData(db, KEY_A))).toEqual([0, 0, 0, 0, 0, 0]);
      expect(await allText(client)).toBe(before);

      // The database refuses clear text from now on.
      await expect(client.exec(`update kyc_records set date_of_birth = '1950-01-02' where id = 'k1'`)).rejects.toThrow(
        /kyc_records_date_of_birth_sealed/,
      );
      await expect(
        client.exec(`update users set shipping_address = '${JSON.stringify(HOME)}'::jsonb where id = 'u3'`),
      ).rejects.toThrow(/users_shipping_address_street_sealed/);
      await expect(client.exec(`update seller_statements set ip = '198.51.100.23' where id = 'st2'`)).rejects.toThrow(
        /seller_statements_ip_sealed/,
      );

      // Rotation covers the new columns: every sealed value moves from A to B.
      const reports = await rotateEncryptedValues(db, { current: KEY_B, previous: [KEY_A] });
      const rotated = Object.fromEntries(reports.map((r) => [r.column, r.rotated]));
      expect(rotated).toMatchObject({
        'kyc_records.encrypted_date_of_birth': 2,
        'seller_statements.encrypted_ip': 1,
        'users.encrypted_street': 2,
        'shipping_labels.encrypted_sender_street': 2,
        'shipping_labels.encrypted_receiver_street': 2,
      });
      const rotatedKyc = (
        await client.query<{ encrypted_date_of_birth: string }>(`select encrypted_date_of_birth from kyc_records where id = 'k1'`)
      ).rows[0]!;
      expect(decryptField(KEY_B, rotatedKyc.encrypted_date_of_birth, personal.dateOfBirth('k1'))).toBe('1950-01-02');
      await client.close();
    },
  );

  it('a run cut short leaves each row whole (sealed or clear), and the next run finishes', { timeout: 120_000 }, async () => {
    const { client, db } = await databaseWithClearPersonalData();
    // The step stopped after its first column (as a crash between transactions would leave it).
    await sealPlaintextPersonalData(db, KEY_A, { tables: plaintextTables.slice(0, 1) });
    const half = (
      await client.query<{ date_of_birth: string | null; encrypted_date_of_birth: string | null }>(
        `select date_of_birth, encrypted_date_of_birth from kyc_records`,
      )
    ).rows;
    expect(half.every((r) => r.date_of_birth === null && r.encrypted_date_of_birth !== null)).toBe(true);
    expect(await allText(client)).toContain(HOME.line1);

    const rest = await sealPlaintextPersonalData(db, KEY_A);
    expect(rest['kyc_records.encrypted_date_of_birth']).toBe(0);
    expect(rest['users.encrypted_street']).toBe(2);
    const text = await allText(client);
    for (const clear of CLEAR) expect(text).not.toContain(clear);
    await client.close();
  });
});
