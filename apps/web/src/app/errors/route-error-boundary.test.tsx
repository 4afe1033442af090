import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { QueryClientProvider, useQuery, type QueryClient } from '@tanstack/react-query';
import { act, type ReactNode } from 'react';
import { Router, useLocation } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { CurrentUser } from '@assay/domain';
import { createQueryClient } from '@/lib/query-client';
import { byText, click, render, waitFor } from '@/testing/dom';
import { SignedInLayout } from '../layouts/signed-in-layout';
import { ErrorBoundary } from './error-boundary';
import { ErrorPage } from './error-fallback';
import { RouteErrorBoundary } from './route-error-boundary';

const user: CurrentUser = {
  id: 'u1',
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Lovelace',
  isAdmin: false,
  isPremium: false,
};

function Explodes({ error = new TypeError("Cannot read properties of undefined (reading 'map')") }: { error?: unknown }): never {
  throw error;
}

let consoleError: MockInstance<typeof console.error>;
let queryClient: QueryClient;

beforeEach(() => {
  // An error caught by a boundary is logged (by us, and by React): expected here, and checked.
  consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
  queryClient = createQueryClient();
  // The signed-in header asks for notifications; answer from the cache instead of the network.
  queryClient.setQueryData(['/api/notifications'], { unread: 0, items: [] });
});

afterEach(() => {
  vi.restoreAllMocks();
  document.body.innerHTML = '';
});

function withApp(ui: ReactNode, path = '/client') {
  const location = memoryLocation({ path, record: true });
  return {
    location,
    ui: (
      <QueryClientProvider client={queryClient}>
        <Router hook={location.hook}>{ui}</Router>
      </QueryClientProvider>
    ),
  };
}

describe('the error fallback', () => {
  it('says what happened, offers Try again and the way home, and logs the error', async () => {
    const error = new TypeError('boom');
    const { container } = await render(
      <ErrorBoundary fallback={ErrorPage}>
        <Explodes error={error} />
      </ErrorBoundary>,
    );
    expect(container.querySelector('h1')?.textContent).toBe('Something went wrong');
    expect(container.querySelector('[role="alert"]')?.textContent).toMatch(/could not be shown/);
    expect(byText(container, 'button', 'Try again')).toBeDefined();
    expect(byText(container, 'a', 'Go to the home page')?.getAttribute('href')).toBe('/');
    expect(byText(container, 'button', 'Reload the page')).toBeUndefined();
    expect(consoleError).toHaveBeenCalledWith('Assay could not show this page:', error, expect.any(String));
  });

  it('offers a reload, not a retry, when a part of the site did not load (a stale tab after a deploy)', async () => {
    const reload = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload } as Location);
    const { ui } = withApp(
      <ErrorBoundary fallback={ErrorPage}>
        <Explodes error={new TypeError('Failed to fetch dynamically imported module: http://localhost/assets/faq-Cx1.js')} />
      </ErrorBoundary>,
    );
    const { container } = await render(ui);
    expect(container.querySelector('h1')?.textContent).toBe('Assay has been updated');
    expect(byText(container, 'button', 'Try again')).toBeUndefined();
    await click(byText(container, 'button', 'Reload the page'));
    expect(reload).toHaveBeenCalledOnce();
  });
});

describe('a route-level error', () => {
  it('keeps the signed-in header and shows the fallback in place of the page', async () => {
    const { ui } = withApp(
      <SignedInLayout user={user}>
        <Explodes />
      </SignedInLayout>,
    );
    const { container } = await render(ui);
    const header = container.querySelector('header');
    expect(header?.textContent).toContain('Ada');
    expect(byText(header!, 'button', 'Log out')).toBeDefined();
    const main = container.querySelector('main');
    expect(main?.querySelector('h1')?.textContent).toBe('Something went wrong');
    expect(container.querySelector('footer')).not.toBeNull();
  });

  it.each([
    ['read only inside the failed part', false],
    ['also read by the page above the boundary (still on screen)', true],
  ])('"Try again" refetches data %s and shows the page again', async (_, readAbove) => {
    let calls = 0;
    // The second answer takes a while, as a real refetch does: the page must wait for it.
    const queryFn = vi.fn(async () => {
      if (++calls === 1) return { items: null };
      await new Promise((resolve) => setTimeout(resolve, 30));
      return { items: ['ring'] };
    });
    const itemsQuery = { queryKey: ['/api/items'], queryFn };
    function Items() {
      const { data } = useQuery(itemsQuery);
      if (!data) return <p>Loading</p>;
      // The first answer is malformed: reading it throws, as a real bug in a page would.
      return <p>{data.items!.join(', ')}</p>;
    }
    function Page({ children }: { children: ReactNode }) {
      useQuery({ ...itemsQuery, enabled: readAbove });
      return children;
    }
    const { ui } = withApp(
      <Page>
        <RouteErrorBoundary scope="content">
          <Items />
        </RouteErrorBoundary>
      </Page>,
    );
    const { container } = await render(ui);
    await waitFor(() => expect(byText(container, 'button', 'Try again')).toBeDefined());
    await click(byText(container, 'button', 'Try again'));
    await waitFor(() => expect(container.textContent).toBe('ring'));
    expect(queryFn).toHaveBeenCalledTimes(2);
  });

  it('clears when the person goes to another page', async () => {
    function BrokenOnNew() {
      const [location] = useLocation();
      if (location === '/client/new') throw new Error('This view is broken');
      return <p>Dashboard</p>;
    }
    const { ui, location } = withApp(
      <RouteErrorBoundary scope="content">
        <BrokenOnNew />
      </RouteErrorBoundary>,
      '/client/new',
    );
    const { container } = await render(ui);
    expect(container.querySelector('h1')?.textContent).toBe('Something went wrong');
    await act(async () => location.navigate('/client'));
    expect(container.textContent).toBe('Dashboard');
  });
});
