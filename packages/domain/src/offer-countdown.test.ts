import { describe, expect, test } from 'vitest';
import { OFFER_EXPIRED_LABEL, OFFER_URGENT_HOURS, offerCountdown } from './offer-countdown.ts';

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
const end = new Date('2026-03-10T12:00:00.000Z');
const left = (ms: number) => new Date(end.getTime() - ms);

describe('offerCountdown (issue 11 item 4)', () => {
  test('days and hours', () => {
    expect(offerCountdown(end, left(6 * DAY + 3 * HOUR))).toEqual({
      label: '6 days 3 hours left',
      urgent: false,
      expired: false,
    });
    expect(offerCountdown(end, left(DAY + HOUR + 59 * MIN)).label).toBe('1 day 1 hour left');
    expect(offerCountdown(end, left(3 * DAY)).label).toBe('3 days left');
  });
  test('hours and minutes under a day', () => {
    expect(offerCountdown(end, left(5 * HOUR + 20 * MIN)).label).toBe('5 h 20 min left');
    expect(offerCountdown(end, left(2 * HOUR)).label).toBe('2 h left');
    expect(offerCountdown(end, left(DAY - 1)).label).toBe('23 h 59 min left');
  });
  test('minutes under an hour, never 0 min', () => {
    expect(offerCountdown(end, left(12 * MIN + 30_000)).label).toBe('12 min left');
    expect(offerCountdown(end, left(HOUR - 1)).label).toBe('59 min left');
    expect(offerCountdown(end, left(1)).label).toBe('1 min left');
  });
  test('expired at and after the instant', () => {
    expect(offerCountdown(end, end)).toEqual({ label: OFFER_EXPIRED_LABEL, urgent: false, expired: true });
    expect(offerCountdown(end, left(-HOUR)).label).toBe('Expired');
  });
  test('urgent below 48 hours, not at exactly 48', () => {
    expect(OFFER_URGENT_HOURS).toBe(48);
    expect(offerCountdown(end, left(48 * HOUR)).urgent).toBe(false);
    expect(offerCountdown(end, left(48 * HOUR - 1)).urgent).toBe(true);
    expect(offerCountdown(end, left(MIN)).urgent).toBe(true);
  });
  test('accepts ISO strings and numbers; rejects invalid dates', () => {
    expect(offerCountdown(end.toISOString(), left(12 * MIN).getTime()).label).toBe('12 min left');
    expect(() => offerCountdown('not a date', end)).toThrow(RangeError);
  });
});
