// The test databases are reused (test-databases.ts); these are the promises that make it safe:
// no test app sees another's rows, and a database whose shape a test altered is never handed out.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { outbox } from '../../src/db/schema/index.ts';
import { createTestDatabase, engines } from '../support/test-app.ts';

const mail = () => ({
  id: crypto.randomUUID(),
  toAddress: 'someone@assay.test',
  subject: 'Left behind',
  textBody: 'by an earlier test',
});

describe.each(engines)('test databases on %s', (engine) => {
  it('hand a given-back database out again only emptied, and only to one user at a time', async () => {
    const first = await createTestDatabase(engine);
    await first.database.db.insert(outbox).values(mail());
    const meanwhile = await createTestDatabase(engine);
    expect(meanwhile.database).not.toBe(first.database);
    expect(await meanwhile.database.db.select().from(outbox)).toEqual([]);
    await meanwhile.database.db.insert(outbox).values(mail());
    await first.cleanup();
    await meanwhile.cleanup();

    const next = await createTestDatabase(engine);
    expect(await next.database.db.select().from(outbox)).toEqual([]);
    await next.database.db.insert(outbox).values(mail());
    expect(await next.database.db.select().from(outbox)).toHaveLength(1);
    await next.cleanup();
  });

  it('throw away a database whose shape a test altered', async () => {
    const altered = await createTestDatabase(engine);
    await altered.database.db.execute(sql`alter table outbox add constraint no_mail check (false) not valid`);
    await altered.cleanup();
    const next = await createTestDatabase(engine);
    try {
      await next.database.db.insert(outbox).values(mail());
      expect(await next.database.db.select().from(outbox)).toHaveLength(1);
    } finally {
      await next.cleanup();
    }
  });
});
