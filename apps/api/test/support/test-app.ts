// Builds the real app on a migrated database of its own, with no rows: in-memory PGlite always, and
// a scratch PostgreSQL database as well when DATABASE_URL is set (CI sets it), so both engines are
// exercised.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, FastifyPluginAsync, InjectOptions, RouteOptions } from 'fastify';
import { type AppDeps, buildApp } from '../../src/app.ts';
import { type Config, loadConfig } from '../../src/config/index.ts';
import { type Database, openDatabase, type PgliteThread } from '../../src/db/client.ts';
import { syncAdminEmails } from '../../src/modules/users/index.ts';
import { createScratchDatabase, databaseUrl, dropPostgresDatabase } from './database-templates.ts';
import { runTemplates, takeTestDatabase } from './test-databases.ts';

export const TEST_ORIGIN = 'http://localhost:3000';
/** The test app's encryption key unless a test sets its own: fixtures written straight into the database seal with it. */
export const TEST_ENCRYPTION_KEY = 'a'.repeat(64);
export const ADMIN_EMAIL = 'appraiser@assay.test';

export type Engine = 'pglite' | 'postgres';

/** The engines this run can test: PGlite always, PostgreSQL when DATABASE_URL is set. */
export const engines: Engine[] = process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

/** A scratch database of its own, empty: outside vitest there is no migrated template to copy. */
async function scratchPostgres(): Promise<{ url: string; drop(): Promise<void> }> {
  const base = process.env.DATABASE_URL!;
  const name = `assay_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  await createScratchDatabase(base, name);
  return { url: databaseUrl(base, name), drop: () => dropPostgresDatabase(base, name) };
}

/**
 * `pgliteDir` puts PGlite on that folder, as in production, instead of in memory. Under vitest an
 * in-memory or PostgreSQL database comes from the run's migrated template (test-databases.ts).
 */
export async function createTestDatabase(
  engine: Engine,
  pgliteDir?: string,
  pgliteThread: PgliteThread = 'main',
): Promise<{ database: Database; url?: string; cleanup(): Promise<void> }> {
  const templates = await runTemplates();
  if (templates && !pgliteDir) return takeTestDatabase(engine, templates, pgliteThread);
  if (engine === 'pglite') {
    const database = await openDatabase({ pgliteDir, pgliteThread });
    await database.migrate();
    return { database, cleanup: () => database.close() };
  }
  const scratch = await scratchPostgres();
  const database = await openDatabase({ databaseUrl: scratch.url });
  await database.migrate();
  return {
    database,
    url: scratch.url,
    async cleanup() {
      await database.close();
      await scratch.drop();
    },
  };
}

/**
 * Another instance on `first`'s database: on PostgreSQL a pool of its own, as a second process
 * would have; PGlite lives in this process, so the same one. `first` closes after it.
 */
async function sameDatabaseAs(first: TestApp): Promise<{ database: Database; url?: string; cleanup(): Promise<void> }> {
  if (!first.databaseUrl) return { database: first.database, cleanup: async () => undefined };
  const database = await openDatabase({ databaseUrl: first.databaseUrl });
  return { database, url: first.databaseUrl, cleanup: () => database.close() };
}

/** For a route test that runs PGlite on its own thread, as production does by default. */
export const WORKER_THREAD_ENV = { PGLITE_THREAD: 'worker' } as const;

export async function createTestApp(
  engine: Engine,
  env: Record<string, string> = {},
  options: {
    demo?: boolean;
    logger?: AppDeps['logger'];
    pgliteOnDisk?: boolean;
    /** Serve from this app's database, as a second instance behind the same load balancer. */
    sameDatabaseAs?: TestApp;
    /**
     * PostgreSQL: listen for changes to sessions and accounts as a server does, which makes the
     * session cache live. Off by default: a test that writes a user row with SQL and asks again at
     * once would otherwise race the signal, as no request does in production. PGlite always hears
     * them, as a server does: its signals arrive before the write that sent them resolves.
     */
    hearChanges?: boolean;
    /** Registered before the app is ready: a test's own routes (never production ones). */
    plugins?: FastifyPluginAsync[];
    /** The app's clock, for rules bound to time (a test moves it instead of waiting). */
    clock?: AppDeps['clock'];
  } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'assay-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PUBLIC_URL: TEST_ORIGIN,
    ADMIN_EMAILS: ADMIN_EMAIL,
    SESSION_SECRET: 'test-session-secret-that-is-long-enough-0123456789',
    ENCRYPTION_KEY: TEST_ENCRYPTION_KEY,
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    LOG_LEVEL: 'silent',
    // PGlite in the test's own thread: the hop to a database thread (production's default) cost a
    // third of the CPU of a route test on PGlite. The thread itself is tested where it matters:
    // src/db/pglite-thread.test.ts (every type through it), the durability, change-signal and
    // session-cache tests (both threads), and the route files that ask for it (WORKER_THREAD_ENV).
    PGLITE_THREAD: 'main',
    // Hundreds of sign-ups: better-auth's scrypt would cost the suite half a minute of CPU. An app
    // configured as production keeps the standard hashes (test/users/password-hashing.test.ts).
    ...(env.NODE_ENV === undefined || env.NODE_ENV === 'test' ? { PASSWORD_HASHING: 'fast-for-tests-only' } : {}),
    ...env,
  });
  const pgliteDir = options.pgliteOnDisk ? path.join(dataDir, 'pglite') : undefined;
  const { database, url, cleanup } = options.sameDatabaseAs
    ? await sameDatabaseAs(options.sameDatabaseAs)
    : await createTestDatabase(engine, pgliteDir, config.pgliteThread);
  await syncAdminEmails(database.db, config.adminEmails);
  const routes: RouteOptions[] = [];
  const app = await buildApp({
    config,
    database,
    hearChanges: engine === 'pglite' || options.hearChanges === true,
    secrets: {
      sessionSecret: config.sessionSecret!,
      encryptionKey: config.encryptionKey!,
      previousEncryptionKeys: config.previousEncryptionKeys,
    },
    backgroundJobs: false,
    demo: options.demo,
    clock: options.clock,
    logger: options.logger,
    onRoute: (route) => routes.push(route),
  });
  for (const plugin of options.plugins ?? []) await app.register(plugin);
  await app.ready();
  sendFromOwnPage(app);
  return {
    app,
    config,
    database,
    db: database.db,
    /** PostgreSQL: where another instance connects (`sameDatabaseAs`). */
    databaseUrl: url,
    /** Every route of the app, as registered. */
    routes,
    pgliteDir,
    async close() {
      await app.close();
      await cleanup();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Browsers send Origin with every state-changing request, so the tests' requests come from Assay's
 * own page unless a test names another origin (or `origin: undefined` to send none).
 */
function sendFromOwnPage(app: FastifyInstance) {
  const inject = app.inject.bind(app) as (opts: InjectOptions | string) => ReturnType<FastifyInstance['inject']>;
  app.inject = ((opts: InjectOptions | string) => {
    if (typeof opts === 'string') return inject(opts);
    const headers = { ...(opts.headers ?? {}) };
    if (!('origin' in headers)) headers.origin = TEST_ORIGIN;
    else if (headers.origin === undefined) delete headers.origin;
    return inject({ ...opts, headers });
  }) as FastifyInstance['inject'];
}

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  database: Database;
  db: Database['db'];
  databaseUrl: string | undefined;
  routes: RouteOptions[];
  pgliteDir: string | undefined;
  close(): Promise<void>;
}
