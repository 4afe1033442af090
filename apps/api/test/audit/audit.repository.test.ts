// The audit log's one writer and its readings (modules/audit): an entry is written inside the
// caller's transaction, so it commits or vanishes with the action it records; a reading gathers
// the entries of the records asked for, oldest first, with who acted (no one for the system); the
// seller's timeline leaves out the appraisers' internal entries.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../src/db/schema/index.ts';
import { appraiserHistory, submissionTimeline, writeAuditEntries, writeAuditEntry } from '../../src/modules/audit/index.ts';
import { currentUser } from '../support/payouts.fixtures.ts';
import { signUp } from '../support/sessions.ts';
import { createTestApp, engines, type TestApp } from '../support/test-app.ts';

describe.each(engines)('the audit log on %s', (engine) => {
  let t: TestApp;
  let appraiser: { id: string; email: string };

  const entriesOf = (entityId: string) => t.db.select().from(auditLog).where(eq(auditLog.entityId, entityId));

  beforeAll(async () => {
    t = await createTestApp(engine);
    appraiser = await signUp(t.app, { firstName: 'Ada', lastName: 'Appraiser' });
  });
  afterAll(() => t.close());

  it("writes an entry in the caller's transaction: gone when it rolls back, kept when it commits", async () => {
    const entityId = crypto.randomUUID();
    const entry = { actorId: appraiser.id, entityType: 'submission' as const, entityId, action: 'received' as const };
    await expect(
      t.db.transaction(async (tx) => {
        await writeAuditEntry(tx, entry);
        throw new Error('the action failed');
      }),
    ).rejects.toThrow('the action failed');
    expect(await entriesOf(entityId)).toEqual([]);

    await t.db.transaction((tx) => writeAuditEntry(tx, entry));
    expect(await entriesOf(entityId)).toEqual([
      expect.objectContaining({ ...entry, fromStatus: null, toStatus: null, changes: null, createdAt: expect.any(Date) }),
    ]);
  });

  it('writes several entries in one statement, and nothing for none', async () => {
    const entityId = crypto.randomUUID();
    await writeAuditEntries(t.db, []);
    await writeAuditEntries(t.db, [
      { actorId: null, entityType: 'transaction', entityId, action: 'payout_requested', toStatus: 'pending' },
      { actorId: appraiser.id, entityType: 'transaction', entityId, action: 'notes_updated', changes: { note: 'Stamped 750' } },
    ]);
    expect((await entriesOf(entityId)).map((e) => [e.action, e.actorId]).sort()).toEqual(
      [
        ['notes_updated', appraiser.id],
        ['payout_requested', null],
      ].sort(),
    );
  });

  it("reads the entries of the records asked for, oldest first, with who acted, and another record's not at all", async () => {
    const submissionId = crypto.randomUUID();
    const payoutId = crypto.randomUUID();
    const at = (minutes: number) => new Date(Date.UTC(2026, 10, 20, 9, minutes));
    await writeAuditEntries(t.db, [
      { actorId: null, entityType: 'transaction', entityId: payoutId, action: 'payout_requested', createdAt: at(2) },
      { actorId: appraiser.id, entityType: 'submission', entityId: submissionId, action: 'received', createdAt: at(1) },
      { actorId: appraiser.id, entityType: 'submission', entityId: crypto.randomUUID(), action: 'received', createdAt: at(0) },
    ]);
    const history = await appraiserHistory(t.db, [
      { entityType: 'submission', entityId: submissionId },
      { entityType: 'transaction', entityId: payoutId },
    ]);
    expect(history.map((e) => [e.at, e.action, e.actor?.id ?? null])).toEqual([
      [at(1).toISOString(), 'received', appraiser.id],
      [at(2).toISOString(), 'payout_requested', null],
    ]);
    expect(history[0]!.actor).toEqual({ id: appraiser.id, name: 'Ada Appraiser', email: appraiser.email });
  });

  it("shows the seller their submission's entries meant for them, and the appraiser every one", async () => {
    const submissionId = crypto.randomUUID();
    const at = (minutes: number) => new Date(Date.UTC(2026, 10, 21, 9, minutes));
    await writeAuditEntries(t.db, [
      { actorId: appraiser.id, entityType: 'submission', entityId: submissionId, action: 'received', createdAt: at(0) },
      { actorId: appraiser.id, entityType: 'submission', entityId: submissionId, action: 'notes_updated', createdAt: at(1) },
    ]);
    const seller = currentUser({ id: crypto.randomUUID(), email: 'casey@example.com' });
    expect((await submissionTimeline(t.db, seller, submissionId)).map((e) => e.label)).toEqual([
      'Parcel received, appraisal started',
    ]);
    const forAppraiser = await submissionTimeline(t.db, currentUser(appraiser, true), submissionId);
    expect(forAppraiser.map((e) => e.action)).toEqual(['received', 'notes_updated']);
  });
});
