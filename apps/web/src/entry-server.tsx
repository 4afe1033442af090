// The server's half of the public pages (issue 15): apps/api imports this file's build
// (apps/web/dist-ssr) and renders a page to HTML with the data its queries would fetch, and the
// browser hydrates it (main.tsx). Built by `vite build --ssr`, with every dependency bundled in.
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { prerender } from 'react-dom/static';
import { dehydrate } from '@tanstack/react-query';
import { Router } from 'wouter';
import type { BusinessIdentity, PayoutRatesResponse, TrackRecordResponse } from '@assay/domain';
import { currentUserQueryKey } from '@/features/auth/api/get-current-user';
import { businessQueryKey } from '@/lib/business';
import { payoutRatesQueryOptions } from '@/features/payout-rates/api/get-payout-rates';
import { pricingQueryKey, type LivePricingRow } from '@/features/pricing/api/get-pricing';
import { trackRecordQueryKey } from '@/features/track-record/api/get-track-record';
import { createQueryClient } from '@/lib/query-client';
import { App } from './app/app';

export { publicPagePaths, queryStateElementId } from './app/public-pages';

/** What the public pages read from the API, as GET /api/pricing, /api/payout-rates, /api/business and /api/track-record answer it. */
export interface PublicPageData {
  pricing: LivePricingRow[];
  payoutRates: PayoutRatesResponse;
  business: BusinessIdentity;
  trackRecord: TrackRecordResponse;
}

export interface RenderedPage {
  /** The inside of #root. */
  html: string;
  /** TanStack Query's dehydrated cache, as JSON that is safe inside a <script> element. */
  state: string;
}

/** Pages already rendered once in this process: their lazy routes and components have loaded. */
const warmed = new Set<string>();

/**
 * Renders one public page for a visitor (no session: the current user is null). The first time,
 * prerender waits for the page's lazy routes and components to load; the HTML then comes from
 * renderToString with everything loaded, whole and without the inline scripts a streamed Suspense
 * boundary would need (CSP allows none). The browser's first render sees the same cache and the
 * same tree, so it hydrates without fetching again.
 */
export async function renderPublicPage(pathname: string, data: PublicPageData): Promise<RenderedPage> {
  const client = createQueryClient();
  client.setQueryData(currentUserQueryKey, null);
  client.setQueryData(pricingQueryKey, data.pricing);
  client.setQueryData(payoutRatesQueryOptions().queryKey, data.payoutRates);
  client.setQueryData(businessQueryKey, data.business);
  client.setQueryData(trackRecordQueryKey, data.trackRecord);
  const page = (
    <StrictMode>
      <Router ssrPath={pathname}>
        <App client={client} />
      </Router>
    </StrictMode>
  );
  if (!warmed.has(pathname)) {
    await prerender(page);
    warmed.add(pathname);
  }
  const html = renderToString(page);
  // '<' escaped keeps a '</script>' inside a value from ending the element early.
  const state = JSON.stringify(dehydrate(client)).replace(/</g, '\\u003c');
  return { html, state };
}
