// The sign-in throttle's counts (sign-in-throttle.ts says the rules), in the database so that every
// instance sees the same ones. An attempt takes the pair's row lock, then the account's, always in
// that order, so two attempts never wait on each other in a circle.
import { createHash, createHmac } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { signInAttempts, signInClientAttempts } from '../../db/schema/index.ts';
import {
  ACCOUNT_WINDOW_MS,
  CLIENT_MEMORY_MS,
  judgeAccountTry,
  judgeClientTry,
  liveAccountTries,
  liveClientTries,
} from './sign-in-throttle.ts';

export interface ThrottleKeys {
  accountKey: string;
  clientKey: string;
}

export type Reservation = { admitted: true } | { admitted: false; refusedBy: 'client' | 'account'; retryAfterSeconds: number };

export function accountKeyOf(email: string): string {
  return createHash('sha256').update(email.trim().toLowerCase()).digest('hex');
}

/** The client's address as a keyed hash: an address space this small is no secret behind a plain one. */
export function clientKeyOf(address: string, secret: string): string {
  return createHmac('sha256', secret).update(`sign-in-client:${address}`).digest('hex');
}

/**
 * Counts one password try for the pair and the account, if both may try now; a refused try
 * counts nowhere (no password was checked). One transaction: simultaneous tries from one pair
 * queue on its row, so exactly the allowed number get through.
 */
export async function reserveSignInAttempt(db: Db, keys: ThrottleKeys, now: Date): Promise<Reservation> {
  return db.transaction(async (tx) => {
    await tx
      .insert(signInClientAttempts)
      .values({ ...keys, attempts: 0, lastAttemptAt: now })
      .onConflictDoNothing();
    const [client] = await tx
      .select({ tries: signInClientAttempts.attempts, lastTryAt: signInClientAttempts.lastAttemptAt })
      .from(signInClientAttempts)
      .where(and(eq(signInClientAttempts.accountKey, keys.accountKey), eq(signInClientAttempts.clientKey, keys.clientKey)))
      .for('update');
    const clientVerdict = judgeClientTry(client, now);
    if (!clientVerdict.allowed)
      return { admitted: false, refusedBy: 'client', retryAfterSeconds: clientVerdict.retryAfterSeconds };

    await tx
      .insert(signInAttempts)
      .values({ accountKey: keys.accountKey, attempts: 0, windowStartedAt: now })
      .onConflictDoNothing();
    const [account] = await tx
      .select({ tries: signInAttempts.attempts, windowStartedAt: signInAttempts.windowStartedAt })
      .from(signInAttempts)
      .where(eq(signInAttempts.accountKey, keys.accountKey))
      .for('update');
    const accountVerdict = judgeAccountTry(account, now);
    if (!accountVerdict.allowed)
      return { admitted: false, refusedBy: 'account', retryAfterSeconds: accountVerdict.retryAfterSeconds };

    await tx
      .update(signInClientAttempts)
      .set({ attempts: liveClientTries(client, now) + 1, lastAttemptAt: now })
      .where(and(eq(signInClientAttempts.accountKey, keys.accountKey), eq(signInClientAttempts.clientKey, keys.clientKey)));
    const accountTries = liveAccountTries(account, now);
    await tx
      .update(signInAttempts)
      .set(accountTries === 0 ? { attempts: 1, windowStartedAt: now } : { attempts: accountTries + 1 })
      .where(eq(signInAttempts.accountKey, keys.accountKey));
    return { admitted: true };
  });
}

/**
 * The right password was given: the pair's tries are forgotten (the owner's typos do not slow them
 * down next time), and this try is taken back from the account's count.
 */
export async function releaseSignInAttempt(db: DbOrTx, keys: ThrottleKeys) {
  await db
    .delete(signInClientAttempts)
    .where(and(eq(signInClientAttempts.accountKey, keys.accountKey), eq(signInClientAttempts.clientKey, keys.clientKey)));
  await db
    .update(signInAttempts)
    .set({ attempts: sql`greatest(${signInAttempts.attempts} - 1, 0)` })
    .where(eq(signInAttempts.accountKey, keys.accountKey));
}

/** The owner proved themselves another way (a reset link): every count on the account ends. */
export async function clearSignInThrottle(db: DbOrTx, accountKey: string) {
  await db.delete(signInClientAttempts).where(eq(signInClientAttempts.accountKey, accountKey));
  await db.delete(signInAttempts).where(eq(signInAttempts.accountKey, accountKey));
}

/** Rows that no longer count for anything: pairs quiet for a day, account windows that ended. */
export async function pruneSignInThrottle(db: DbOrTx, now: Date) {
  await db.delete(signInClientAttempts).where(lt(signInClientAttempts.lastAttemptAt, new Date(now.getTime() - CLIENT_MEMORY_MS)));
  await db.delete(signInAttempts).where(lt(signInAttempts.windowStartedAt, new Date(now.getTime() - ACCOUNT_WINDOW_MS)));
}
