const date = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

/** 'Nov 22, 2026' for a rate an appraiser set; 'Starting rate' while the starting figure stands. */
export function formatRateSince(since: string | null | undefined): string {
  if (!since) return 'Starting rate';
  const at = new Date(since);
  return Number.isNaN(at.getTime()) ? 'Starting rate' : date.format(at);
}
