import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import type { CurrentUser } from '@assay/domain';
import { paths } from '@/lib/paths';
import { businessIdentity } from '@/testing/fixtures';
import { server } from '@/testing/msw';
import { renderWithApp } from '@/testing/render';
import { ClientRoute } from './client';

const person = (isAdmin: boolean): CurrentUser => ({
  id: 'user_00000000000000000001',
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Lovelace',
  isAdmin,
  isPremium: false,
  twoFactorEnabled: false,
  mustEnrolSecondFactor: false,
});

function answerAsSignedIn(user: CurrentUser) {
  server.use(
    http.get('/api/auth/user', () => HttpResponse.json(user)),
    http.get('/api/submissions', () => HttpResponse.json([])),
    http.get('/api/transactions', () => HttpResponse.json([])),
    http.get('/api/notifications', () => HttpResponse.json({ unread: 0, items: [] })),
    http.get('/api/pricing', () => HttpResponse.json([])),
    http.get('/api/business', () => HttpResponse.json(businessIdentity)),
  );
}

describe('/client', () => {
  it('sends an appraiser to the mailbox', async () => {
    answerAsSignedIn(person(true));
    const { location } = renderWithApp(<ClientRoute />, { path: paths.client.dashboard });
    await vi.waitFor(() => expect(location.history.at(-1)).toBe(paths.admin));
  });

  it('shows a seller their dashboard', async () => {
    answerAsSignedIn(person(false));
    const { location } = renderWithApp(<ClientRoute />, { path: paths.client.dashboard });
    expect(await screen.findByRole('heading', { name: 'Client Dashboard' })).toBeDefined();
    expect(location.history.at(-1)).toBe(paths.client.dashboard);
  });
});
