// `npm run worker`: runs Assay's background jobs without serving HTTP, beside `npm start`
// instances on the same PostgreSQL. On SIGTERM it stops taking jobs, lets running ones finish (up
// to STOP_TIMEOUT_MS; unfinished ones are retried by any process) and exits; the whole stop, the
// database's close included, is bounded by SHUTDOWN_TIMEOUT_SECONDS (lib/graceful-shutdown.ts).
import pino from 'pino';
import { bootDatabase, loadConfigOrExit } from './boot.ts';
import { createWorker } from './composition-root.ts';
import { drainOnSignal, jobsStopTimeoutMs } from './lib/graceful-shutdown.ts';
import { loggerOptions } from './lib/logger.ts';
import { surviveDatabaseOutages } from './lib/unhandled-rejections.ts';

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
  const log = pino(loggerOptions(config.logLevel) as pino.LoggerOptions);
  const logger = log.child({ module: 'jobs' });
  surviveDatabaseOutages(logger);
  // The server's own construction (composition-root.ts), so the jobs here use the same adapters.
  const worker = createWorker({ config, secrets: booted.secrets, db: booted.database.db, log });
  await worker.start();
  logger.info({}, 'job worker started');

  // pg-boss's own timeout only ends its wait for running jobs; a refresh still fetching or a database
  // that stopped answering would hold the steps after it, so the whole stop has its bound too.
  const stop = drainOnSignal({
    timeoutMs: config.shutdownTimeoutMs,
    logger,
    steps: () => [
      {
        name: 'waiting for running jobs',
        run: () => worker.engine.stop({ timeoutMs: jobsStopTimeoutMs(config.shutdownTimeoutMs, STOP_TIMEOUT_MS) }),
      },
      { name: 'closing the price feed, storage and mail', run: () => worker.close() },
      { name: 'closing the database', run: () => booted.release() },
    ],
  });
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
