import { utcShortDateWithYear } from '@assay/domain';

const localDate = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

/**
 * 'Nov 22, 2026' for a rate an appraiser set; 'Starting rate' while the starting figure stands.
 * `zone` 'UTC' is for the server's HTML and the render that hydrates it: the server does not know
 * the visitor's time zone, and the two must say the same day.
 */
export function formatRateSince(since: string | null | undefined, zone: 'local' | 'UTC' = 'local'): string {
  if (!since) return 'Starting rate';
  const at = new Date(since);
  if (Number.isNaN(at.getTime())) return 'Starting rate';
  return zone === 'UTC' ? utcShortDateWithYear(at) : localDate.format(at);
}
