import { describe, expect, it } from 'vitest';
import { dateFormat, shortDateIn, utcLongDate, utcShortDate, utcShortDateWithYear } from './day-formats.ts';

describe('day formats', () => {
  it('names the UTC day, whatever the time zone of the machine', () => {
    // 23:30 UTC on Nov 23 is already Nov 24 east of UTC and still Nov 23 in the US.
    const late = new Date('2026-11-23T23:30:00.000Z');
    expect(utcShortDate(late)).toBe('Nov 23');
    expect(utcShortDateWithYear(late)).toBe('Nov 23, 2026');
    expect(utcLongDate(late)).toBe('November 23, 2026');
    expect(utcShortDate(new Date('2027-01-01T00:00:00.000Z'))).toBe('Jan 1');
  });

  it('names the day of a time zone', () => {
    const late = new Date('2026-11-24T03:30:00.000Z');
    expect(shortDateIn(late, 'America/New_York')).toBe('Nov 23');
    expect(shortDateIn(late, 'Asia/Tokyo')).toBe('Nov 24');
  });

  it('builds each format once', () => {
    expect(dateFormat({ timeZone: 'UTC', month: 'short' })).toBe(dateFormat({ timeZone: 'UTC', month: 'short' }));
  });
});
