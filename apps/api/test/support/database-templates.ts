// Migrated databases made once per test run, so that each test app starts from a copy instead of
// booting an empty cluster and running every migration again: a PGlite start from an empty
// cluster runs initdb, which costs seconds, while loading a dumped data folder costs a fraction.
import { writeFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { type Database, openDatabase } from '../../src/db/client.ts';
import { installJobTables } from '../../src/jobs/pg-boss-engine.ts';

/** What the global setup hands to the test files (through vitest's provide/inject). */
export interface DatabaseTemplates {
  /** A `dumpDataDir()` tarball of a migrated in-memory PGlite. */
  pgliteDumpFile: string;
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
async function rowsOf<Row>(database: Database, text: string): Promise<Row[]> {
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
 * A digest of the database's shape (tables, columns, defaults, constraints, indexes, triggers,
 * functions, schemas). Equal to the template's means that only rows can differ, so emptying the
 * tables gives back the template; a test that altered the shape gets its database thrown away.
 */
export async function shapeOf(database: Database): Promise<string> {
  const rows = await rowsOf<{ shape: string }>(
    database,
    `select md5(coalesce(string_agg(item, E'\\n' order by item), '')) as shape from (
      select format('schema %s', n.nspname) as item from pg_namespace n where ${NOT_ASSAY}
      union all
      select format('relation %s %s %s', c.oid::regclass, c.relkind, c.relrowsecurity)
        from pg_class c join pg_namespace n on n.oid = c.relnamespace where ${NOT_ASSAY}
      union all
      select format('column %s.%s %s %s %s', a.attrelid::regclass, a.attname, format_type(a.atttypid, a.atttypmod),
          a.attnotnull, pg_get_expr(d.adbin, d.adrelid))
        from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
        left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
        where a.attnum > 0 and not a.attisdropped and ${NOT_ASSAY}
      union all
      select format('constraint %s %s %s %s', co.conrelid::regclass, co.conname, pg_get_constraintdef(co.oid), co.convalidated)
        from pg_constraint co join pg_namespace n on n.oid = co.connamespace where ${NOT_ASSAY}
      union all
      select format('index %s', pg_get_indexdef(i.indexrelid))
        from pg_index i join pg_class c on c.oid = i.indexrelid join pg_namespace n on n.oid = c.relnamespace where ${NOT_ASSAY}
      union all
      select format('trigger %s %s %s %s', t.tgrelid::regclass, t.tgname, t.tgenabled, t.tgfoid::regprocedure)
        from pg_trigger t where not t.tgisinternal
      union all
      select format('function %s %s', p.oid::regprocedure, md5(p.prosrc))
        from pg_proc p join pg_namespace n on n.oid = p.pronamespace where ${NOT_ASSAY}
    ) items`,
  );
  return rows[0]!.shape;
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

export async function writePgliteTemplate(file: string): Promise<void> {
  const database = await openDatabase({});
  try {
    await prepareTemplate(database);
    const client = (database.db as unknown as { $client: { dumpDataDir(c: 'none'): Promise<Blob> } }).$client;
    const dump = await client.dumpDataDir('none');
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
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

export async function createPostgresTemplate(baseUrl: string, name: string): Promise<void> {
  await onServer(baseUrl, `create database ${name}`);
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
