import { useState } from 'react';
import { http, HttpResponse } from 'msw';
import { describe, expect, test } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { api } from '@/lib/api';
import { errorMessage } from '@/lib/api-client';
import { apiError, recordRequests, server } from '@/testing/msw';
import { renderWithApp } from '@/testing/render';
import { StepUpDialogHost } from './step-up-dialog';

const STEP_UP_MESSAGE = 'For your safety, enter the code from your authenticator app to confirm this action.';

/** A decision as the admin pages send one: its outcome, or the message of its failure. */
function ChangeRate() {
  const [outcome, setOutcome] = useState('');
  const change = () =>
    api
      .PUT('/api/admin/payout-rates/{itemType}', {
        params: { path: { itemType: 'silver' } },
        body: { minPercent: '70', maxPercent: '80' },
      })
      .then((rate) => setOutcome(`Saved ${rate.minPercent}%`))
      .catch((err: unknown) => setOutcome(errorMessage(err)));
  return (
    <>
      <button type="button" onClick={() => void change()}>
        Save rate
      </button>
      <p>{outcome}</p>
    </>
  );
}

/** The rate route as the server answers it: refused until a code has been confirmed. */
function mockStepUpServer(rightCode = '123456') {
  let proved = false;
  server.use(
    http.put('/api/admin/payout-rates/silver', () =>
      proved ? HttpResponse.json({ minPercent: '70' }) : apiError(403, 'STEP_UP_REQUIRED', STEP_UP_MESSAGE),
    ),
    http.post('/api/auth/step-up', async ({ request }) => {
      const { code } = (await request.json()) as { code: string };
      if (code !== rightCode)
        return apiError(400, 'BAD_REQUEST', 'That code is not right. Enter the 6-digit code your authenticator app shows now.');
      proved = true;
      return new HttpResponse(null, { status: 204 });
    }),
  );
}

describe('step-up dialog', () => {
  test('asks for the code when a decision is refused for want of one, then sends the decision again', async () => {
    mockStepUpServer();
    const seen = recordRequests();
    const { user } = renderWithApp(
      <>
        <ChangeRate />
        <StepUpDialogHost />
      </>,
    );
    await user.click(screen.getByRole('button', { name: 'Save rate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Enter the code from your authenticator' });
    await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByLabelText('6-digit code')));

    await user.type(within(dialog).getByLabelText('6-digit code'), '12345');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm and continue' }));
    expect(await within(dialog).findByText('Enter the 6-digit code your authenticator app shows.')).toBeTruthy();
    expect(seen.filter((r) => r.path === '/api/auth/step-up')).toHaveLength(0);

    await user.clear(within(dialog).getByLabelText('6-digit code'));
    await user.type(within(dialog).getByLabelText('6-digit code'), '654321');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm and continue' }));
    expect(await within(dialog).findByText(/That code is not right/)).toBeTruthy();

    await user.type(within(dialog).getByLabelText('6-digit code'), '123 456');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm and continue' }));
    expect(await screen.findByText('Saved 70%')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(seen.filter((r) => r.path === '/api/admin/payout-rates/silver')).toHaveLength(2);
    expect(seen.filter((r) => r.path === '/api/auth/step-up').map((r) => r.body)).toEqual([
      { code: '654321' },
      { code: '123456' },
    ]);
  });

  test('cancelling leaves the decision refused, with the server’s sentence, and sends it no second time', async () => {
    mockStepUpServer();
    const seen = recordRequests();
    const { user } = renderWithApp(
      <>
        <ChangeRate />
        <StepUpDialogHost />
      </>,
    );
    await user.click(screen.getByRole('button', { name: 'Save rate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Enter the code from your authenticator' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText(STEP_UP_MESSAGE)).toBeTruthy();
    expect(seen.filter((r) => r.path === '/api/admin/payout-rates/silver')).toHaveLength(1);
  });

  test('without the dialog on the page, the refusal reaches the caller as it is', async () => {
    mockStepUpServer();
    const { user } = renderWithApp(<ChangeRate />);
    await user.click(screen.getByRole('button', { name: 'Save rate' }));
    expect(await screen.findByText(STEP_UP_MESSAGE)).toBeTruthy();
  });
});
