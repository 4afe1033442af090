// Two transactions that wait for each other's row locks (a deadlock, 40P01) or that PostgreSQL
// cannot order (a serialization failure, 40001) are not a bug of the request: PostgreSQL rolls one
// back, and running it again from the start is safe because nothing of it was kept. Every
// top-level transaction of the app's database runs through here (client.ts), so a lost race is
// retried a few times and then answered with a 409 sentence, never a 500 (decision 024).
import { AppError } from '../lib/app-error.ts';
import type { Db } from './client.ts';

/** serialization_failure and deadlock_detected: the transaction was rolled back and may run again. */
const CONFLICT_SQLSTATES = new Set(['40001', '40P01']);

export const TRANSACTION_CONFLICT_MESSAGE = 'Someone else changed this at the same moment; please reload and try again.';

/** True when `error`, or an error it wraps (Drizzle puts the driver's in `cause`), is a lost race. */
export function isTransactionConflict(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 5; depth += 1) {
    const { code } = e as { code?: unknown };
    if (typeof code === 'string' && CONFLICT_SQLSTATES.has(code)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** What still conflicts after the retries: a 409 whose cause is PostgreSQL's error. */
export class TransactionConflict extends AppError {
  constructor(cause: unknown) {
    super('CONFLICT', TRANSACTION_CONFLICT_MESSAGE);
    this.name = 'TransactionConflict';
    this.cause = cause;
  }
}

// A transaction that has done something outside the database (bought a label from the carrier,
// released an e-mail to the SMTP server) must not run again: its callback would do it twice.
const doneOutside = new WeakSet<object>();

/**
 * Says that `tx` has started doing something outside the database: should it lose a race after
 * this, it is not run again; its caller gets the 409 and the person decides.
 */
export function markOutsideEffect(tx: object): void {
  doneOutside.add(tx);
}

export interface RetryOptions {
  /** Runs in all, the first included. */
  attempts?: number;
  /** The pause before the n-th retry is a random time up to n times this. */
  pauseMs?: number;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
}

export const DEFAULT_TRANSACTION_ATTEMPTS = 4;
const DEFAULT_PAUSE_MS = 25;

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Runs `run(onTx)` again while it loses a race, up to `attempts` times, with a small random pause
 * so the two losers do not meet again at once; then a TransactionConflict. `run` hands each
 * attempt's transaction object to `onTx`, so one marked by markOutsideEffect is not run again.
 * Any other error is thrown at once.
 */
export async function retryOnConflict<T>(
  run: (onTx: (tx: object) => void) => Promise<T>,
  options: RetryOptions = {},
): Promise<T> {
  const attempts = options.attempts ?? DEFAULT_TRANSACTION_ATTEMPTS;
  const pauseMs = options.pauseMs ?? DEFAULT_PAUSE_MS;
  const sleep = options.sleep ?? pause;
  const random = options.random ?? Math.random;
  for (let attempt = 1; ; attempt += 1) {
    let tx: object | undefined;
    try {
      return await run((opened) => {
        tx = opened;
      });
    } catch (error) {
      if (!isTransactionConflict(error)) throw error;
      if (attempt >= attempts || (tx && doneOutside.has(tx))) throw new TransactionConflict(error);
      await sleep(Math.round(random() * pauseMs * attempt));
    }
  }
}

/**
 * The database's own `transaction` method, retried on a lost race. Only top-level transactions:
 * a savepoint (`tx.transaction`) belongs to its transaction, which is retried as a whole.
 */
export function withTransactionRetries(db: Db, options: RetryOptions = {}): Db {
  const original = db.transaction.bind(db);
  const retrying: Db['transaction'] = (callback, config) =>
    retryOnConflict(
      (onTx) =>
        original((tx) => {
          onTx(tx);
          return callback(tx);
        }, config),
      options,
    );
  return Object.assign(db, { transaction: retrying });
}
