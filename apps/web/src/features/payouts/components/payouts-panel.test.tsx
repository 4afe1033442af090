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
    approval: null,
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

describe('four eyes on large payouts', () => {
  const waitingFor = (mayApprove: boolean): AdminPayout => ({
    ...aPayout({ id: 'txn_big', status: 'pending', rail: 'ach-file', amount: '7200.00', awaitingApproval: true }),
    approval: {
      approved: false,
      approvedAt: null,
      mayApprove,
      whyNot: mayApprove ? null : 'You made this offer; another admin must approve its payout.',
    },
  });

  test("shows the offer's maker why they cannot approve, with no Approve and no Mark sent", async () => {
    server.use(http.get('/api/admin/payouts', () => HttpResponse.json([waitingFor(false)])));
    renderWithApp(<PayoutsPanel />);
    const list = await screen.findByRole('list', { name: 'Payouts: Waiting to be sent' });
    expect(within(list).getByText("Needs a second admin's approval")).toBeTruthy();
    expect(within(list).getByText('You made this offer; another admin must approve its payout.')).toBeTruthy();
    expect(within(list).queryByRole('button', { name: /Approve/ })).toBeNull();
    expect(within(list).queryByRole('button', { name: /Mark sent/ })).toBeNull();
  });

  test('lets another admin approve; the queue then asks the server again and offers Mark sent', async () => {
    let approved = false;
    const posted: string[] = [];
    server.use(
      http.get('/api/admin/payouts', () =>
        HttpResponse.json([
          approved
            ? {
                ...aPayout({ id: 'txn_big', status: 'pending', rail: 'ach-file', amount: '7200.00' }),
                approval: { approved: true, approvedAt: '2030-01-05T09:00:00.000Z', mayApprove: false, whyNot: null },
              }
            : waitingFor(true),
        ]),
      ),
      http.post('/api/admin/payouts/:id/approve', ({ params }) => {
        posted.push(String(params.id));
        approved = true;
        return HttpResponse.json(aTransaction({ id: 'txn_big', amount: '7200.00' }));
      }),
    );
    const { user } = renderWithApp(<PayoutsPanel />);
    const list = await screen.findByRole('list', { name: 'Payouts: Waiting to be sent' });
    expect(within(list).queryByRole('button', { name: /Mark sent/ })).toBeNull();
    await user.click(within(list).getByRole('button', { name: 'Approve: $7,200.00 to Customer #0001 for #AAAA0001' }));
    expect(await within(list).findByTestId('payout-approved')).toBeTruthy();
    expect(posted).toEqual(['txn_big']);
    expect(within(list).getByRole('button', { name: /Mark sent/ })).toBeTruthy();
    expect(within(list).queryByText("Needs a second admin's approval")).toBeNull();
  });
});

describe('a payout sent by hand is paid only once its confirmation is recorded (decision 034)', () => {
  test('Confirm paid only on a manual payout on its way; it posts the confirmation', async () => {
    const confirmed: unknown[] = [];
    server.use(
      http.get('/api/admin/payouts', () =>
        HttpResponse.json([
          aPayout({ id: 'txn_m', status: 'processing', rail: 'manual', payoutMethod: 'paypal', reference: 'PP-SENT-1' }),
          aPayout({ id: 'txn_f', status: 'processing', rail: 'ach-file', reference: '091000010000412' }),
        ]),
      ),
      http.post('/api/admin/transactions/:id/paid', async ({ request, params }) => {
        confirmed.push({ id: params.id, body: await request.json() });
        return HttpResponse.json(aTransaction({ id: 'txn_m', status: 'paid', rail: 'manual', reference: 'PP-DONE-1' }));
      }),
    );
    const { user } = renderWithApp(<PayoutsPanel />);
    await user.selectOptions(screen.getByLabelText('Show payouts'), 'On its way');
    const list = await screen.findByRole('list', { name: 'Payouts: On its way' });
    // The ACH file's payout is confirmed by the bank's settlement, not by a person.
    expect(within(list).getAllByRole('button', { name: /Confirm paid/ })).toHaveLength(1);
    expect(within(list).getByText(/marked paid once PayPal confirms it\.$/)).toBeTruthy();

    await user.click(within(list).getByRole('button', { name: /Confirm paid/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm payout paid' });
    await user.type(within(dialog).getByLabelText("Provider's confirmation"), 'PP-DONE-1');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm paid' }));
    expect(await screen.findByText('Payout confirmed as paid')).toBeTruthy();
    expect(confirmed).toEqual([{ id: 'txn_m', body: { confirmation: 'PP-DONE-1' } }]);
  });
});
