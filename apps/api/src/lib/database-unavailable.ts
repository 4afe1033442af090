// A request that failed because the database could not be reached (restarting, failing over, the
// network gone) is not a bug of ours: it gets a 503 with a sentence and a Retry-After, and the
// instance goes on serving; its pool connects again once the database is back.

/** PostgreSQL's SQLSTATEs for "the server is going away or not there yet" (classes 08 and 57P). */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '08000', '08001', '08003', '08004', '08006']);
/** Node's socket errors when connecting to, or talking with, the database server. */
const UNAVAILABLE_SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND']);
/** What node-postgres says, without a code, when the server closes a connection under it. */
const UNAVAILABLE_MESSAGES = [
  /^Connection terminated/,
  /^Client has encountered a connection error/,
  /timeout exceeded when trying to connect/i,
];

export const DATABASE_UNAVAILABLE_MESSAGE = 'Our database is not reachable right now. Please try again in a moment.';
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** True when `error`, or an error it wraps (Drizzle puts the driver's in `cause`), says the database is out of reach. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 5; depth += 1) {
    const { code, message, errors } = e as { code?: unknown; message?: unknown; errors?: unknown };
    if (typeof code === 'string' && (UNAVAILABLE_SQLSTATES.has(code) || UNAVAILABLE_SOCKET_CODES.has(code))) return true;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(message))) return true;
    // An AggregateError (every address of the host refused).
    if (Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailable(inner))) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * Runs `work` again while the database is out of reach, for up to `withinMs`: for a write that
 * records something already done outside (an e-mail the SMTP server took), which must not be lost
 * to a database restart, or the thing would be done twice. Any other error is thrown at once.
 */
export async function whileDatabaseUnavailable<T>(
  work: () => Promise<T>,
  options: { withinMs?: number; pauseMs?: number; sleep?: (ms: number) => Promise<void> } = {},
): Promise<T> {
  const withinMs = options.withinMs ?? 30_000;
  const pauseMs = options.pauseMs ?? 500;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  let waited = 0;
  for (;;) {
    try {
      return await work();
    } catch (err) {
      if (!isDatabaseUnavailable(err) || waited >= withinMs) throw err;
      await sleep(pauseMs);
      waited += pauseMs;
    }
  }
}
