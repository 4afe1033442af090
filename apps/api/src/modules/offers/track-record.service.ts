// The published track record (issue 27 item 3, decision 039): the final offers of the last 90
// days, read from the offers and their submissions, reduced by the domain's trackRecord. The
// landing page is public and hot, so one answer is kept in memory for TRACK_RECORD_CACHE_MS per app;
// a new offer shows within that time, which a 90-day figure can afford.
import { TRACK_RECORD_MIN_COUNT, TRACK_RECORD_WINDOW_DAYS, trackRecord, type TrackRecordResponse } from '@assay/domain';
import type { AppContext } from '../../context.ts';
import { listFinalOffersSince } from './offers.repository.ts';

export const TRACK_RECORD_CACHE_MS = 10 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

const cached = new WeakMap<AppContext, { until: number; answer: Promise<TrackRecordResponse> }>();

async function computeTrackRecord(ctx: AppContext, now: Date, sample: boolean): Promise<TrackRecordResponse> {
  const since = new Date(now.getTime() - TRACK_RECORD_WINDOW_DAYS * DAY_MS);
  const rows = await listFinalOffersSince(ctx.db, since, now);
  return {
    categories: trackRecord(rows, now),
    windowDays: TRACK_RECORD_WINDOW_DAYS,
    minCount: TRACK_RECORD_MIN_COUNT,
    computedAt: now.toISOString(),
    sample,
  };
}

/**
 * GET /api/track-record. `sample` is demo mode: the figures are then the demo's sample
 * submissions and the page labels them so. Concurrent first requests share one query.
 */
export function publishedTrackRecord(ctx: AppContext, sample: boolean): Promise<TrackRecordResponse> {
  const now = ctx.clock.now();
  const entry = cached.get(ctx);
  if (entry && now.getTime() < entry.until) return entry.answer;
  const answer = computeTrackRecord(ctx, now, sample);
  cached.set(ctx, { until: now.getTime() + TRACK_RECORD_CACHE_MS, answer });
  // A failed read is not kept: the next request asks the database again.
  answer.catch(() => cached.delete(ctx));
  return answer;
}
