// How many password guesses one account takes before it must wait, whatever addresses they come
// from. Per-address limits (better-auth's) stop one machine; this stops a botnet guessing one person.
export const SIGN_IN_ATTEMPTS_PER_WINDOW = 5;
export const SIGN_IN_WINDOW_MS = 15 * 60 * 1000;

export interface AttemptWindow {
  /** Attempts counted in the window, this one included. */
  attempts: number;
  windowStartedAt: Date;
}

/**
 * The verdict for an attempt that has just been counted: allowed, or refused with the time left.
 * Counting before checking (not after a failure) is what keeps 20 simultaneous guesses to 5.
 */
export function judgeSignInAttempt(
  window: AttemptWindow,
  now: Date,
): { allowed: true } | { allowed: false; retryAfterSeconds: number } {
  if (window.attempts <= SIGN_IN_ATTEMPTS_PER_WINDOW) return { allowed: true };
  const endsAt = window.windowStartedAt.getTime() + SIGN_IN_WINDOW_MS;
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((endsAt - now.getTime()) / 1000)) };
}

export function tooManyAttemptsMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return (
    `Too many sign-in attempts for this account. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} ` +
    `and try again, or reset your password from the sign-in page.`
  );
}
