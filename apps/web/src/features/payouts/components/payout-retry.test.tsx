// Issue 12 item 1 as the seller sees it: a payout that failed or came back says why and takes new
// details (POST /api/transactions/<id>/retry) on the payout page, on the submission's detail, and
// the My Submissions card points there.
import { http, HttpResponse } from 'msw';
import { describe, expect, test } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { aSubmission, aSubmissionDetail, aTransaction } from '@/testing/fixtures';
import { describedText, isInvalid } from '@/testing/fields';
import { apiError, recordRequests, server } from '@/testing/msw';
import { renderWithApp } from '@/testing/render';
import { clientPaths } from '@/lib/client-paths';
import { SubmissionCard } from '@/features/submissions/components/submission-card';
import { SubmissionDetailView } from '@/features/submissions/components/submission-detail';
import { PayoutRetry } from './payout-retry';
import { PayoutView } from './payout-view';

const returned = aTransaction({
  id: 'txn_returned00000000000001',
  status: 'returned',
  rail: 'ach-file',
  statusReason: 'account closed (R02)',
  statusChangedAt: '2030-01-06T12:00:00.000Z',
  grossAmount: '1000.00',
  amount: '1000.00',
});
const completed = aSubmissionDetail({ status: 'completed', finalOffer: '1000.00', transaction: returned });
const retryPath = `/api/transactions/${returned.id}/retry`;
const send = () => screen.getByRole('button', { name: 'Send new details' });

async function fillBank(user: ReturnType<typeof renderWithApp>['user']) {
  await user.type(screen.getByLabelText('Account holder name'), 'Dana Client');
  await user.type(screen.getByLabelText('Routing number'), '021000021');
  await user.type(screen.getByLabelText('Account number'), '987654321012');
}

describe('a returned payout on the payout page', () => {
  test('says why in plain words instead of "Offer Accepted!"', () => {
    renderWithApp(<PayoutView submission={completed} />);
    expect(screen.getByRole('heading', { name: 'Your bank returned the payment: account closed (R02).' })).toBeTruthy();
    expect(screen.queryByText('Offer Accepted!')).toBeNull();
    expect(screen.getByRole('group', { name: 'Where should we send it now?' })).toBeTruthy();
    expect(document.title).toBe('New payout details — Assay');
  });

  test('new ACH details go once to the retry route with exactly its body, and the seller is told', async () => {
    const seen = recordRequests();
    server.use(
      http.post(retryPath, () =>
        HttpResponse.json({ ...returned, status: 'pending', rail: 'manual', statusReason: null, attempt: 2 }),
      ),
    );
    const { user } = renderWithApp(<PayoutView submission={completed} />);
    await fillBank(user);
    await user.dblClick(send());

    expect(await screen.findByText('New payout details received')).toBeTruthy();
    await waitFor(() =>
      expect(seen.filter((r) => r.method === 'POST')).toEqual([
        {
          method: 'POST',
          path: retryPath,
          body: {
            payoutMethod: 'ach',
            payoutDetails: { accountName: 'Dana Client', routingNumber: '021000021', accountNumber: '987654321012' },
          },
        },
      ]),
    );
    expect(send()).toHaveProperty('disabled', true);
  });

  test('switching to PayPal shows its fee and what arrives, and sends the e-mail', async () => {
    const seen = recordRequests();
    server.use(http.post(retryPath, () => HttpResponse.json({ ...returned, status: 'pending', payoutMethod: 'paypal' })));
    const { user } = renderWithApp(<PayoutView submission={completed} />);
    await user.click(screen.getByRole('radio', { name: /PayPal/ }));
    // 2.9% + $0.30 of $1,000.00.
    expect(screen.getByTestId('retry-total').textContent).toBe('$970.70');
    await user.type(screen.getByLabelText('PayPal email'), 'dana@example.com');
    await user.click(send());
    await waitFor(() =>
      expect(seen.find((r) => r.method === 'POST')?.body).toEqual({
        payoutMethod: 'paypal',
        payoutDetails: { email: 'dana@example.com' },
      }),
    );
  });

  test('a routing number that fails its checksum is refused on its field, and nothing is sent', async () => {
    const seen = recordRequests();
    const { user } = renderWithApp(<PayoutView submission={completed} />);
    await user.type(screen.getByLabelText('Account holder name'), 'Dana Client');
    await user.type(screen.getByLabelText('Routing number'), '123456789');
    await user.type(screen.getByLabelText('Account number'), '987654321012');
    await user.click(send());
    const routing = screen.getByLabelText('Routing number');
    await waitFor(() => expect(isInvalid(routing)).toBe(true));
    expect(describedText(routing)).toContain('That routing number is not valid; please check it with your bank.');
    expect(seen.filter((r) => r.method === 'POST')).toEqual([]);
  });

  test("the server's refusal is said, with its sentence", async () => {
    server.use(
      http.post(retryPath, () => apiError(409, 'CONFLICT', 'This payout does not need new details: it is waiting to be sent.')),
    );
    const { user } = renderWithApp(<PayoutView submission={completed} />);
    await fillBank(user);
    await user.click(send());
    expect(await screen.findByText('Could not save your new details')).toBeTruthy();
    expect(await screen.findByText('This payout does not need new details: it is waiting to be sent.')).toBeTruthy();
    expect(send()).toHaveProperty('disabled', false);
  });
});

describe('on the submission and its card', () => {
  test("the detail's payout card says the state, why, and takes new details", () => {
    renderWithApp(
      <SubmissionDetailView
        detail={completed}
        onPrintLabel={() => undefined}
        payoutRetry={(transaction) => <PayoutRetry transaction={transaction} headingLevel="h3" />}
      />,
    );
    const card = screen.getByRole('region', { name: 'Payout' });
    expect(within(card).getByTestId('payout-state').textContent).toBe(
      'Returned Jan 6 by your bank: account closed (R02). Please give new payout details.',
    );
    expect(
      within(card).getByRole('heading', { level: 3, name: 'Your bank returned the payment: account closed (R02).' }),
    ).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Send new details' })).toBeTruthy();
  });

  test('a pending payout promises what its rail does, and asks for nothing', () => {
    const pending = aSubmissionDetail({
      status: 'completed',
      transaction: aTransaction({ status: 'pending', rail: 'ach-file' }),
    });
    renderWithApp(
      <SubmissionDetailView detail={pending} onPrintLabel={() => undefined} payoutRetry={() => <p>asks for new details</p>} />,
    );
    const card = screen.getByRole('region', { name: 'Payout' });
    expect(
      within(card).getByText(/^It goes in our next bank transfer file \(every business day\); it then reaches your bank in/),
    ).toBeTruthy();
    expect(within(card).queryByText('asks for new details')).toBeNull();
  });

  test('the My Submissions card says "Payout returned: give new details" and links to the payout page', async () => {
    const sub = aSubmission({ status: 'completed', finalOffer: '1000.00' });
    renderWithApp(
      <ul>
        <SubmissionCard submission={sub} payoutOf={(id) => (id === sub.id ? returned : null)} />
      </ul>,
    );
    expect(await screen.findByText('Payout returned: give new details')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Give new payout details' }).getAttribute('href')).toBe(clientPaths.payout(sub.id));
  });

  test('a completed card whose payout is fine still says View Details', async () => {
    const sub = aSubmission({ status: 'completed', finalOffer: '1000.00' });
    renderWithApp(
      <ul>
        <SubmissionCard submission={sub} payoutOf={() => aTransaction({ submissionId: sub.id, status: 'paid' })} />
      </ul>,
    );
    expect(await screen.findByRole('link', { name: 'View Details' })).toBeTruthy();
    expect(screen.queryByText(/give new details/)).toBeNull();
  });
});
