import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_TRIES_PER_WINDOW,
  ACCOUNT_WINDOW_MS,
  accountPausedMessage,
  CLIENT_DELAY_CAP_SECONDS,
  CLIENT_MEMORY_MS,
  clientDelaySeconds,
  clientWaitMessage,
  describeWait,
  FREE_TRIES_PER_CLIENT,
  judgeAccountTry,
  judgeClientTry,
} from './sign-in-throttle.ts';

const start = new Date('2026-11-28T10:00:00Z');
const later = (ms: number) => new Date(start.getTime() + ms);

describe('judgeClientTry', () => {
  it('lets the first tries from an address through at once', () => {
    expect(judgeClientTry(undefined, start)).toEqual({ allowed: true });
    for (let tries = 1; tries < FREE_TRIES_PER_CLIENT; tries += 1) {
      expect(judgeClientTry({ tries, lastTryAt: start }, start)).toEqual({ allowed: true });
    }
  });

  it('then makes each further try wait twice as long as the one before, up to the cap', () => {
    expect(FREE_TRIES_PER_CLIENT).toBe(5);
    const waits = [5, 6, 7, 8, 9, 10, 14, 40].map((tries) => clientDelaySeconds(tries));
    expect(waits).toEqual([2, 4, 8, 16, 32, 64, 900, CLIENT_DELAY_CAP_SECONDS]);
    expect(judgeClientTry({ tries: 7, lastTryAt: start }, later(3_000))).toEqual({ allowed: false, retryAfterSeconds: 5 });
    expect(judgeClientTry({ tries: 7, lastTryAt: start }, later(8_000))).toEqual({ allowed: true });
  });

  it('forgets an address that has been quiet for a day', () => {
    expect(judgeClientTry({ tries: 40, lastTryAt: start }, later(CLIENT_MEMORY_MS))).toEqual({ allowed: true });
  });
});

describe('judgeAccountTry', () => {
  it('lets an account take a ceiling of tries an hour from all addresses together', () => {
    expect(ACCOUNT_TRIES_PER_WINDOW).toBe(100);
    expect(judgeAccountTry(undefined, start)).toEqual({ allowed: true });
    expect(judgeAccountTry({ tries: ACCOUNT_TRIES_PER_WINDOW - 1, windowStartedAt: start }, later(60_000))).toEqual({
      allowed: true,
    });
    expect(judgeAccountTry({ tries: ACCOUNT_TRIES_PER_WINDOW, windowStartedAt: start }, later(60_000))).toEqual({
      allowed: false,
      retryAfterSeconds: ACCOUNT_WINDOW_MS / 1000 - 60,
    });
  });

  it('starts again when the hour is over', () => {
    expect(judgeAccountTry({ tries: 500, windowStartedAt: start }, later(ACCOUNT_WINDOW_MS))).toEqual({ allowed: true });
  });
});

describe('the sentences', () => {
  it('say how long to wait, never less than it is', () => {
    expect(describeWait(1)).toBe('1 second');
    expect(describeWait(32)).toBe('32 seconds');
    expect(describeWait(60)).toBe('1 minute');
    expect(describeWait(61)).toBe('2 minutes');
    expect(clientWaitMessage(4)).toBe(
      'Too many wrong passwords for this account from here. Please wait 4 seconds and try again, or reset your password from the sign-in page.',
    );
    expect(accountPausedMessage(3000)).toMatch(/paused for 50 minutes\. To sign in now, reset your password/);
  });
});
