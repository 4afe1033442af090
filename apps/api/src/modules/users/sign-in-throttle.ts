// How password guesses are slowed down, without letting anyone lock an owner out.
// - Per account and client address: a few free tries (typos), then each further try from that
//   address waits twice as long as the one before, up to a cap. Someone who knows an owner's
//   e-mail slows down only their own address; the owner, elsewhere, signs in at once.
// - Per account, across every address: a ceiling far above what a person types, against a botnet
//   guessing one person. Past it, password sign-in to that account pauses until the hour is over;
//   the e-mailed reset link still works at any time and ends the pause (the owner is never locked
//   out, since only the owner receives it).
// - Per address across accounts (credential stuffing): better-auth's rate limit on /sign-in/email.
// An attempt is counted before the password is checked (so simultaneous guesses cannot slip past
// the count), and the right password takes it back.

/** Tries from one address at one account before the delays begin. */
export const FREE_TRIES_PER_CLIENT = 5;
/** The longest wait between two tries from one address at one account. */
export const CLIENT_DELAY_CAP_SECONDS = 15 * 60;
/** A pair that has not tried for this long starts again with its free tries. */
export const CLIENT_MEMORY_MS = 24 * 60 * 60 * 1000;
/** Wrong passwords an account takes in an hour, from all addresses together, before it pauses. */
export const ACCOUNT_TRIES_PER_WINDOW = 100;
export const ACCOUNT_WINDOW_MS = 60 * 60 * 1000;

/** One address's tries at one account: how many are counted, and when the last one was. */
export interface ClientTries {
  tries: number;
  lastTryAt: Date;
}

/** One account's tries from all addresses, in the current window. */
export interface AccountWindow {
  tries: number;
  windowStartedAt: Date;
}

export type Verdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** The wait after `tries` counted tries: none for the free ones, then 2 s, 4 s, 8 s... up to the cap. */
export function clientDelaySeconds(tries: number): number {
  if (tries < FREE_TRIES_PER_CLIENT) return 0;
  return Math.min(2 ** (tries - FREE_TRIES_PER_CLIENT + 1), CLIENT_DELAY_CAP_SECONDS);
}

/** The tries that still count at `now`: a pair quiet for CLIENT_MEMORY_MS has none. */
export function liveClientTries(row: ClientTries | undefined, now: Date): number {
  if (!row || now.getTime() - row.lastTryAt.getTime() >= CLIENT_MEMORY_MS) return 0;
  return row.tries;
}

/** May this address try this account's password now? */
export function judgeClientTry(row: ClientTries | undefined, now: Date): Verdict {
  const tries = liveClientTries(row, now);
  if (!row || tries === 0) return { allowed: true };
  const allowedAt = row.lastTryAt.getTime() + clientDelaySeconds(tries) * 1000;
  if (now.getTime() >= allowedAt) return { allowed: true };
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((allowedAt - now.getTime()) / 1000)) };
}

/** The tries in the account's window at `now`, before this one; an ended window has none. */
export function liveAccountTries(window: AccountWindow | undefined, now: Date): number {
  if (!window || now.getTime() - window.windowStartedAt.getTime() >= ACCOUNT_WINDOW_MS) return 0;
  return window.tries;
}

/** May anyone try this account's password now, or has it had its hour's ceiling? */
export function judgeAccountTry(window: AccountWindow | undefined, now: Date): Verdict {
  if (liveAccountTries(window, now) < ACCOUNT_TRIES_PER_WINDOW) return { allowed: true };
  const endsAt = window!.windowStartedAt.getTime() + ACCOUNT_WINDOW_MS;
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((endsAt - now.getTime()) / 1000)) };
}

/** "1 second", "40 seconds", "2 minutes": a wait as a person reads it, never shorter than it is. */
export function describeWait(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

export function clientWaitMessage(retryAfterSeconds: number): string {
  return (
    `Too many wrong passwords for this account from here. Please wait ${describeWait(retryAfterSeconds)} ` +
    `and try again, or reset your password from the sign-in page.`
  );
}

export function accountPausedMessage(retryAfterSeconds: number): string {
  return (
    `This account has had too many wrong passwords in the last hour, so signing in with a password is ` +
    `paused for ${describeWait(retryAfterSeconds)}. To sign in now, reset your password from the sign-in ` +
    `page: the link we e-mail you works at any time.`
  );
}
