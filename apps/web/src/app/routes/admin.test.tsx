import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { CurrentUser } from '@assay/domain';
import { paths } from '@/lib/paths';
import { businessIdentity } from '@/testing/fixtures';
import { server } from '@/testing/msw';
import { renderWithApp } from '@/testing/render';
import { AdminRoute } from './admin';

const person = (overrides: Partial<CurrentUser>): CurrentUser => ({
  id: 'user_00000000000000000001',
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Lovelace',
  isAdmin: true,
  isPremium: false,
  twoFactorEnabled: true,
  mustEnrolSecondFactor: false,
  ...overrides,
});

const counts = {
  new: 3,
  nearingDeadline: 0,
  appraising: 1,
  kycRequired: 0,
  total: 9,
  byCategory: { all: 9, scrap: 3, gems: 1, jewelry: 5 },
};

function answerAsSignedIn(user: CurrentUser) {
  server.use(
    http.get('/api/auth/user', () => HttpResponse.json(user)),
    http.get('/api/notifications', () => HttpResponse.json({ unread: 0, items: [] })),
    http.get('/api/business', () => HttpResponse.json(businessIdentity)),
    http.get('/api/admin/submissions/counts', () => HttpResponse.json(counts)),
    http.get('/api/admin/payouts', () => HttpResponse.json([])),
  );
}

describe('an admin work area (/admin/payouts)', () => {
  it("is the appraiser's page, under the bar of every area with this one current", async () => {
    answerAsSignedIn(person({}));
    renderWithApp(<AdminRoute />, { path: paths.adminPayouts });
    expect(await screen.findByRole('heading', { level: 1, name: 'Payouts' })).toBeDefined();
    const bar = screen.getByRole('navigation', { name: 'Appraiser work areas' });
    const links = within(bar).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      paths.admin,
      paths.adminIdentity,
      paths.adminPayouts,
      paths.adminRails,
      paths.adminCompliance,
      paths.adminCustody,
      paths.adminLots,
      paths.adminRefiners,
      paths.adminMargin,
      paths.adminPrices,
      paths.adminBench,
    ]);
    expect(within(bar).getByRole('link', { name: 'Payouts' }).getAttribute('aria-current')).toBe('page');
    // The mailbox's own counter: the new submissions.
    expect(await within(bar).findByRole('link', { name: /^Mailbox\s*3\s*new$/ })).toBeDefined();
  });

  it('is closed to a client', async () => {
    answerAsSignedIn(person({ isAdmin: false }));
    renderWithApp(<AdminRoute />, { path: paths.adminPayouts });
    expect(await screen.findByRole('heading', { name: 'Admins only' })).toBeDefined();
    expect(screen.queryByRole('navigation', { name: 'Appraiser work areas' })).toBeNull();
  });

  it('asks an appraiser without an authenticator app to set one up first', async () => {
    answerAsSignedIn(person({ twoFactorEnabled: false, mustEnrolSecondFactor: true }));
    renderWithApp(<AdminRoute />, { path: paths.adminPayouts });
    expect(await screen.findByRole('heading', { name: 'Set up your authenticator app' })).toBeDefined();
    expect(screen.queryByRole('heading', { name: 'Payouts' })).toBeNull();
  });
});
