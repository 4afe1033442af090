import { describe, expect, test } from 'vitest';
import {
  businessDateTimeOf,
  businessDayRange,
  policeReportDayProblem,
  policeReportFileName,
  policeReportQuerySchema,
} from './police-report.ts';

const NY = 'America/New_York';

describe('the police report day', () => {
  test('a day in New York runs from its midnight to the next, across a change of clocks', () => {
    expect(businessDayRange('2026-11-24', NY)).toEqual({
      from: new Date('2026-11-24T05:00:00Z'),
      to: new Date('2026-11-25T05:00:00Z'),
    });
    // Clocks go back on 1 Nov 2026: that day has 25 hours.
    expect(businessDayRange('2026-11-01', NY)).toEqual({
      from: new Date('2026-11-01T04:00:00Z'),
      to: new Date('2026-11-02T05:00:00Z'),
    });
  });

  test('a purchase time reads as the business clock, with its offset', () => {
    expect(businessDateTimeOf(new Date('2026-11-25T03:04:05Z'), NY)).toBe('2026-11-24 22:04:05 -05:00');
    expect(businessDateTimeOf(new Date('2026-07-04T12:00:00Z'), NY)).toBe('2026-07-04 08:00:00 -04:00');
    expect(businessDateTimeOf(new Date('2026-07-04T12:00:00Z'), 'UTC')).toBe('2026-07-04 12:00:00 +00:00');
  });

  test('today is fine, tomorrow is refused with a sentence', () => {
    const now = new Date('2026-11-25T03:00:00Z');
    expect(policeReportDayProblem('2026-11-24', now, NY)).toBeNull();
    expect(policeReportDayProblem('1999-01-01', now, NY)).toBeNull();
    expect(policeReportDayProblem('2026-11-25', now, NY)).toBe(
      '2026-11-25 is still to come: the report can cover today (2026-11-24) at the latest.',
    );
  });

  test.each([
    ['24/11/2026', 'Please give the report date as YYYY-MM-DD, for example 2026-11-24.'],
    ['2026-02-30', '2026-02-30 is not a date on the calendar.'],
    ['', 'Please give the report date as YYYY-MM-DD, for example 2026-11-24.'],
  ])('%j is refused', (date, message) => {
    expect(policeReportQuerySchema.safeParse({ date }).error?.issues.map((i) => i.message)).toEqual([message]);
  });

  test('the file is named after the day', () => {
    expect(policeReportFileName('2026-11-24')).toBe('assay-purchases-2026-11-24.csv');
  });
});
