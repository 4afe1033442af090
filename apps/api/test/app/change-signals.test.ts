// Instances hear each other's changes (issue 14 item 1): a change signalled in a transaction reaches
// every listener once it commits, never for a rollback, and a listener that lost its connection
// comes back and re-reads everything. PostgreSQL only (the embedded database has one process).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChangeHandlers, LISTENER_APPLICATION_NAME, listenForChanges, signalChange } from '../../src/db/change-signals.ts';
import { type Database, openDatabase } from '../../src/db/client.ts';
import { waitFor } from '../support/jobs.ts';

const url = process.env.DATABASE_URL;
const quiet = { warn: () => undefined };

/** Writes down each topic heard, and every topic again when listening resumes after a break. */
function recordingInto(heard: string[]): ChangeHandlers {
  return {
    onSignal: (signal) => heard.push(signal.topic === 'account' ? `account:${signal.userId}` : signal.topic),
    onListening: (resumed) => resumed && heard.push('resumed'),
  };
}

describe.skipIf(!url)('change signals on PostgreSQL', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({ databaseUrl: url });
  });
  afterAll(() => database.close());

  it('a change is heard by every listener when its transaction commits, and never when it rolls back', async () => {
    const heardA: string[] = [];
    const heardB: string[] = [];
    const a = listenForChanges(url!, recordingInto(heardA), quiet);
    const b = listenForChanges(url!, recordingInto(heardB), quiet);
    try {
      // Both listening: a signal sent now reaches them.
      await waitFor(async () => {
        await signalChange(database.db, 'prices');
        return heardA.length > 0 && heardB.length > 0;
      }, 'the listeners to connect');
      // Let the signals of the wait above arrive before counting.
      await new Promise((resolve) => setTimeout(resolve, 300));
      heardA.length = 0;
      heardB.length = 0;

      await database.db
        .transaction(async (tx) => {
          await signalChange(tx, 'prices');
          throw new Error('rolled back');
        })
        .catch(() => undefined);
      await database.db.transaction(async (tx) => {
        await signalChange(tx, 'prices');
        // Not before the commit.
        await new Promise((resolve) => setTimeout(resolve, 100));
        expect(heardA).toEqual([]);
      });
      await waitFor(() => heardA.length === 1 && heardB.length === 1, 'the committed signal');
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect([heardA, heardB]).toEqual([['prices'], ['prices']]);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it('a listener whose connection is cut connects again and re-reads what it may have missed', async () => {
    const heard: string[] = [];
    const listener = listenForChanges(url!, recordingInto(heard), quiet);
    try {
      await waitFor(async () => {
        await signalChange(database.db, 'prices');
        return heard.length > 0;
      }, 'the listener to connect');
      heard.length = 0;
      // The database ends the listener's session, as a restart or a failover would.
      await database.db.execute(
        sql.raw(
          `select pg_terminate_backend(pid) from pg_stat_activity where application_name = '${LISTENER_APPLICATION_NAME}' ` +
            'and datname = current_database()',
        ),
      );
      await waitFor(() => heard.includes('resumed'), 'the listener to come back and say so', 10_000);
    } finally {
      await listener.close();
    }
  });
});
