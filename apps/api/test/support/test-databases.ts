// The databases test apps run on, under vitest: each test process keeps the databases its test
// apps gave back and hands them out again emptied, so a test app costs a TRUNCATE instead of a
// new database (a PGlite load, or a PostgreSQL copy and drop). A database is only ever used by one
// test app at a time, and is emptied before it is handed out, so no test sees another's rows.
import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { type Database, openDatabase, type PgliteThread } from '../../src/db/client.ts';
import {
  assayTables,
  createScratchDatabase,
  type DatabaseTemplates,
  databaseUrl,
  dropPostgresDatabase,
  rowsOf,
  shapeChangedSince,
  shapeMark,
  type ShapeMark,
} from './database-templates.ts';

type Engine = 'pglite' | 'postgres';

/**
 * A database of the run, given back by one test app and not yet handed to the next, still open: a
 * PGlite lives in this process (on its thread or on the event loop); a PostgreSQL copy keeps its
 * pool, whose idle connections let the process end, and its name, for a second app to connect.
 */
type Idle = { database?: Database; thread?: PgliteThread; name?: string };

const idle: Record<Engine, Idle[]> = { pglite: [], postgres: [] };
/** Where each handed-out database's shape stood when it was handed out. */
const markOf = new WeakMap<Database, ShapeMark>();
/** The template's tables, per engine: a database is reused only while its shape is the template's. */
const templateTables: Partial<Record<Engine, Promise<string[]>>> = {};
let pgliteDump: Blob | undefined;
let pgliteBlankDump: Blob | undefined;

/** The templates of this vitest run, or undefined outside vitest (benchmarks), which then migrate as before. */
export async function runTemplates(): Promise<DatabaseTemplates | undefined> {
  if (!process.env.VITEST) return undefined;
  const { inject } = await import('vitest');
  return inject('assayDatabaseTemplates');
}

/**
 * An empty in-memory PGlite with no migration, for tests of migrations and of the driver: loaded
 * from the run's blank cluster, as initdb costs seconds of CPU each time.
 */
export async function blankPGlite(): Promise<PGlite> {
  const templates = await runTemplates();
  if (!templates) return new PGlite();
  pgliteBlankDump ??= new Blob([readFileSync(templates.pgliteBlankDumpFile)]);
  return new PGlite({ loadDataDir: pgliteBlankDump });
}

// The pool stays open for the next test app (its idle connections let the process end): a new
// connection reads the catalogs again at its first statements, which cost more than a test's own.
const openCopy = (name: string) =>
  openDatabase({ databaseUrl: databaseUrl(process.env.DATABASE_URL!, name), allowExitOnIdle: true });

async function freshCopy(
  engine: Engine,
  templates: DatabaseTemplates,
  pgliteThread: PgliteThread,
): Promise<{ database: Database; name?: string }> {
  if (engine === 'pglite') {
    pgliteDump ??= new Blob([readFileSync(templates.pgliteDumpFile)]);
    return { database: await openDatabase({ pgliteDump, pgliteThread }) };
  }
  const name = `${templates.postgresTemplate}_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  await createScratchDatabase(process.env.DATABASE_URL!, name, templates.postgresTemplate);
  return { database: await openCopy(name), name };
}

/**
 * Deletes every row with the tables' triggers and foreign keys off (replica role), then sets each
 * sequence back to its start: one statement, which touches no catalog. TRUNCATE gave every table
 * and index a new file, ~250 ms per test app on PostgreSQL and ~40 ms on PGlite.
 */
async function empty(engine: Engine, database: Database): Promise<void> {
  const tables = await (templateTables[engine] ??= assayTables(database));
  const deletes = tables.map((table) => `delete from ${table};`).join(' ');
  await database.db.execute(
    sql.raw(`do $$ begin
      perform set_config('session_replication_role', 'replica', true);
      ${deletes}
      perform set_config('session_replication_role', 'origin', true);
      perform setval(format('%I.%I', schemaname, sequencename), start_value, false) from pg_sequences
        where schemaname not in ('information_schema', 'drizzle') and schemaname not like 'pg\\_%';
    end $$`),
  );
}

/** Takes the database back if only its rows changed; one whose shape a test altered is thrown away. */
async function giveBack(engine: Engine, database: Database, name: string | undefined, thread: PgliteThread): Promise<void> {
  const mark = markOf.get(database);
  const reusable =
    mark !== undefined &&
    (await shapeChangedSince(database, mark).then(
      (changed) => !changed,
      () => false,
    ));
  if (reusable && (!name || (await quietConnections(database)))) {
    return void idle[engine].push({ database, thread: name ? undefined : thread, name });
  }
  await database.close().catch(() => undefined);
  // Kept by name, to open a new pool on: its old connections are gone, with whatever they held.
  if (reusable && name) idle[engine].push({ name });
  else if (name) await dropPostgresDatabase(process.env.DATABASE_URL!, name);
}

/**
 * Whether every other connection to the database is idle, so that its pool can serve the next test
 * app. One left in a transaction (a request cut off by its test, a connection the test broke) would
 * hold its locks for the next app; such connections are ended, and the pool is closed instead.
 */
async function quietConnections(database: Database): Promise<boolean> {
  const [row] = await rowsOf<{ busy: number }>(
    database,
    `select count(pg_terminate_backend(pid))::int as busy from pg_stat_activity
      where datname = current_database() and pid <> pg_backend_pid() and state is distinct from 'idle'`,
  ).catch(() => [{ busy: 1 }]);
  return row!.busy === 0;
}

/**
 * A database with the template's tables, all empty, for one test app; `cleanup` gives it back.
 * `url` (PostgreSQL) lets a second app open its own connections to it, as another instance would.
 */
export async function takeTestDatabase(
  engine: Engine,
  templates: DatabaseTemplates,
  pgliteThread: PgliteThread,
): Promise<{ database: Database; url?: string; cleanup(): Promise<void> }> {
  const at = idle[engine].findLastIndex((db) => db.name !== undefined || db.thread === pgliteThread);
  const reused = at === -1 ? undefined : idle[engine].splice(at, 1)[0];
  let taken: { database: Database; name?: string };
  if (reused) {
    taken = { database: reused.database ?? (await openCopy(reused.name!)), name: reused.name };
    await empty(engine, taken.database);
  } else {
    taken = await freshCopy(engine, templates, pgliteThread);
  }
  // Read after emptying, so that only what the test itself does counts as a change of shape.
  markOf.set(taken.database, await shapeMark(taken.database));
  return {
    database: taken.database,
    url: taken.name ? databaseUrl(process.env.DATABASE_URL!, taken.name) : undefined,
    cleanup: () => giveBack(engine, taken.database, taken.name, pgliteThread),
  };
}
