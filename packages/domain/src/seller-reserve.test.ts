import { describe, expect, test } from 'vitest';
import {
  isReserveWindowOpen,
  reserveCentsOf,
  reserveDeclineUntil,
  reserveMessages,
  reserveMetSentence,
  reserveMissedSentence,
  reserveOutcome,
  reserveProblem,
  reserveWarning,
} from './seller-reserve.ts';

describe('reserveProblem', () => {
  test('a positive amount within ten times the estimate is fine', () => {
    expect(reserveProblem(150_000, 200_000)).toBeNull();
    expect(reserveProblem(2_000_000, 200_000)).toBeNull();
    expect(reserveProblem(150_000, null)).toBeNull();
  });
  test('not an amount, zero, or beyond ten times the estimate is refused with a sentence', () => {
    expect(reserveProblem(reserveCentsOf('12,00'), 1)).toBe(reserveMessages.notAmount);
    expect(reserveProblem(reserveCentsOf('-5'), 1)).toBe(reserveMessages.notAmount);
    expect(reserveProblem(reserveCentsOf('0'), 1)).toBe(reserveMessages.notPositive);
    expect(reserveProblem(2_000_001, 200_000)).toBe(
      'A reserve of $20,000.01 is more than 10 times our estimate of at most $2,000.00; no offer could meet it. Please lower it or leave it empty.',
    );
  });
  test('whole cents from the form', () => {
    expect(reserveCentsOf(' 1500.5 ')).toBe(150_050);
    expect(reserveCentsOf('1500.555')).toBeNull();
  });
});

describe('reserveWarning', () => {
  test('only above the quote maximum', () => {
    expect(reserveWarning(200_000, 200_000)).toBeNull();
    expect(reserveWarning(200_001, 200_000)).toBe(
      'Above our estimate of at most $2,000.00: an offer is likely to be below it, and your items would come back to you.',
    );
    expect(reserveWarning(null, 200_000)).toBeNull();
  });
});

describe('reserveOutcome', () => {
  test('at or above is met, a cent below is missed', () => {
    expect(reserveOutcome(150_000, 150_000)).toBe('met');
    expect(reserveOutcome(150_001, 150_000)).toBe('met');
    expect(reserveOutcome(149_999, 150_000)).toBe('missed');
  });
});

describe('the 24 h window', () => {
  const metAt = new Date('2026-11-28T10:00:00Z');
  test('open from the acceptance until, not at, 24 hours later', () => {
    expect(reserveDeclineUntil(metAt).toISOString()).toBe('2026-11-29T10:00:00.000Z');
    expect(isReserveWindowOpen(metAt, metAt)).toBe(true);
    expect(isReserveWindowOpen(metAt, new Date('2026-11-29T09:59:59.999Z'))).toBe(true);
    expect(isReserveWindowOpen(metAt, new Date('2026-11-29T10:00:00Z'))).toBe(false);
  });
});

describe('sentences', () => {
  test('the seller is told why their items come back', () => {
    expect(reserveMissedSentence(120_000, 150_000)).toBe(
      'Our offer of $1,200.00 was below your reserve of $1,500.00, so we are returning your items free.',
    );
    expect(reserveMetSentence(160_000, 150_000, 'Nov 29, 10:00 AM')).toContain('You can still decline it until Nov 29, 10:00 AM');
  });
});
