// The image (deploy/Dockerfile) holds apps/api/dist and the production dependencies, no tsx and no
// sources (issue 29): the operator's migrate, sanctions-load and seed commands run there as bundles.
// This runs them as the operator would, as child processes of node alone, on PostgreSQL and on the
// embedded database, after `npm run build`.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../src/db/client.ts';
import { createScratchDatabase, databaseUrl, dropPostgresDatabase, rowsOf } from '../support/database-templates.ts';
import { PRODUCTION_ENV } from '../support/production-env.ts';

const apiDir = path.resolve(import.meta.dirname, '../..');
const dist = path.join(apiDir, 'dist');
const commands = ['migrate', 'sanctions-load', 'seed'] as const;
const built = commands.every((name) => existsSync(path.join(dist, `${name}.js`)));
const ofacDir = path.join(apiDir, 'test/fixtures/ofac');
const ofacFiles = ['sdn.csv', 'alt.csv', 'add.csv'];
const journal = JSON.parse(readFileSync(path.join(apiDir, 'src/db/drizzle/meta/_journal.json'), 'utf8')) as {
  entries: unknown[];
};

interface Ran {
  code: number | null;
  out: string;
  err: string;
}

/**
 * `node apps/api/dist/<name>.js` with only the variables given (and PATH): no NODE_PATH, no
 * NODE_OPTIONS, nothing npm or vitest set, so a module is found only as the image would find it.
 */
function run(name: (typeof commands)[number], args: string[], env: Record<string, string>, cwd = apiDir): Promise<Ran> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(dist, `${name}.js`), ...args], {
      cwd,
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', TMPDIR: tmpdir(), LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, out, err }));
  });
}

async function appliedMigrations(database: Database): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(database, 'select count(*)::int as n from drizzle.__drizzle_migrations');
  return row!.n;
}

async function activeList(database: Database): Promise<{ lists: number; entries: number }> {
  const [row] = await rowsOf<{ lists: number; entries: number }>(
    database,
    `select (select count(*)::int from sanctions_lists) as lists,
            (select count(*)::int from sanctions_entries e join sanctions_lists l on l.id = e.list_id where l.active) as entries`,
  );
  return row!;
}

const ofacPaths = ofacFiles.map((name) => path.join(ofacDir, name));
const missingFile = (dir: string) => [path.join(dir, 'no-such-release', 'sdn.csv'), ...ofacPaths.slice(1)];

describe.runIf(built)('the built commands (apps/api/dist; skipped until `npm run build` has made it)', () => {
  it('import only node built-ins and production dependencies, which is all the image installs', () => {
    const manifest = (file: string) =>
      Object.keys((JSON.parse(readFileSync(file, 'utf8')) as { dependencies?: object }).dependencies ?? {});
    const production = new Set([
      ...manifest(path.join(apiDir, 'package.json')),
      ...manifest(path.resolve(apiDir, '../../packages/domain/package.json')),
    ]);
    const builtins = new Set(builtinModules);
    for (const name of commands) {
      const code = readFileSync(path.join(dist, `${name}.js`), 'utf8');
      // esbuild writes static imports at the start of a line; dynamic ones anywhere.
      const specifiers = [
        /^(?:import|export)\b[^;]*?\bfrom\s*"([^"]+)";/gm,
        /^import\s*"([^"]+)";/gm,
        /\b(?:import|require)\(\s*"([^"]+)"\s*\)/g,
      ].flatMap((pattern) => [...code.matchAll(pattern)].map((m) => m[1]!));
      const packages = specifiers
        .filter((s) => !s.startsWith('.') && !s.startsWith('node:') && !builtins.has(s))
        .map((s) => (s.startsWith('@') ? s.split('/').slice(0, 2).join('/') : s.split('/')[0]!));
      expect(packages.length, `${name}.js imports no package at all: the pattern no longer reads the bundle`).toBeGreaterThan(0);
      expect(
        packages.filter((p) => !production.has(p)),
        `${name}.js imports packages the image lacks`,
      ).toEqual([]);
    }
  });

  describe('on the embedded database in a fresh DATA_DIR', () => {
    let dataDir: string;
    beforeAll(() => {
      dataDir = mkdtempSync(path.join(tmpdir(), 'assay-built-commands-'));
    });
    afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

    const readDatabase = async <T>(read: (database: Database) => Promise<T>): Promise<T> => {
      const database = await openDatabase({ pgliteDir: path.join(dataDir, 'pglite') });
      try {
        return await read(database);
      } finally {
        await database.close();
      }
    };

    it('migrates, loads the OFAC list from where the operator stands, refuses a missing file, and seeds the demo', async () => {
      const env = { DATA_DIR: dataDir };
      const migrated = await run('migrate', [], env);
      expect(migrated).toMatchObject({ code: 0, out: 'Migrations applied (pglite).\n' });
      expect(await readDatabase(appliedMigrations)).toBe(journal.entries.length);

      // Relative paths, from the folder the files are in (a container's mounted folder).
      const loaded = await run('sanctions-load', ofacFiles, env, ofacDir);
      expect(loaded.err).toBe('');
      expect(loaded.code).toBe(0);
      expect(loaded.out).toMatch(
        /^Loaded the OFAC SDN list published \d{4}-\d{2}-\d{2}: 4 listings, .* It is now the active list\.\n$/,
      );
      expect(await readDatabase(activeList)).toEqual({ lists: 1, entries: 4 });

      const missing = await run('sanctions-load', missingFile(dataDir), env);
      expect(missing.code).toBe(1);
      expect(missing.err).toBe(`Nothing was loaded: ${path.join(dataDir, 'no-such-release', 'sdn.csv')} does not exist.\n`);
      expect(await readDatabase(activeList)).toEqual({ lists: 1, entries: 4 });

      const seeded = await run('seed', [], env);
      expect(seeded.err).toBe('');
      expect(seeded).toMatchObject({ code: 0, out: expect.stringMatching(/^Demo data seeded\.\n/) });
      const [users] = await readDatabase((database) => rowsOf<{ n: number }>(database, 'select count(*)::int as n from users'));
      expect(users!.n).toBeGreaterThan(0);
      // Run again, the seed finds users and adds nothing.
      expect(await run('seed', [], env)).toMatchObject({ code: 0, out: 'The database already has users; nothing was seeded.\n' });
    });
  });

  const url = process.env.DATABASE_URL;
  describe.skipIf(!url)('on PostgreSQL, as the image runs them (NODE_ENV=production; skipped without DATABASE_URL)', () => {
    const name = `assay_built_commands_${process.pid}`;
    let env: Record<string, string>;
    let database: Database;
    beforeAll(async () => {
      await createScratchDatabase(url!, name);
      env = { ...PRODUCTION_ENV, DATABASE_URL: databaseUrl(url!, name) };
      database = await openDatabase({ databaseUrl: env.DATABASE_URL });
    });
    afterAll(async () => {
      await database?.close();
      await dropPostgresDatabase(url!, name);
    });

    it('migrates, and a second run finds nothing to apply', async () => {
      expect(await run('migrate', [], env)).toMatchObject({ code: 0, out: 'Migrations applied (postgres).\n' });
      expect(await appliedMigrations(database)).toBe(journal.entries.length);
      expect(await run('migrate', [], env)).toMatchObject({ code: 0 });
      expect(await appliedMigrations(database)).toBe(journal.entries.length);
    });

    it('loads the OFAC fixtures and makes them the active list; a missing file loads nothing and exits 1', async () => {
      const loaded = await run('sanctions-load', ofacPaths, env);
      expect(loaded.err).toBe('');
      expect(loaded.code).toBe(0);
      expect(loaded.out).toContain('It is now the active list.');
      expect(await activeList(database)).toEqual({ lists: 1, entries: 4 });

      const missing = await run('sanctions-load', missingFile(tmpdir()), env);
      expect(missing).toMatchObject({
        code: 1,
        err: `Nothing was loaded: ${path.join(tmpdir(), 'no-such-release', 'sdn.csv')} does not exist.\n`,
      });
      expect(await activeList(database)).toEqual({ lists: 1, entries: 4 });

      const noFiles = await run('sanctions-load', [], env);
      expect(noFiles.code).toBe(64);
      expect(noFiles.err).toMatch(/^Usage: /);
    });

    it('refuses to seed the demo, whose passwords are published, in production', async () => {
      const refused = await run('seed', [], env);
      expect(refused.code).toBe(78);
      expect(refused.err).toMatch(/never in production/);
      const [users] = await rowsOf<{ n: number }>(database, 'select count(*)::int as n from users');
      expect(users!.n).toBe(0);
    });
  });
});
