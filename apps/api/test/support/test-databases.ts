// The databases test apps run on, under vitest: each test process keeps the databases its test
// apps gave back and hands them out again emptied, so a test app costs a TRUNCATE instead of a
// new database (a PGlite load, or a PostgreSQL copy and drop). A database is only ever used by one
// test app at a time, and is emptied before it is handed out, so no test sees another's rows.
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { type Database, openDatabase, type PgliteThread } from '../../src/db/client.ts';
import {
  assayTables,
  type DatabaseTemplates,
  databaseUrl,
  dropPostgresDatabase,
  onServer,
  shapeOf,
} from './database-templates.ts';

type Engine = 'pglite' | 'postgres';

/**
 * A database of the run, given back by one test app and not yet handed to the next: a PGlite stays
 * open (it lives in this process, on its thread or on the event loop); a PostgreSQL copy is closed
 * and kept by name, so that no idle connection keeps the test process alive at its end.
 */
type Idle = { pglite: Database; thread: PgliteThread; name?: undefined } | { pglite?: undefined; name: string };

const idle: Record<Engine, Idle[]> = { pglite: [], postgres: [] };
/** The shape of a fresh copy of the template, per engine (their catalogs print slightly differently). */
const templateShape: Partial<Record<Engine, Promise<string>>> = {};
let pgliteDump: Blob | undefined;

/** The templates of this vitest run, or undefined outside vitest (benchmarks), which then migrate as before. */
export async function runTemplates(): Promise<DatabaseTemplates | undefined> {
  if (!process.env.VITEST) return undefined;
  const { inject } = await import('vitest');
  return inject('assayDatabaseTemplates');
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
  await onServer(process.env.DATABASE_URL!, `create database ${name} template ${templates.postgresTemplate}`);
  return { database: await openCopy(name), name };
}

async function empty(database: Database): Promise<void> {
  const tables = await assayTables(database);
  await database.db.execute(sql.raw(`truncate ${tables.join(', ')} restart identity cascade`));
}

/** Takes the database back if only its rows changed; one whose shape a test altered is thrown away. */
async function giveBack(engine: Engine, database: Database, name: string | undefined, thread: PgliteThread): Promise<void> {
  const reusable = await Promise.all([shapeOf(database), templateShape[engine]]).then(
    ([shape, template]) => shape === template,
    () => false,
  );
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
    await empty(taken.database);
  } else {
    taken = await freshCopy(engine, templates, pgliteThread);
    templateShape[engine] ??= shapeOf(taken.database);
    await templateShape[engine];
  }
  return {
    database: taken.database,
    url: taken.name ? databaseUrl(process.env.DATABASE_URL!, taken.name) : undefined,
    cleanup: () => giveBack(engine, taken.database, taken.name, pgliteThread),
  };
}
