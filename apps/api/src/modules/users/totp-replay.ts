// A code from an authenticator app is accepted once (RFC 6238 section 5.2: the verifier "MUST NOT
// accept the second attempt of the OTP after the successful validation has been issued for the
// first OTP"). better-auth checks a code against the steps either side of now and keeps no record
// of what it accepted, so a code seen over a shoulder or in a proxy's log signed in again for up
// to 90 seconds. Assay finds which 30-second step a code belongs to (here) and accepts it only if
// that step is later than the last one the person used (totp-replay.repository.ts).
import { createOTP } from '@better-auth/utils/otp';

/** better-auth's defaults, which Assay keeps: 6 digits, a new code every 30 seconds, one step either side. */
export const TOTP_PERIOD_SECONDS = 30;
const WINDOW_STEPS = 1;

export const codeAlreadyUsedMessage = 'This code was already used; wait for the next one.';

/** The step a moment falls in: the counter of RFC 6238. */
export function timeStepAt(ms: number): number {
  return Math.floor(ms / (TOTP_PERIOD_SECONDS * 1000));
}

/**
 * The time step whose code `code` is, among those better-auth accepts at `nowMs`, or null when it
 * is none of them (better-auth then refuses it as a wrong code). `secret` as better-auth keeps it.
 */
export async function acceptedTimeStep(secret: string, code: string, nowMs: number): Promise<number | null> {
  const otp = createOTP(secret);
  const now = timeStepAt(nowMs);
  // Latest first: of two steps that (in one in a million cases) share a code, the later is used up.
  for (let step = now + WINDOW_STEPS; step >= now - WINDOW_STEPS; step--) {
    if ((await otp.hotp(step)) === code) return step;
  }
  return null;
}
