import { createOTP } from '@better-auth/utils/otp';
import { describe, expect, it } from 'vitest';
import { acceptedTimeStep, timeStepAt, TOTP_PERIOD_SECONDS } from './totp-replay.ts';

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const NOW_MS = 1_764_300_000_000 + 12_000;
const codeOf = (step: number) => createOTP(SECRET).hotp(step);

describe('acceptedTimeStep', () => {
  const now = timeStepAt(NOW_MS);

  it('names the step of a code from the step before, now or the step after, as better-auth accepts them', async () => {
    for (const step of [now - 1, now, now + 1]) expect(await acceptedTimeStep(SECRET, await codeOf(step), NOW_MS)).toBe(step);
  });

  it('names no step for a code outside the window or not a code at all', async () => {
    expect(await acceptedTimeStep(SECRET, await codeOf(now - 2), NOW_MS)).toBeNull();
    expect(await acceptedTimeStep(SECRET, await codeOf(now + 2), NOW_MS)).toBeNull();
    expect(await acceptedTimeStep(SECRET, 'abcdef', NOW_MS)).toBeNull();
  });

  it('counts steps of 30 seconds from the Unix epoch (RFC 6238 T0 = 0)', () => {
    expect(TOTP_PERIOD_SECONDS).toBe(30);
    expect(timeStepAt(59_999)).toBe(1);
    expect(timeStepAt(60_000)).toBe(2);
  });
});
