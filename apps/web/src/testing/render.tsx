import type { ReactElement, ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'sonner';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { createQueryClient } from '@/lib/query-client';

type RenderOptions = {
  /** A client the test has already filled (`setQueryData`), so the component reads the cache, not the API. */
  queryClient?: QueryClient;
  /** The URL the component is rendered at (default `/`). */
  path?: string;
};

/**
 * Renders a component as the app does: a QueryClient with the app's defaults, a router and the
 * toast host, so what a person would read (toasts included) is on the screen. The router keeps its
 * URL in memory rather than jsdom's, so one test's navigation never leaks into the next; the
 * returned `location` records it (`location.history`) and can move it (`location.navigate`).
 */
export function renderWithApp(ui: ReactElement, { queryClient = createQueryClient(), path = '/' }: RenderOptions = {}) {
  const location = memoryLocation({ path, record: true });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <Router hook={location.hook}>{children}</Router>
      <Toaster />
    </QueryClientProvider>
  );
  // No pause between keystrokes: the tests check outcomes, not timing.
  return { user: userEvent.setup({ delay: null }), queryClient, location, ...render(ui, { wrapper }) };
}
