const inZone = {
  local: new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' }),
  UTC: new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' }),
};

/**
 * 'Nov 22, 2026' for a rate an appraiser set; 'Starting rate' while the starting figure stands.
 * `zone` 'UTC' is for the server's HTML and the render that hydrates it: the server does not know
 * the visitor's time zone, and the two must say the same day.
 */
export function formatRateSince(since: string | null | undefined, zone: 'local' | 'UTC' = 'local'): string {
  if (!since) return 'Starting rate';
  const at = new Date(since);
  return Number.isNaN(at.getTime()) ? 'Starting rate' : inZone[zone].format(at);
}
