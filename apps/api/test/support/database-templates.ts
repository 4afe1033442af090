// Migrated databases made once per test run, so that each test app starts from a copy instead of
// booting an empty cluster and running every migration again: a PGlite start from an empty
// cluster runs initdb, which costs seconds, while loading a dumped data folder costs a fraction.
import { readFileSync, writeFileSync } from 'node:fs';
import pg from 'pg';
import { openDatabase } from '../../src/db/client.ts';

/** What the global setup hands to the test files (through vitest's provide/inject). */
export interface DatabaseTemplates {
  /** A `dumpDataDir()` tarball of a migrated in-memory PGlite. */
  pgliteDumpFile: string;
  /** A migrated PostgreSQL database to copy with CREATE DATABASE ... TEMPLATE, when DATABASE_URL is set. */
  postgresTemplate?: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    assayDatabaseTemplates: DatabaseTemplates;
  }
}

export async function writePgliteTemplate(file: string): Promise<void> {
  const database = await openDatabase({});
  try {
    await database.migrate();
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
export async function onServer(baseUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export async function createPostgresTemplate(baseUrl: string, name: string): Promise<void> {
  await onServer(baseUrl, `create database ${name}`);
  // Closed before any copy: PostgreSQL refuses to copy a database that has open sessions.
  const database = await openDatabase({ databaseUrl: databaseUrl(baseUrl, name) });
  try {
    await database.migrate();
  } finally {
    await database.close();
  }
}

export const dropPostgresDatabase = (baseUrl: string, name: string) =>
  onServer(baseUrl, `drop database if exists ${name} with (force)`);

/** The templates of this vitest run, or undefined outside vitest (benchmarks), which then migrate as before. */
export async function runTemplates(): Promise<DatabaseTemplates | undefined> {
  if (!process.env.VITEST) return undefined;
  const { inject } = await import('vitest');
  return inject('assayDatabaseTemplates');
}

let pgliteDump: Blob | undefined;

/** The migrated PGlite tarball, read once per test process. */
export function readPgliteDump(file: string): Blob {
  pgliteDump ??= new Blob([readFileSync(file)]);
  return pgliteDump;
}
