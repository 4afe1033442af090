import { http, HttpResponse } from 'msw';
import { describe, expect, test } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { AdminPayout } from '@assay/domain';
import { aTransaction } from '@/testing/fixtures';
import { server } from '@/testing/msw';
import { renderWithApp } from '@/testing/render';
import { PayoutsPanel } from './payouts-panel';

function aPayout(overrides: Parameters<typeof aTransaction>[0]): AdminPayout {
  return {
    ...aTransaction(overrides),
    submission: { id: 'sub_1', shortId: 'AAAA0001', description: 'Gold ring', category: 'jewelry', finalOffer: '1450.00' },
    customerLabel: 'Customer #0001',
    mailTo: null,
  };
}

describe('payouts panel status filter', () => {
  test('asks the server for the chosen state and shows each payout in a sentence, Mark sent only while waiting', async () => {
    const asked: (string | null)[] = [];
    server.use(
      http.get('/api/admin/payouts', ({ request }) => {
        const status = new URL(request.url).searchParams.get('status');
        asked.push(status);
        if (status === 'returned') {
          return HttpResponse.json([
            aPayout({
              id: 'txn_r',
              status: 'returned',
              rail: 'ach-file',
              statusReason: 'R03: No account, or the account could not be found.',
            }),
          ]);
        }
        return HttpResponse.json([
          aPayout({ id: 'txn_p', status: 'pending', rail: 'ach-file' }),
          {
            ...aPayout({ id: 'txn_c', status: 'pending', payoutMethod: 'check', payoutDetails: { method: 'check' } }),
            mailTo: null,
          },
        ]);
      }),
    );
    const { user } = renderWithApp(<PayoutsPanel />);

    const waiting = await screen.findByRole('list', { name: 'Payouts: Waiting to be sent' });
    // One Mark sent: the check payout goes through the check register instead.
    expect(within(waiting).getAllByRole('button', { name: /Mark sent/ })).toHaveLength(1);
    expect(within(waiting).getByText('Register its check in the Checks panel.')).toBeTruthy();

    await user.selectOptions(screen.getByLabelText('Show payouts'), 'Returned');
    const returned = await screen.findByRole('list', { name: 'Payouts: Returned' });
    expect(asked).toEqual(['pending', 'returned']);
    expect(within(returned).queryByRole('button', { name: /Mark sent/ })).toBeNull();
    expect(within(returned).getByText(/R03/)).toBeTruthy();
  });
});
