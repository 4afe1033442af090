import type { TrackRecordResponse } from '@assay/domain';

/** GET /api/track-record as the server answers it: jewelry with figures, coins/scrap with few offers, gems with none. */
export function trackRecordAnswer(overrides: Partial<TrackRecordResponse> = {}): TrackRecordResponse {
  return {
    categories: [
      {
        category: 'jewelry',
        count: 12,
        medianShareOfQuote: { kind: 'figure', basisPoints: 9_650, count: 12 },
        shareAtOrAboveFloor: { kind: 'figure', basisPoints: 10_000, count: 7 },
      },
      {
        category: 'scrap',
        count: 3,
        medianShareOfQuote: { kind: 'not-enough-data', count: 3 },
        shareAtOrAboveFloor: { kind: 'not-enough-data', count: 2 },
      },
      {
        category: 'gems',
        count: 0,
        medianShareOfQuote: { kind: 'not-enough-data', count: 0 },
        shareAtOrAboveFloor: { kind: 'not-enough-data', count: 0 },
      },
    ],
    windowDays: 90,
    minCount: 5,
    computedAt: '2026-11-28T12:00:00.000Z',
    sample: false,
    ...overrides,
  };
}
