// The app's one change listener (plugins/change-signals.ts): every subscriber (the session cache,
// the price feed) hears each signal, a loss and a return, over a single LISTEN connection per
// instance on PostgreSQL; on the embedded database, each change before the write that made it
// resolves, on the event loop's PGlite and on the database thread's.
import Fastify from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LISTENER_APPLICATION_NAME, signalChange } from '../../src/db/change-signals.ts';
import { type Database, openDatabase } from '../../src/db/client.ts';
import { changeSignalsPlugin } from '../../src/plugins/change-signals.ts';
import { users } from '../../src/db/schema/index.ts';
import { emptyPostgresDatabase, rowsOf, waitFor } from '../support/jobs.ts';
import { createTestDatabase } from '../support/test-app.ts';

describe.runIf(process.env.DATABASE_URL)('the change listener an app shares', () => {
  let scratch: Awaited<ReturnType<typeof emptyPostgresDatabase>>;
  let database: Database;
  beforeAll(async () => {
    scratch = await emptyPostgresDatabase();
    database = await openDatabase({ databaseUrl: scratch.url });
  });
  afterAll(async () => {
    await database?.close();
    await scratch?.drop();
  });

  const listeners = async () =>
    Number(
      rowsOf<{ n: string }>(
        await database.db.execute(
          sql`select count(*) as n from pg_stat_activity where application_name = ${LISTENER_APPLICATION_NAME} and datname = current_database()`,
        ),
      )[0]!.n,
    );

  it('hands every signal, loss and return to each subscriber over one connection', async () => {
    const app = Fastify({ logger: false });
    await app.register(changeSignalsPlugin, { listen: (handlers, log) => database.listenForChanges(handlers, log) });
    const heard: string[][] = [[], []];
    for (const log of heard) {
      app.changes.subscribe({
        onSignal: (signal) => log.push(signal.topic),
        onListening: (resumed) => log.push(resumed ? 'resumed' : 'listening'),
        onLost: () => log.push('lost'),
      });
    }
    await app.ready();
    try {
      await waitFor(() => heard.every((log) => log.includes('listening')), 'the listener to listen');
      expect(await listeners()).toBe(1);

      await signalChange(database.db, 'prices');
      await waitFor(() => heard.every((log) => log.includes('prices')), 'the signal');

      await database.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = ${LISTENER_APPLICATION_NAME} and datname = current_database()`,
      );
      await waitFor(() => heard.every((log) => log.includes('resumed')), 'the listener to come back');
      expect(heard[0]).toEqual(['listening', 'prices', 'lost', 'resumed']);
      expect(heard[1]).toEqual(heard[0]);
      expect(await listeners()).toBe(1);
      await app.changes.caughtUp();
    } finally {
      await app.close();
    }
    await waitFor(async () => (await listeners()) === 0, 'the listener to close with the app');
  });

  it('opens nothing without a listener, and caughtUp resolves at once', async () => {
    const app = Fastify({ logger: false });
    await app.register(changeSignalsPlugin, {});
    app.changes.subscribe({ onSignal: () => undefined });
    await app.ready();
    await app.changes.caughtUp();
    await app.close();
  });
});

describe.each(['main', 'worker'] as const)('the embedded database, PGlite on the %s thread', (pgliteThread) => {
  let database: Database;
  let cleanup: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    // A copy of the run's migrated template, as a test app gets: initdb and every migration on a
    // new cluster would cost seconds of CPU for each thread.
    ({ database, cleanup } = await createTestDatabase('pglite', undefined, pgliteThread));
  });
  afterAll(async () => {
    await cleanup?.();
  });

  it('hears each change before the write that made it resolves, and says when it stops', async () => {
    const app = Fastify({ logger: false });
    await app.register(changeSignalsPlugin, { listen: (handlers, log) => database.listenForChanges(handlers, log) });
    const heard: string[] = [];
    app.changes.subscribe({
      onSignal: (signal) => heard.push(signal.topic === 'account' ? `account ${signal.userId}` : signal.topic),
      onListening: (resumed) => heard.push(resumed ? 'resumed' : 'listening'),
      onLost: () => heard.push('lost'),
    });
    await app.ready();
    await waitFor(() => heard.includes('listening'), 'the listener to listen');

    await signalChange(database.db, 'prices');
    expect(heard).toEqual(['listening', 'prices']);

    // migration 0018's trigger, in a transaction: heard once it commits, before the commit resolves.
    await database.db.insert(users).values({ id: 'listener-user', name: 'L', email: 'listener@assay.test' });
    await database.db.transaction(async (tx) => {
      await tx
        .update(users)
        .set({ name: 'Listener' })
        .where(sql`${users.id} = 'listener-user'`);
      expect(heard).toEqual(['listening', 'prices']);
    });
    expect(heard).toEqual(['listening', 'prices', 'account listener-user']);

    // A rolled-back change is never heard.
    await database.db
      .transaction(async (tx) => {
        await tx
          .update(users)
          .set({ name: 'Never' })
          .where(sql`${users.id} = 'listener-user'`);
        tx.rollback();
      })
      .catch(() => undefined);
    await app.changes.caughtUp();
    await app.close();
    expect(heard).toEqual(['listening', 'prices', 'account listener-user', 'lost']);

    // Closed: no longer listening.
    await signalChange(database.db, 'prices');
    expect(heard.at(-1)).toBe('lost');
  });
});
