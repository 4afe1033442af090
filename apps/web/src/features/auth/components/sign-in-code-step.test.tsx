import { http, HttpResponse } from 'msw';
import { describe, expect, test, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { apiError, recordRequests, server } from '@/testing/msw';
import { renderWithApp } from '@/testing/render';
import { SignInForm } from './sign-in-form';
import { SignInCodeStep } from './sign-in-code-step';

describe('sign-in code step', () => {
  test('a password sign-in that answers twoFactorRedirect asks for the code instead of signing in', async () => {
    server.use(
      http.post('/api/identity/sign-in/email', () => HttpResponse.json({ twoFactorRedirect: true, twoFactorMethods: ['totp'] })),
    );
    const { user } = renderWithApp(<SignInForm returnTo="/admin" />);
    await user.type(screen.getByLabelText('Email'), 'appraiser@assay.test');
    await user.type(screen.getByLabelText('Password'), 'correct-horse-battery');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { name: 'Enter your code' })).toBeTruthy();
    expect(screen.getByLabelText('6-digit code')).toBeTruthy();
    expect(screen.queryByLabelText('Password')).toBeNull();
  });

  test('sends the app’s code, says why a wrong one failed, and signs in with the right one', async () => {
    let attempts = 0;
    server.use(
      http.post('/api/identity/two-factor/verify-totp', () =>
        ++attempts === 1
          ? apiError(401, 'INVALID_CODE', 'That code is not right. Enter the 6-digit code your authenticator app shows now.')
          : HttpResponse.json({ token: 't', user: {} }),
      ),
    );
    const seen = recordRequests();
    const onSignedIn = vi.fn();
    const { user } = renderWithApp(<SignInCodeStep onSignedIn={onSignedIn} onRestart={() => undefined} />);

    await user.type(screen.getByLabelText('6-digit code'), 'abc');
    await user.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    expect(await screen.findByText('Enter the 6-digit code your authenticator app shows.')).toBeTruthy();
    expect(seen).toHaveLength(0);

    await user.clear(screen.getByLabelText('6-digit code'));
    await user.type(screen.getByLabelText('6-digit code'), '111111');
    await user.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    expect(await screen.findByText(/That code is not right/)).toBeTruthy();
    expect(onSignedIn).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText('6-digit code'), '123 456');
    await user.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    await vi.waitFor(() => expect(onSignedIn).toHaveBeenCalledOnce());
    expect(seen.map((r) => r.body)).toEqual([{ code: '111111' }, { code: '123456' }]);
  });

  test('a recovery code goes to its own route', async () => {
    server.use(http.post('/api/identity/two-factor/verify-backup-code', () => HttpResponse.json({ token: 't', user: {} })));
    const seen = recordRequests();
    const onSignedIn = vi.fn();
    const { user } = renderWithApp(<SignInCodeStep onSignedIn={onSignedIn} onRestart={() => undefined} />);
    await user.click(screen.getByRole('button', { name: 'Use a recovery code instead' }));
    await user.type(screen.getByLabelText('Recovery code'), 'Ab12c-3De4f');
    await user.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    await vi.waitFor(() => expect(onSignedIn).toHaveBeenCalledOnce());
    expect(seen.map((r) => [r.path, r.body])).toEqual([['/api/identity/two-factor/verify-backup-code', { code: 'Ab12c-3De4f' }]]);
  });
});
