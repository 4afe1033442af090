// The landing page promises an appraisal within 48 hours (SPEC 1, 4). The admin mailbox warns
// 8 hours ahead and counts down, so both the warning and the countdown are defined once here.

export const GUARANTEE_HOURS = 48;
export const ALERT_WINDOW_HOURS = 8;

const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;

export type DeadlineInput = Date | string | number | null | undefined;

function toTime(value: DeadlineInput): number | null {
  if (value === null || value === undefined || value === '') return null;
  const time = value instanceof Date ? value.getTime() : new Date(value).getTime();
  return Number.isNaN(time) ? null : time;
}

/** created (or received) + 48 h. Throws RangeError for an invalid date. */
export function guaranteeDeadlineFrom(date: Date | string | number): Date {
  const time = toTime(date);
  if (time === null) throw new RangeError('Cannot compute a deadline from an invalid date.');
  return new Date(time + GUARANTEE_HOURS * HOUR_MS);
}

/**
 * SPEC 4: the deadline is at most 8 hours away, still in the future, and the status is not
 * completed. False when the deadline is missing or not a date.
 */
export function isNearingDeadline(deadline: DeadlineInput, status: string, now: Date = new Date()): boolean {
  const time = toTime(deadline);
  if (time === null || status === 'completed') return false;
  const remaining = time - now.getTime();
  return remaining > 0 && remaining <= ALERT_WINDOW_HOURS * HOUR_MS;
}

export interface TimeRemaining {
  readonly passed: boolean;
  /** Whole hours left (may exceed 24); 0 once passed. */
  readonly hours: number;
  /** Whole minutes left beyond `hours`; 0 once passed. */
  readonly minutes: number;
  /** '47h 59m remaining', or 'Deadline passed'. */
  readonly label: string;
}

export const DEADLINE_PASSED_LABEL = 'Deadline passed';

/**
 * Countdown to a deadline, rounded down to the minute. The deadline counts as passed from the
 * very moment it is reached. Null when the deadline is missing or not a date.
 */
export function timeRemaining(deadline: DeadlineInput, now: Date = new Date()): TimeRemaining | null {
  const time = toTime(deadline);
  if (time === null) return null;
  const remaining = time - now.getTime();
  if (remaining <= 0) return { passed: true, hours: 0, minutes: 0, label: DEADLINE_PASSED_LABEL };
  const hours = Math.floor(remaining / HOUR_MS);
  const minutes = Math.floor((remaining % HOUR_MS) / MINUTE_MS);
  return { passed: false, hours, minutes, label: `${hours}h ${minutes}m remaining` };
}
