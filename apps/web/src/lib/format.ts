import { dollarsToCents, formatCents } from '@assay/domain';

const dateTime = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** 'Nov 22, 2025, 9:41 PM'; an empty string for a missing or invalid date. */
export function formatDateTime(value: string | Date | null | undefined): string {
  if (!value) return '';
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? '' : dateTime.format(date);
}

/** A short, human duration such as '5h 20m' or '12m'. */
export function formatDuration(ms: number): string {
  const minutes = Math.max(0, Math.floor(ms / 60_000));
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const mins = minutes % 60;
  if (days > 0) return `${days}d ${hours}h`;
  if (hours > 0) return `${hours}h ${mins}m`;
  return `${mins}m`;
}

/** '$1,234.50' from a decimal string; null when it is missing or not an amount. */
export function formatDollars(value: string | null | undefined): string | null {
  const cents = value == null ? null : dollarsToCents(value);
  return cents === null ? null : formatCents(cents);
}

/** '$1,235' from a decimal string; null when it is missing or not an amount. */
export function formatWholeDollars(value: string | null | undefined): string | null {
  const cents = value == null ? null : dollarsToCents(value);
  return cents === null ? null : formatCents(cents, { wholeDollars: true });
}
