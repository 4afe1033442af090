import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useLocation } from 'wouter';
import type { CurrentUser } from '@assay/domain';
import { businessQueryKey } from '@/lib/business';
import { createQueryClient } from '@/lib/query-client';
import { businessIdentity } from '@/testing/fixtures';
import { renderWithApp } from '@/testing/render';
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
  twoFactorEnabled: false,
  mustEnrolSecondFactor: false,
};

function Explodes({ error = new TypeError("Cannot read properties of undefined (reading 'map')") }: { error?: unknown }): never {
  throw error;
}

const heading = () => screen.getByRole('heading', { level: 1 });
const tryAgain = () => screen.queryByRole('button', { name: 'Try again' });

let consoleError: MockInstance<typeof console.error>;
let queryClient: QueryClient;

beforeEach(() => {
  // An error caught by a boundary is logged (by us, and by React): expected here, and checked.
  consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
  queryClient = createQueryClient();
  // The signed-in header asks for notifications; answer from the cache instead of the network.
  queryClient.setQueryData(['/api/notifications'], { unread: 0, items: [] });
  queryClient.setQueryData(businessQueryKey, businessIdentity);
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the error fallback', () => {
  it('says what happened, offers Try again and the way home, and logs the error', () => {
    const error = new TypeError('boom');
    renderWithApp(
      <ErrorBoundary fallback={ErrorPage}>
        <Explodes error={error} />
      </ErrorBoundary>,
    );
    expect(heading().textContent).toBe('Something went wrong');
    expect(screen.getByRole('alert').textContent).toMatch(/could not be shown/);
    expect(tryAgain()).not.toBeNull();
    expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/');
    expect(screen.queryByRole('button', { name: 'Reload the page' })).toBeNull();
    expect(consoleError).toHaveBeenCalledWith('Assay could not show this page:', error, expect.any(String));
  });

  it('offers a reload, not a retry, when a part of the site did not load (a stale tab after a deploy)', async () => {
    const reload = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload } as Location);
    const { user } = renderWithApp(
      <ErrorBoundary fallback={ErrorPage}>
        <Explodes error={new TypeError('Failed to fetch dynamically imported module: http://localhost/assets/faq-Cx1.js')} />
      </ErrorBoundary>,
      { queryClient, path: '/client' },
    );
    expect(heading().textContent).toBe('Assay has been updated');
    expect(tryAgain()).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Reload the page' }));
    expect(reload).toHaveBeenCalledOnce();
  });
});

describe('a route-level error', () => {
  it('keeps the signed-in header and shows the fallback in place of the page', () => {
    renderWithApp(
      <SignedInLayout user={user}>
        <Explodes />
      </SignedInLayout>,
      { queryClient, path: '/client' },
    );
    const header = screen.getByRole('banner');
    expect(header.textContent).toContain('Ada');
    expect(within(header).getByRole('button', { name: 'Log out' })).toBeDefined();
    expect(within(screen.getByRole('main')).getByRole('heading', { level: 1 }).textContent).toBe('Something went wrong');
    expect(screen.getByRole('contentinfo')).toBeDefined();
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
    const { user, container } = renderWithApp(
      <Page>
        <RouteErrorBoundary scope="content">
          <Items />
        </RouteErrorBoundary>
      </Page>,
      { queryClient, path: '/client' },
    );
    await user.click(await screen.findByRole('button', { name: 'Try again' }));
    // Only the page: neither the fallback nor a loading state in between once it is back.
    await waitFor(() => expect(container.textContent).toBe('ring'));
    expect(queryFn).toHaveBeenCalledTimes(2);
  });

  it('clears when the person goes to another page', async () => {
    function BrokenOnNew() {
      const [location] = useLocation();
      if (location === '/client/new') throw new Error('This view is broken');
      return <p>Dashboard</p>;
    }
    const { location, container } = renderWithApp(
      <RouteErrorBoundary scope="content">
        <BrokenOnNew />
      </RouteErrorBoundary>,
      { queryClient, path: '/client/new' },
    );
    expect(heading().textContent).toBe('Something went wrong');
    act(() => location.navigate('/client'));
    expect(container.textContent).toBe('Dashboard');
  });
});
