import { describe, expect, test } from 'vitest';
import {
  ALERT_WINDOW_HOURS,
  DEADLINE_PASSED_LABEL,
  GUARANTEE_HOURS,
  guaranteeDeadlineFrom,
  isNearingDeadline,
  timeRemaining,
} from './deadlines.ts';

const HOUR = 3_600_000;
const deadline = new Date('2025-03-10T12:00:00.000Z');
const before = (ms: number) => new Date(deadline.getTime() - ms);

describe('guarantee (SPEC 9: 48 hours, alert 8 hours before)', () => {
  test('constants', () => {
    expect(GUARANTEE_HOURS).toBe(48);
    expect(ALERT_WINDOW_HOURS).toBe(8);
  });

  test('deadline is 48 hours after the date', () => {
    expect(guaranteeDeadlineFrom(new Date('2025-03-08T12:00:00.000Z')).toISOString()).toBe('2025-03-10T12:00:00.000Z');
    expect(guaranteeDeadlineFrom('2024-12-31T23:30:00Z').toISOString()).toBe('2025-01-02T23:30:00.000Z');
    expect(() => guaranteeDeadlineFrom('not a date')).toThrow(RangeError);
  });
});

describe('isNearingDeadline (SPEC 4)', () => {
  test.each([
    ['exactly 8 h before', 8 * HOUR, 'new', true],
    ['8 h and 1 ms before', 8 * HOUR + 1, 'new', false],
    ['1 ms before', 1, 'appraising', true],
    ['at the deadline', 0, 'new', false],
    ['after the deadline', -HOUR, 'new', false],
    ['completed', HOUR, 'completed', false],
    ['offered (only completed is excluded)', HOUR, 'offered', true],
  ] as const)('%s', (_name, msBefore, status, expected) => {
    expect(isNearingDeadline(deadline, status, before(msBefore))).toBe(expected);
  });

  test('reads ISO strings and ignores missing or invalid deadlines', () => {
    expect(isNearingDeadline(deadline.toISOString(), 'new', before(HOUR))).toBe(true);
    expect(isNearingDeadline(null, 'new', before(HOUR))).toBe(false);
    expect(isNearingDeadline('garbage', 'new', before(HOUR))).toBe(false);
  });
});

describe('timeRemaining', () => {
  test('counts down in whole hours and minutes', () => {
    expect(timeRemaining(deadline, before(48 * HOUR - 1))).toEqual({
      passed: false,
      hours: 47,
      minutes: 59,
      label: '47h 59m remaining',
    });
    expect(timeRemaining(deadline, before(90_000))).toEqual({ passed: false, hours: 0, minutes: 1, label: '0h 1m remaining' });
  });

  test.each([0, -1, -5 * HOUR])('"Deadline passed" from the moment it is reached (%i ms before)', (msBefore) => {
    expect(timeRemaining(deadline, before(msBefore))).toEqual({ passed: true, hours: 0, minutes: 0, label: 'Deadline passed' });
    expect(DEADLINE_PASSED_LABEL).toBe('Deadline passed');
  });

  test('null for a missing or invalid deadline', () => {
    expect(timeRemaining(undefined)).toBeNull();
    expect(timeRemaining('')).toBeNull();
    expect(timeRemaining('nope')).toBeNull();
  });
});
