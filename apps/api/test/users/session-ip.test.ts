// Sessions keep no client IP (decision 028, amended): better-auth wrote the IP of every sign-in in
// clear on its session row, which nothing reads, while the statement's IP is encrypted. A new
// session has none, migration 0025 forgets those already stored, and the database refuses one.
import { eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from '../../src/db/client.ts';
import * as schema from '../../src/db/schema/index.ts';
import { sessions } from '../../src/db/schema/index.ts';
import { migrationsUpTo } from '../support/migrations-up-to.ts';
import { signIn, signUp } from '../support/sessions.ts';
import { createTestApp, engines, type TestApp } from '../support/test-app.ts';
import { blankPGlite } from '../support/test-databases.ts';

const CLIENT_IP = '198.51.100.77';

describe.each(engines)('a new session, on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  }, 180_000);
  afterAll(() => t.close());

  it('keeps no IP address, while the sign-in still works from it', async () => {
    const person = await signUp(t.app);
    const res = await signIn(t.app, person.email, undefined, CLIENT_IP);
    expect(res.statusCode, res.body).toBe(200);
    const rows = await t.db.select().from(sessions).where(eq(sessions.userId, person.id));
    expect(rows.length).toBeGreaterThanOrEqual(2);
    for (const row of rows) {
      expect(row.ipAddress).toBeNull();
      expect(JSON.stringify(row)).not.toContain(CLIENT_IP);
    }
  });
});

describe('migration 0025', () => {
  it('forgets the IPs sessions already hold, and refuses one written again', async () => {
    const client = await blankPGlite();
    const db = drizzle({ client, schema });
    try {
      await migrate(db, { migrationsFolder: migrationsUpTo('0024_totp_last_used_step') });
      await client.exec(`
        insert into users (id, name, email, email_verified, created_at, updated_at)
          values ('u1', 'Old Seller', 'old@example.com', true, now(), now());
        insert into sessions (id, expires_at, token, ip_address, user_agent, user_id, created_at, updated_at)
          values ('s1', now() + interval '1 day', 't1', '${CLIENT_IP}', 'Firefox', 'u1', now(), now()),
                 ('s2', now() + interval '1 day', 't2', '', 'Safari', 'u1', now(), now());
      `);
      await migrate(db, { migrationsFolder });
      const rows = await db.select().from(sessions);
      expect(rows.map((r) => [r.id, r.ipAddress, r.userAgent])).toEqual(
        expect.arrayContaining([
          ['s1', null, 'Firefox'],
          ['s2', null, 'Safari'],
        ]),
      );
      await expect(client.exec(`update sessions set ip_address = '${CLIENT_IP}' where id = 's1'`)).rejects.toThrow(
        /sessions_ip_address_not_kept/,
      );
    } finally {
      await client.close();
    }
  });
});
