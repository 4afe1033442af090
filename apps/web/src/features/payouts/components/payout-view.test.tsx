import { http, HttpResponse } from 'msw';
import { describe, expect, test } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { validationMessages } from '@assay/domain';
import { describedText, isInvalid } from '@/testing/fields';
import { aSubmissionDetail, aTransaction } from '@/testing/fixtures';
import { apiError, recordRequests, server } from '@/testing/msw';
import { renderWithApp } from '@/testing/render';
import { PayoutView } from './payout-view';

const offered = aSubmissionDetail({ status: 'offered', finalOffer: '1450.00', actualWeight: 9.4 });
const confirm = () => screen.getByRole('button', { name: 'Confirm & Process Payout' });

async function fillBank(
  user: ReturnType<typeof renderWithApp>['user'],
  bank: { name: string; routing: string; account: string },
) {
  await user.type(screen.getByLabelText('Account holder name'), bank.name);
  await user.type(screen.getByLabelText('Routing number'), bank.routing);
  await user.type(screen.getByLabelText('Account number'), bank.account);
}

describe('payout form', () => {
  test('a valid ACH payout sends exactly the body POST /api/transactions reads', async () => {
    const seen = recordRequests();
    server.use(http.post('/api/transactions', () => HttpResponse.json(aTransaction(), { status: 201 })));
    const { user } = renderWithApp(<PayoutView submission={offered} />);

    // Spaces people type in bank numbers never reach the field.
    await fillBank(user, { name: ' Dana Client ', routing: '0110 00015', account: '000123456789' });
    expect(screen.getByLabelText('Routing number')).toHaveProperty('value', '011000015');
    await user.click(confirm());

    expect(await screen.findByText('Payout Processed')).toBeTruthy();
    expect(seen).toHaveLength(1);
    await waitFor(() =>
      expect(seen[0]).toEqual({
        method: 'POST',
        path: '/api/transactions',
        body: {
          submissionId: offered.id,
          amount: '1450.00',
          payoutMethod: 'ach',
          payoutDetails: { accountName: 'Dana Client', routingNumber: '011000015', accountNumber: '000123456789' },
        },
      }),
    );
  });

  test('PayPal sends the e-mail and the amount after its fee', async () => {
    const seen = recordRequests();
    server.use(
      http.post('/api/transactions', () => HttpResponse.json(aTransaction({ payoutMethod: 'paypal' }), { status: 201 })),
    );
    const { user } = renderWithApp(<PayoutView submission={offered} />);

    await user.click(screen.getByRole('radio', { name: /PayPal/ }));
    await user.type(screen.getByLabelText('PayPal email'), 'dana@example.com');
    await user.click(confirm());

    await screen.findByText('Payout Processed');
    // $1,450.00 less 2.9% + $0.30 = $1,407.65
    await waitFor(() =>
      expect(seen[0]?.body).toEqual({
        submissionId: offered.id,
        amount: '1407.65',
        payoutMethod: 'paypal',
        payoutDetails: { email: 'dana@example.com' },
      }),
    );
  });

  test('blank bank details say Required on each field, toast SPEC 5 sentence and send nothing', async () => {
    const seen = recordRequests();
    const { user } = renderWithApp(<PayoutView submission={offered} />);

    await user.type(screen.getByLabelText('Account holder name'), 'Dana Client');
    await user.click(confirm());

    expect(await screen.findByText(validationMessages.bankDetails)).toBeTruthy();
    const routing = screen.getByLabelText('Routing number');
    expect(isInvalid(routing)).toBe(true);
    expect(describedText(routing)).toContain('Required');
    expect(isInvalid(screen.getByLabelText('Account number'))).toBe(true);
    expect(isInvalid(screen.getByLabelText('Account holder name'))).toBe(false);
    expect(seen).toEqual([]);

    // Typing in a field takes its message away, and only its own.
    await user.type(routing, '0');
    expect(isInvalid(routing)).toBe(false);
    expect(isInvalid(screen.getByLabelText('Account number'))).toBe(true);
  });

  test('a routing number that fails its checksum is refused in the browser with the domain message', async () => {
    const seen = recordRequests();
    const { user } = renderWithApp(<PayoutView submission={offered} />);

    await fillBank(user, { name: 'Dana Client', routing: '011000016', account: '000123456789' });
    await user.click(confirm());

    const message = 'That routing number is not valid; please check it with your bank.';
    const routing = screen.getByLabelText('Routing number');
    await waitFor(() => expect(describedText(routing)).toBe(`9 digits, bottom left of a check ${message}`));
    expect(isInvalid(routing)).toBe(true);
    expect(document.activeElement).toBe(routing);
    expect(seen).toEqual([]);
  });

  test('a server 400 with issues puts each message on the field its path names', async () => {
    const message = 'The account number must be 4 to 17 digits.';
    server.use(
      http.post('/api/transactions', () =>
        apiError(400, 'BAD_REQUEST', `Invalid body: payoutDetails.accountNumber: ${message}`, [
          { path: 'payoutDetails.accountNumber', message },
        ]),
      ),
    );
    const { user } = renderWithApp(<PayoutView submission={offered} />);

    await fillBank(user, { name: 'Dana Client', routing: '011000015', account: '000123456789' });
    await user.click(confirm());

    const account = screen.getByLabelText('Account number');
    await waitFor(() => expect(isInvalid(account)).toBe(true));
    expect(describedText(account)).toBe(message);
    expect(isInvalid(screen.getByLabelText('Routing number'))).toBe(false);
    expect(screen.getByText('Failed to process payout')).toBeTruthy();
  });

  test.each([
    [409, 'CONFLICT', 'This submission has already been paid.'],
    [500, 'INTERNAL', 'Something went wrong on our side. Please try again in a moment.'],
  ])('a %i shows the server sentence', async (status, code, sentence) => {
    server.use(http.post('/api/transactions', () => apiError(status, code, sentence)));
    const { user } = renderWithApp(<PayoutView submission={offered} />);

    await user.click(screen.getByRole('radio', { name: /Paper Check/i }));
    await user.click(confirm());

    expect(await screen.findByText(sentence)).toBeTruthy();
    expect(screen.getByText('Failed to process payout')).toBeTruthy();
    expect(confirm()).toHaveProperty('disabled', false);
  });
});

describe('the offer validity on the payout view (issue 11 item 4)', () => {
  const offerView = (validUntil: string, lapsed: boolean) => ({
    id: 'off-1',
    version: 2,
    status: 'open',
    total: '1450.00',
    offeredAt: '2030-01-01T12:00:00.000Z',
    validUntil,
    lapsed,
    lines: [],
    counter: null,
  });

  test('a live offer shows its countdown and sends the offer version it shows', async () => {
    const validUntil = new Date(Date.now() + 3 * 24 * 3_600_000 + 60_000).toISOString();
    const live = aSubmissionDetail({
      status: 'offered',
      finalOffer: '1450.00',
      offerValidUntil: validUntil,
      offer: offerView(validUntil, false),
    });
    const seen = recordRequests();
    server.use(http.post('/api/transactions', () => HttpResponse.json(aTransaction(), { status: 201 })));
    const { user } = renderWithApp(<PayoutView submission={live} />);
    expect(screen.getByText('3 days left')).toBeTruthy();
    await fillBank(user, { name: 'Dana Client', routing: '011000015', account: '000123456789' });
    await user.click(confirm());
    await waitFor(() => expect(seen[0]?.body).toMatchObject({ submissionId: live.id, offerVersion: 2 }));
  });

  test('a lapsed offer says so and disables Confirm & Process Payout', () => {
    const validUntil = new Date(Date.now() - 3_600_000).toISOString();
    const lapsed = aSubmissionDetail({
      status: 'offered',
      finalOffer: '1450.00',
      offerValidUntil: validUntil,
      offer: offerView(validUntil, true),
    });
    renderWithApp(<PayoutView submission={lapsed} />);
    expect(screen.getByText(/^This offer expired on .+\. Ask us to re-issue it at today's prices\.$/)).toBeTruthy();
    expect((confirm() as HTMLButtonElement).disabled).toBe(true);
  });
});
