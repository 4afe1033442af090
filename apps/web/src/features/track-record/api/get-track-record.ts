import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TrackRecordResponse } from '@assay/domain';
import { api } from '@/lib/api';

export const trackRecordQueryKey = ['/api/track-record'] as const;

/** Public: the server keeps one answer for ten minutes and lets a browser keep it one. */
export async function getTrackRecord(signal?: AbortSignal): Promise<TrackRecordResponse | null> {
  const body: TrackRecordResponse | undefined = await api.GET('/api/track-record', { signal });
  return body && Array.isArray(body.categories) ? body : null;
}

export const trackRecordQueryOptions = () =>
  queryOptions({
    queryKey: trackRecordQueryKey,
    queryFn: ({ signal }) => getTrackRecord(signal),
    staleTime: 60_000,
  });

export function useTrackRecord() {
  return useQuery(trackRecordQueryOptions());
}
