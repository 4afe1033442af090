import { dollarsToCents, formatCents, formatExact, parseExactDecimal, roundExact } from '@assay/domain';

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

/**
 * A price sent as a decimal string (up to 4 decimals, "2345.6789") shown to the cent:
 * '$2,345.68'. Below $10 a cent is too coarse (silver is about a dollar a gram, and "$1.00" would
 * hide a 0.3% move), so such a price keeps up to 4 decimals: '$0.9967', '$5.25'. Null when it is
 * missing, not a plain decimal, or not above zero (a zero price is "no price", DECISIONS "Prices").
 */
export function formatPrice(value: string | null | undefined): string | null {
  if (value == null) return null;
  const exact = parseExactDecimal(value);
  if (!exact || exact.units <= 0n) return null;
  const cents = dollarsToCents(formatExact(roundExact(exact, 2)));
  if (cents === null) return null;
  if (cents >= 1000) return formatCents(cents);
  const [whole, fraction = ''] = formatExact(roundExact(exact, 4)).split('.');
  const digits = fraction.replace(/0+$/, '').padEnd(2, '0');
  return `$${whole}.${digits}`;
}

/** '$1,235' from a whole number of dollars (the quote calculator's figures). */
export function formatWholeDollarAmount(dollars: number): string {
  return formatCents(dollars * 100, { wholeDollars: true });
}

/**
 * A signed percent string ("-1.25", "+0.4", "0") to two decimals with an explicit sign:
 * '+1.25%', '−1.25%' (a true minus sign), '0.00%'. Null when missing or not a number.
 */
export function formatPercentChange(
  value: string | null | undefined,
): { text: string; direction: 'up' | 'down' | 'flat' } | null {
  if (value == null) return null;
  const exact = parseExactDecimal(value.trim().replace(/^\+/, ''));
  if (!exact) return null;
  const rounded = roundExact(exact, 2);
  const negative = rounded.units < 0n;
  const digits = formatExact({ units: negative ? -rounded.units : rounded.units, scale: 2 });
  if (rounded.units === 0n) return { text: `${digits}%`, direction: 'flat' };
  return negative ? { text: `\u2212${digits}%`, direction: 'down' } : { text: `+${digits}%`, direction: 'up' };
}

const timeOfDay = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });
const utcTimeOfDay = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' });
const utcDateTime = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: 'UTC',
});

/**
 * '9:41 PM' for today, 'Nov 22, 2025, 9:41 PM' otherwise; '' for a missing or invalid date. In the
 * browser's time zone, or in UTC (marked so) where that zone is unknown: a page rendered on the server.
 */
export function formatUpdatedAt(
  value: string | Date | null | undefined,
  now: Date = new Date(),
  zone: 'local' | 'UTC' = 'local',
): string {
  if (!value) return '';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  if (zone === 'UTC') {
    const sameDay = date.toISOString().slice(0, 10) === now.toISOString().slice(0, 10);
    return `${(sameDay ? utcTimeOfDay : utcDateTime).format(date)} UTC`;
  }
  return date.toDateString() === now.toDateString() ? timeOfDay.format(date) : dateTime.format(date);
}
