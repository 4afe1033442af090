// The OpenAPI document as the code describes it: the whole app built as the tests build it (an
// in-memory database, nothing listening), asked for its document, closed again. `npm run openapi`
// writes it to docs/openapi.json; test/app/api-docs.test.ts fails when that file is out of date.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config/index.ts';
import { type Database, openDatabase } from '../src/db/client.ts';
import { openApiText } from '../src/plugins/api-docs.ts';

export const OPENAPI_FILE = fileURLToPath(new URL('../../../docs/openapi.json', import.meta.url));

/**
 * `migrated`: a migrated database to build the app on, left open (the test passes a copy of its
 * run's template; opening and migrating a new one costs seconds of CPU).
 */
export async function generateOpenApiText(migrated?: Database): Promise<string> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'assay-openapi-'));
  const database = migrated ?? (await openDatabase({}));
  try {
    if (!migrated) await database.migrate();
    // Fixed values: nothing of the environment may reach the document, or it would differ by machine.
    const config = loadConfig({
      NODE_ENV: 'development',
      DATA_DIR: dataDir,
      PUBLIC_URL: 'http://localhost:3000',
      WEB_DIST_DIR: path.join(dataDir, 'no-web'),
      LOG_LEVEL: 'silent',
    });
    const app = await buildApp({
      config,
      database,
      secrets: {
        sessionSecret: 'openapi-document-only-0123456789abcdef',
        encryptionKey: '0'.repeat(64),
        previousEncryptionKeys: [],
      },
      backgroundJobs: false,
    });
    try {
      await app.ready();
      return openApiText(app);
    } finally {
      await app.close();
    }
  } finally {
    if (!migrated) await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
