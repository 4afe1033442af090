// The daily police report (issue 13 item 5; DECISIONS "Compliance"): the purchases of one calendar
// day in the business's time zone, a purchase being an accepted offer (its payout's creation).
import { z } from 'zod';
import { businessDateOf, zonedMidnight } from './compliance-rules.ts';
import { dateFormat } from './day-formats.ts';

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const FORMAT_MESSAGE = 'Please give the report date as YYYY-MM-DD, for example 2026-11-24.';

function calendarParts(day: string): { year: number; month: number; day: number } | null {
  const match = DAY_PATTERN.exec(day);
  if (!match) return null;
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const utc = new Date(Date.UTC(year, month - 1, date));
  if (utc.getUTCFullYear() !== year || utc.getUTCMonth() !== month - 1 || utc.getUTCDate() !== date) return null;
  return { year, month, day: date };
}

/** GET /api/admin/compliance/police-report?date=YYYY-MM-DD: a real calendar date (the future is the service's check). */
export const policeReportQuerySchema = z.object({
  date: z
    .string({ error: FORMAT_MESSAGE })
    .trim()
    .regex(DAY_PATTERN, { error: FORMAT_MESSAGE, abort: true })
    .refine((day) => calendarParts(day) !== null, { error: (issue) => `${String(issue.input)} is not a date on the calendar.` }),
});

/** An instant as the zone's wall clock reads it, with its offset: '2026-11-24 09:15:02 -05:00'. */
export function businessDateTimeOf(at: Date, timeZone: string): string {
  const parts = dateFormat({
    timeZone,
    hourCycle: 'h23',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    timeZoneName: 'longOffset',
  }).formatToParts(at);
  const pick = (type: Intl.DateTimeFormatPartTypes) => parts.find((part) => part.type === type)?.value ?? '';
  // 'GMT-05:00', or a bare 'GMT' for UTC itself.
  const offset = pick('timeZoneName').replace(/^GMT/, '') || '+00:00';
  return `${businessDateOf(at, timeZone)} ${pick('hour')}:${pick('minute')}:${pick('second')} ${offset}`;
}

/** The instants a calendar day of the zone spans: from its midnight (included) to the next (excluded). */
export function businessDayRange(day: string, timeZone: string): { from: Date; to: Date } {
  const parts = calendarParts(day);
  if (!parts) throw new RangeError(`${day} is not a date on the calendar.`);
  const next = new Date(Date.UTC(parts.year, parts.month - 1, parts.day + 1));
  return {
    from: zonedMidnight(parts.year, parts.month, parts.day, timeZone),
    to: zonedMidnight(next.getUTCFullYear(), next.getUTCMonth() + 1, next.getUTCDate(), timeZone),
  };
}

/** Why a report can not be written for this day (a day still to come), or null. */
export function policeReportDayProblem(day: string, now: Date, timeZone: string): string | null {
  const today = businessDateOf(now, timeZone);
  // 'YYYY-MM-DD' strings sort as the days do.
  return day > today ? `${day} is still to come: the report can cover today (${today}) at the latest.` : null;
}

export function policeReportFileName(day: string): string {
  return `assay-purchases-${day}.csv`;
}

export function sellerRecordsFileName(userId: string, day: string): string {
  return `assay-seller-${userId.replace(/[^A-Za-z0-9_-]/g, '')}-${day}.json`;
}

/** GET /api/admin/compliance/report-day: the business's today, what the report form starts with. */
export const reportDayResponseSchema = z.object({
  today: z.string(),
  /** The IANA time zone the report's days are counted in (BUSINESS_TIME_ZONE). */
  timeZone: z.string(),
});
export type ReportDay = z.infer<typeof reportDayResponseSchema>;
