import { describe, expect, it } from 'vitest';
import { formatRateSince } from './rate-since';

describe('formatRateSince', () => {
  it("gives the UTC day for the server's HTML, whatever the reader's zone", () => {
    expect(formatRateSince('2026-11-22T02:00:00.000Z', 'UTC')).toBe('Nov 22, 2026');
  });

  it('says a starting rate when no day is known', () => {
    expect(formatRateSince(null)).toBe('Starting rate');
    expect(formatRateSince('not a date', 'UTC')).toBe('Starting rate');
  });
});
