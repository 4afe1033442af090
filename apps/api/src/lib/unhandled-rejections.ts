// A promise nobody awaits that rejects ends a Node process by default. pg-boss 10 completes or
// fails each job without awaiting it (manager.js onFetch), so a PostgreSQL restart while a job
// finishes would kill every worker and server running jobs, and every job would wait for a person
// to start them again. A rejection that says the database is out of reach is logged and survived:
// the job stays active, expires and runs again (every handler is safe to run twice). Anything else
// still ends the process, as Node would, after it is logged.
import { isDatabaseUnavailable } from './database-unavailable.ts';

export interface RejectionLogger {
  warn(obj: object, msg: string): void;
  fatal(obj: object, msg: string): void;
}

export function onUnhandledRejection(reason: unknown, logger: RejectionLogger, exit: (code: number) => void) {
  if (isDatabaseUnavailable(reason)) {
    logger.warn({ err: reason }, 'a database call nobody awaited failed while the database was out of reach; going on');
    return;
  }
  logger.fatal({ err: reason }, 'unhandled promise rejection; exiting');
  exit(1);
}

/** Installs the rule above for this process (server.ts, worker.ts). */
export function surviveDatabaseOutages(logger: RejectionLogger) {
  process.on('unhandledRejection', (reason) => onUnhandledRejection(reason, logger, (code) => process.exit(code)));
}
