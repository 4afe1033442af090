// `npm run worker`: runs Assay's background jobs without serving HTTP, beside `npm start`
// instances on the same PostgreSQL. On SIGTERM it stops taking jobs, lets running ones finish (up
// to a timeout; unfinished ones are retried later by any process) and exits.
import pino from 'pino';
import { bootDatabase, loadConfigOrExit } from './boot.ts';
import { createJobEngine } from './jobs/registry.ts';
import { openJobResources } from './jobs/standalone.ts';
import { loggerOptions } from './lib/logger.ts';

export const WORKER_NEEDS_POSTGRES =
  'npm run worker needs PostgreSQL: set DATABASE_URL to the database the server uses. Without it the server ' +
  'runs on the embedded database in DATA_DIR, which one process opens at a time, and `npm start` runs the jobs itself.';

const STOP_TIMEOUT_MS = 20_000;

async function main() {
  const config = loadConfigOrExit();
  if (!config.databaseUrl) {
    console.error(WORKER_NEEDS_POSTGRES);
    process.exit(78);
  }

  const booted = await bootDatabase(config);
  const logger = pino(loggerOptions(config.logLevel) as pino.LoggerOptions).child({ module: 'jobs' });
  const opened = await openJobResources(config, booted.secrets, booted.database.db, logger);
  const engine = createJobEngine(opened.resources);
  await engine.start();
  logger.info({}, 'job worker started');

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'job worker stopping');
    await engine.stop({ timeoutMs: STOP_TIMEOUT_MS });
    await opened.close();
    await booted.release();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
