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
  shapeChangedSince,
  shapeMark,
  type ShapeMark,
} from './database-templates.ts';

type Engine = 'pglite' | 'postgres';

/**
 * A database of the run, given back by one test app and not yet handed to the next: a PGlite stays
 * open (it lives in this process, on its thread or on the event loop); a PostgreSQL copy is closed
 * and kept by name, so that no idle connection keeps the test process alive at its end.
 */
type Idle = { pglite: Database; thread: PgliteThread; name?: undefined } | { pglite?: undefined; name: string };

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

const openCopy = (name: string) => openDatabase({ databaseUrl: databaseUrl(process.env.DATABASE_URL!, name) });

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
 * Every table is in the one statement, so nothing outside it can refer to a row it removes: no
 * CASCADE, whose search for referring tables tripled the cost on PGlite.
 */
async function empty(engine: Engine, database: Database): Promise<void> {
  const tables = await (templateTables[engine] ??= assayTables(database));
  await database.db.execute(sql.raw(`truncate ${tables.join(', ')} restart identity`));
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
  if (reusable && !name) return void idle[engine].push({ pglite: database, thread });
  await database.close().catch(() => undefined);
  if (reusable && name) idle[engine].push({ name });
  else if (name) await dropPostgresDatabase(process.env.DATABASE_URL!, name);
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
  const at = idle[engine].findLastIndex((db) => !db.pglite || db.thread === pgliteThread);
  const reused = at === -1 ? undefined : idle[engine].splice(at, 1)[0];
  let taken: { database: Database; name?: string };
  if (reused) {
    taken = { database: reused.pglite ?? (await openCopy(reused.name!)), name: reused.name };
    await empty(engine, taken.database);
  } else {
    taken = await freshCopy(engine, templates, pgliteThread);
  }
  // Read after emptying: TRUNCATE gives each table new files, which writes its catalog row.
  markOf.set(taken.database, await shapeMark(taken.database));
  return {
    database: taken.database,
    url: taken.name ? databaseUrl(process.env.DATABASE_URL!, taken.name) : undefined,
    cleanup: () => giveBack(engine, taken.database, taken.name, pgliteThread),
  };
}
