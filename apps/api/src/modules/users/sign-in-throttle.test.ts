import { describe, expect, it } from 'vitest';
import {
  judgeSignInAttempt,
  SIGN_IN_ATTEMPTS_PER_WINDOW,
  SIGN_IN_WINDOW_MS,
  tooManyAttemptsMessage,
} from './sign-in-throttle.ts';

const start = new Date('2026-11-23T10:00:00Z');

describe('judgeSignInAttempt', () => {
  it('allows the first attempts of a window', () => {
    for (let attempts = 1; attempts <= SIGN_IN_ATTEMPTS_PER_WINDOW; attempts += 1) {
      expect(judgeSignInAttempt({ attempts, windowStartedAt: start }, start)).toEqual({ allowed: true });
    }
  });

  it('refuses the next one until the window ends', () => {
    const now = new Date(start.getTime() + 60_000);
    expect(judgeSignInAttempt({ attempts: SIGN_IN_ATTEMPTS_PER_WINDOW + 1, windowStartedAt: start }, now)).toEqual({
      allowed: false,
      retryAfterSeconds: SIGN_IN_WINDOW_MS / 1000 - 60,
    });
  });

  it('never asks to wait less than a second', () => {
    const late = new Date(start.getTime() + SIGN_IN_WINDOW_MS + 5_000);
    expect(judgeSignInAttempt({ attempts: 99, windowStartedAt: start }, late)).toEqual({ allowed: false, retryAfterSeconds: 1 });
  });
});

describe('tooManyAttemptsMessage', () => {
  it('speaks in whole minutes', () => {
    expect(tooManyAttemptsMessage(61)).toContain('wait 2 minutes');
    expect(tooManyAttemptsMessage(30)).toContain('wait 1 minute ');
  });
});
