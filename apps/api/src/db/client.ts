// One Drizzle database over either embedded PGlite (no service to install) or a real PostgreSQL
// server; both speak the same SQL, so the same schema and migrations serve both.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import {
  type ChangeHandlers,
  type ChangeListener,
  type ListenerLog,
  listenForChanges,
  listenInProcess,
} from './change-signals.ts';
import { openDurablePGlite } from './durable-pglite.ts';
import { startPGliteThread } from './pglite-thread-client.ts';
import * as schema from './schema/index.ts';
import { withTransactionRetries } from './transaction-retry.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Repositories take either the database or an open transaction. */
export type DbOrTx = Db | Tx;

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'drizzle');

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Hears the change channel (db/change-signals.ts): on a connection of its own on PostgreSQL. */
  listenForChanges(handlers: ChangeHandlers, log: ListenerLog): ChangeListener;
  migrate(): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

// Any fixed 64-bit number; only Assay's instances take it, so migrations never run twice at once.
const MIGRATION_LOCK_KEY = 7_413_902_311;

/** Where the embedded database runs: a thread of its own (pglite-thread.ts), or the caller's event loop. */
export type PgliteThread = 'worker' | 'main';

/**
 * `pgliteDir` undefined with no URL means an in-memory PGlite (tests). On a folder, every commit
 * is on disk before its query resolves (see durable-node-fs.ts). `pgliteDump` starts the in-memory
 * one from a `dumpDataDir()` tarball instead of an empty cluster: tests load a migrated one,
 * which skips initdb, the slowest part of a start. `pgliteThread` (default 'main') says where it runs.
 */
export async function openDatabase(options: {
  databaseUrl?: string;
  pgliteDir?: string;
  pgliteDump?: Blob;
  pgliteThread?: PgliteThread;
  /** PostgreSQL: idle connections do not keep the process alive (tests keep a pool between apps). */
  allowExitOnIdle?: boolean;
}): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10, allowExitOnIdle: options.allowExitOnIdle });
    pool.on('error', () => {
      // An idle client lost its connection; the pool replaces it. Readiness reports real outages.
    });
    pool.on('connect', (client) => {
      // A client lent out (inside a transaction, between two statements) that loses its connection
      // emits 'error' with no listener of the pool's, which would end the process; its next
      // statement fails instead (a 503 for the request), and the pool drops it when it is released.
      client.on('error', () => undefined);
    });
    // A deadlock or serialization failure is retried, then a 409 (transaction-retry.ts).
    const db = withTransactionRetries(drizzleNodePg({ client: pool, schema }) as unknown as Db);
    const { databaseUrl } = options;
    return {
      db,
      kind: 'postgres',
      listenForChanges: (handlers, log) => listenForChanges(databaseUrl, handlers, log),
      async migrate() {
        const client = await pool.connect();
        try {
          await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
          await migrateNodePg(drizzleNodePg({ client, schema }), { migrationsFolder });
        } finally {
          await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
          client.release();
        }
      },
      async ping() {
        await pool.query('select 1');
      },
      close: () => pool.end(),
    };
  }
  const client = await openPglite(options);
  const db = withTransactionRetries(drizzlePglite({ client, schema }) as unknown as Db);
  return {
    db,
    kind: 'pglite',
    listenForChanges: (handlers, log) => listenInProcess(client, handlers, log),
    migrate: () => migratePglite(drizzlePglite({ client, schema }), { migrationsFolder }),
    async ping() {
      await client.query('select 1');
    },
    close: () => client.close(),
  };
}

/** Either PGlite itself or its stand-in on a thread: drizzle's pglite driver calls both the same way. */
async function openPglite(options: { pgliteDir?: string; pgliteDump?: Blob; pgliteThread?: PgliteThread }): Promise<PGlite> {
  if (options.pgliteThread === 'worker') {
    const thread = await startPGliteThread(options.pgliteDir ? { dataDir: options.pgliteDir } : { dump: options.pgliteDump });
    return thread as unknown as PGlite;
  }
  const client = options.pgliteDir ? await openDurablePGlite(options.pgliteDir) : new PGlite({ loadDataDir: options.pgliteDump });
  await client.waitReady;
  return client;
}
