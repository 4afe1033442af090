// Migrated databases made once per test run, so that each test app starts from a copy instead of
// booting an empty cluster and running every migration again: a PGlite start from an empty
// cluster runs initdb, which costs seconds, while loading a dumped data folder costs a fraction.
import { writeFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { type Database, openDatabase } from '../../src/db/client.ts';
import { installJobTables } from '../../src/jobs/pg-boss-engine.ts';

/** What the global setup hands to the test files (through vitest's provide/inject). */
export interface DatabaseTemplates {
  /** A `dumpDataDir()` tarball of a migrated in-memory PGlite. */
  pgliteDumpFile: string;
  /** The same of a PGlite just made (initdb), with no migration, for the tests that migrate. */
  pgliteBlankDumpFile: string;
  /**
   * A migrated PostgreSQL database to copy with CREATE DATABASE ... TEMPLATE, when DATABASE_URL is
   * set; the copies' names start with it, so the run's end can drop them all.
   */
  postgresTemplate?: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    assayDatabaseTemplates: DatabaseTemplates;
  }
}

/** Schemas that hold no rows of Assay's: the system's, and drizzle's record of applied migrations. */
const NOT_ASSAY = `n.nspname not in ('information_schema', 'drizzle') and n.nspname not like 'pg\\_%'`;

/** The rows of a raw query, the same through both drivers. */
export async function rowsOf<Row>(database: Database, text: string): Promise<Row[]> {
  return ((await database.db.execute(sql.raw(text))) as unknown as { rows: Row[] }).rows;
}

/**
 * The one row a fresh database holds: the job engine's schema version, written when its tables are
 * installed (as every app start does). Kept when the tables are emptied.
 */
const INSTALLED_ROWS = ['pgboss.version'];

/** Every table that holds Assay's rows (and the job engine's), quoted for SQL. */
export async function assayTables(database: Database): Promise<string[]> {
  const rows = await rowsOf<{ name: string }>(
    database,
    `select format('%I.%I', n.nspname, c.relname) as name from pg_class c
      join pg_namespace n on n.oid = c.relnamespace where c.relkind in ('r', 'p') and ${NOT_ASSAY} order by 1`,
  );
  return rows.map((row) => row.name).filter((name) => !INSTALLED_ROWS.includes(name));
}

/**
 * A template is what a started app finds: the migrations, and the job engine's tables (which the
 * app installs at start). Without the latter, every test app would change the shape of the
 * database it was given, and none could be reused.
 */
async function prepareTemplate(database: Database): Promise<void> {
  await database.migrate();
  await installJobTables(database.db);
  await refuseSeededTemplate(database);
}

/**
 * The system catalogs a change of shape writes to: a table, column, default, constraint, index,
 * trigger, function, type or schema created, altered or dropped.
 */
const SHAPE_CATALOGS = [
  'pg_namespace',
  'pg_class',
  'pg_attribute',
  'pg_attrdef',
  'pg_constraint',
  'pg_index',
  'pg_trigger',
  'pg_proc',
  'pg_type',
];

const catalogRows = SHAPE_CATALOGS.map((catalog) => `(select count(*) from ${catalog})`).join(' + ');

/** Where a database's shape stood: the next transaction id then, and how many catalog rows there were. */
export interface ShapeMark {
  nextTransactionId: number;
  catalogRows: number;
}

/**
 * Reading it costs a few milliseconds, where hashing every definition cost a hundred and more on
 * PGlite, once per test app.
 */
export async function shapeMark(database: Database): Promise<ShapeMark> {
  const [row] = await rowsOf<{ next: string; rows: string }>(
    database,
    `select pg_snapshot_xmax(pg_current_snapshot())::text::bigint % 4294967296 as next, ${catalogRows} as rows`,
  );
  return { nextTransactionId: Number(row!.next), catalogRows: Number(row!.rows) };
}

/**
 * Whether the shape changed after `mark` was read: a catalog row written since (created or altered:
 * its xmin is that transaction's or later), or rows gone (dropped). Stricter than comparing
 * definitions (a change undone still counts), which only costs a fresh copy.
 */
export async function shapeChangedSince(database: Database, mark: ShapeMark): Promise<boolean> {
  const written = SHAPE_CATALOGS.map(
    (catalog) => `exists (select 1 from ${catalog} where xmin::text::bigint >= ${mark.nextTransactionId})`,
  ).join(' or ');
  const [row] = await rowsOf<{ changed: boolean }>(
    database,
    `select (${written}) or (${catalogRows}) <> ${mark.catalogRows} as changed`,
  );
  return row!.changed;
}

/** Emptying the tables gives back the template only if the migrations leave them empty. */
async function refuseSeededTemplate(database: Database): Promise<void> {
  for (const table of await assayTables(database)) {
    const [row] = await rowsOf<{ n: number }>(database, `select count(*)::int as n from ${table}`);
    if (row!.n > 0) {
      throw new Error(
        `The migrations put rows in ${table}, so emptying the tables no longer gives back a fresh database; ` +
          'teach apps/api/test/support/test-databases.ts to restore them.',
      );
    }
  }
}

const dumpOf = async (client: PGlite) => Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer());

/** Writes the blank cluster (initdb, the slow part of a new PGlite, done once) and the migrated one. */
export async function writePgliteTemplates(files: { blank: string; migrated: string }): Promise<void> {
  const blank = new PGlite();
  await blank.waitReady;
  const blankDump = await dumpOf(blank).finally(() => blank.close());
  writeFileSync(files.blank, blankDump);
  const database = await openDatabase({ pgliteDump: new Blob([blankDump]) });
  try {
    await prepareTemplate(database);
    const client = (database.db as unknown as { $client: PGlite }).$client;
    writeFileSync(files.migrated, await dumpOf(client));
  } finally {
    await database.close();
  }
}

/** A PostgreSQL database URL on the same server as `baseUrl`, with another database name. */
export function databaseUrl(baseUrl: string, name: string): string {
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs one statement on the server's maintenance database (CREATE/DROP DATABASE cannot run in a pool transaction). */
export async function onServer<Row extends object = object>(baseUrl: string, text: string): Promise<Row[]> {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    return (await client.query<Row>(text)).rows;
  } finally {
    await client.end();
  }
}

/**
 * Creates a scratch database for tests (a copy of `template` when given). Its commits do not wait
 * for the WAL to reach the disk (synchronous_commit off, for this database only): a test never
 * crashes the PostgreSQL server, so the flush bought nothing but about 3 ms a commit on this disk.
 * The durability the tests prove is the app's own (PGlite's on-disk folder, the outbox, a killed
 * process), never the server's.
 */
export async function createScratchDatabase(baseUrl: string, name: string, template?: string): Promise<void> {
  await onServer(baseUrl, `create database ${name}${template ? ` template ${template}` : ''}`);
  await onServer(baseUrl, `alter database ${name} set synchronous_commit = off`);
}

export async function createPostgresTemplate(baseUrl: string, name: string): Promise<void> {
  await createScratchDatabase(baseUrl, name);
  // Closed before any copy: PostgreSQL refuses to copy a database that has open sessions.
  const database = await openDatabase({ databaseUrl: databaseUrl(baseUrl, name) });
  try {
    await prepareTemplate(database);
  } finally {
    await database.close();
  }
}

export const dropPostgresDatabase = async (baseUrl: string, name: string) => {
  await onServer(baseUrl, `drop database if exists ${name} with (force)`);
};

/** Drops the template and every copy of it, including those a test process kept for reuse. */
export async function dropPostgresTemplate(baseUrl: string, template: string): Promise<void> {
  const copies = await onServer<{ datname: string }>(
    baseUrl,
    `select datname from pg_database where datname like '${template}\\_%'`,
  );
  for (const { datname } of copies) await dropPostgresDatabase(baseUrl, datname);
  await dropPostgresDatabase(baseUrl, template);
}
