import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DemoMailbox } from '@assay/domain';
import { apiJson } from '@/lib/api-client';

/**
 * The demo's own route exists only in demo mode, so docs/openapi.json (made without it) does not
 * list it: apiJson, not the typed client.
 */
export function getDemoMail(signal?: AbortSignal): Promise<DemoMailbox> {
  return apiJson<DemoMailbox>('/api/demo/mail', { signal });
}

/** Only a demo install on this very computer answers; anywhere else the page simply says so. */
export const demoMailQueryOptions = () =>
  queryOptions({ queryKey: ['/api/demo/mail'] as const, queryFn: ({ signal }) => getDemoMail(signal), retry: false });

export function useDemoMail() {
  return useQuery(demoMailQueryOptions());
}
