// Everything between "configuration is valid" and "the app can serve": claim the data folder,
// open and migrate the database, apply ADMIN_EMAILS, seed the demo. Shared by server and CLI.
import path from 'node:path';
import { type Config, ConfigError, loadConfig, type Secrets } from './config/index.ts';
import { type Database, openDatabase } from './db/client.ts';
import { lockDataDir } from './lib/data-dir-lock.ts';
import { type ResolvedSecrets, resolveSecrets } from './lib/generated-secrets.ts';
import { installJobTables } from './jobs/pg-boss-engine.ts';
import { sealPlaintextPersonalData } from './modules/encryption-keys/index.ts';
import { syncAdminEmails } from './modules/users/index.ts';
import type { DemoModeFacts } from './modules/demo/index.ts';

export interface Booted {
  database: Database;
  secrets: Secrets;
  /** Where generated secrets are kept; undefined when the environment gives them all. */
  secretsFile: string | undefined;
  release(): Promise<void>;
}

/** The configuration, or the process ends printing every problem (exit 78: configuration error). */
export function loadConfigOrExit(): Config {
  try {
    return loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(78);
    }
    throw err;
  }
}

export async function bootDatabase(config: Config): Promise<Booted> {
  const unlock = config.databaseUrl ? () => undefined : lockDataDir(config.dataDir);
  let database: Database;
  let resolved: ResolvedSecrets;
  try {
    // Under the data folder's lock, so two processes never generate two keys for one folder.
    resolved = resolveSecrets(config);
    database = await openDatabase({
      databaseUrl: config.databaseUrl,
      pgliteDir: path.join(config.dataDir, 'pglite'),
      pgliteThread: config.pgliteThread,
    });
    await database.migrate();
    // Migration 0023's data step: personal data written in clear before it is sealed now.
    await sealPlaintextPersonalData(database.db, resolved.secrets.encryptionKey);
    // The job engine's tables, so that every process opening this database can enqueue jobs.
    await installJobTables(database.db);
    await syncAdminEmails(database.db, config.adminEmails);
  } catch (err) {
    unlock();
    throw err;
  }
  return {
    database,
    secrets: resolved.secrets,
    secretsFile: resolved.file,
    async release() {
      await database.close();
      unlock();
    },
  };
}

/** What decideDemoMode reads of the configuration. */
export function demoModeFacts(config: Config): DemoModeFacts {
  return {
    production: config.production,
    demoMode: config.demoMode,
    host: config.host,
    embedded: !config.databaseUrl,
    trustProxy: config.trustProxy,
  };
}
