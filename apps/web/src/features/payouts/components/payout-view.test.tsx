import { http, HttpResponse } from 'msw';
import { describe, expect, test } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { POLICE_REPORT_LINE_SELLER_MESSAGE, validationMessages, type KycStatusResponse } from '@assay/domain';
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

  test('a purchase record still to complete is said in view, without a "failed" toast (issue 28 item 6)', async () => {
    server.use(
      http.post('/api/transactions', () => apiError(409, 'PURCHASE_RECORD_INCOMPLETE', POLICE_REPORT_LINE_SELLER_MESSAGE)),
    );
    const { user } = renderWithApp(<PayoutView submission={offered} />);

    await user.click(screen.getByRole('radio', { name: /Paper Check/i }));
    await user.click(confirm());

    const said = await screen.findByText(POLICE_REPORT_LINE_SELLER_MESSAGE);
    expect(said.closest('[role="status"]')).toBeTruthy();
    expect(screen.queryByText('Failed to process payout')).toBeNull();
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

describe('accepting happens on Confirm & Process Payout (issue 11 item 9)', () => {
  test('the page asks how to get paid for the offer and says nothing is accepted yet', () => {
    renderWithApp(<PayoutView submission={offered} />);
    expect(screen.getByRole('heading', { level: 2, name: 'Accept $1,450.00: choose how to get paid' })).toBeTruthy();
    expect(screen.getByText(/Nothing is accepted until you press .Confirm & Process Payout./)).toBeTruthy();
    expect(screen.queryByText('Offer Accepted!')).toBeNull();
  });

  test("after a successful confirm: 'Offer Accepted!' with what was accepted, how and when it is paid", async () => {
    server.use(
      http.post('/api/transactions', () =>
        HttpResponse.json(
          aTransaction({
            payoutMethod: 'paypal',
            grossAmount: '1450.00',
            feeAmount: '42.35',
            amount: '1407.65',
            payoutDetails: { email: 'dana@example.com' },
          }),
          { status: 201 },
        ),
      ),
    );
    const { user, location } = renderWithApp(<PayoutView submission={offered} />, { path: '/client/submissions/x/payout' });

    await user.click(screen.getByRole('radio', { name: /PayPal/ }));
    await user.type(screen.getByLabelText('PayPal email'), 'dana@example.com');
    await user.click(confirm());

    const heading = await screen.findByRole('heading', { name: 'Offer Accepted!' });
    expect(screen.getByText('Payout Processed')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(heading));
    const summary = screen.getByRole('region', { name: 'Offer Accepted!' });
    expect(within(summary).getByText('Offer accepted').nextSibling?.textContent).toBe('$1,450.00');
    expect(within(summary).getByText('PayPal fee').nextSibling?.textContent).toBe('−$42.35');
    expect(within(summary).getByText('You receive').nextSibling?.textContent).toBe('$1,407.65');
    expect(within(summary).getByText('PayPal, to dana@example.com')).toBeTruthy();
    expect(within(summary).getByText(/^Our team sends it within 24 hours; PayPal then credits it at once\.$/)).toBeTruthy();
    expect(within(summary).getByRole('link', { name: 'Back to dashboard' }).getAttribute('href')).toBe('/client');
    // The page stays on the summary rather than moving to the dashboard.
    expect(location.history.at(-1)).toBe('/client/submissions/x/payout');
    expect(screen.queryByRole('button', { name: 'Confirm & Process Payout' })).toBeNull();
  });

  test('a paid offer visited later shows the same summary', () => {
    const paid = aSubmissionDetail({
      status: 'completed',
      finalOffer: '1450.00',
      transaction: aTransaction({ sentAt: '2030-01-05T09:30:00.000Z', reference: 'ACH-1' }),
    });
    renderWithApp(<PayoutView submission={paid} />);
    const summary = screen.getByRole('region', { name: 'Offer Accepted!' });
    expect(within(summary).getByText("ACH Bank Transfer, to Dana Client's account ending 6789")).toBeTruthy();
    expect(within(summary).getByText(/^We sent it on .+; it then reaches your bank in 1-2 business days\.$/)).toBeTruthy();
    expect(document.activeElement).not.toBe(screen.getByRole('heading', { name: 'Offer Accepted!' }));
  });
});

describe('the ID step comes first when the payout needs one (issue 11 item 9)', () => {
  const kycAnswer = (status: KycStatusResponse['status']): KycStatusResponse => ({
    status,
    submittedAt: status === 'none' ? null : '2030-01-04T10:00:00.000Z',
    rejectionReason: null,
  });
  const useKycStatus = (status: KycStatusResponse['status']) =>
    server.use(http.get('/api/kyc', () => HttpResponse.json(kycAnswer(status))));
  const large = aSubmissionDetail({ status: 'offered', finalOffer: '26450.00', requiresKyc: true });
  const asked = aSubmissionDetail({ status: 'offered', finalOffer: '1450.00', requiresKyc: true });

  test('above $10,000 and no ID yet: the steps at the top, the ID form before the payout methods, Confirm waits', async () => {
    useKycStatus('none');
    renderWithApp(<PayoutView submission={large} />);

    const steps = await screen.findByRole('list');
    const items = within(steps).getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('strong')?.textContent)).toEqual([
      'Verify your identity.',
      'Choose how to get paid.',
      'Confirm',
    ]);
    expect(items[0]?.textContent).toMatch(
      /This offer is above \$10,000\. By law a buyer of precious metals must know whom it pays/,
    );

    const idStep = screen.getByRole('region', { name: 'Step 1: Verify your identity' });
    expect(within(idStep).getByLabelText('Full legal name')).toBeTruthy();
    const methods = screen.getByRole('group', { name: 'Step 2: How would you like to be paid?' });
    expect(idStep.compareDocumentPosition(methods) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    const button = confirm() as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(describedText(button)).toBe('Verify your identity first (step 1): the payout waits for it (offers above $10,000).');
  });

  test('an appraiser asked on a smaller offer: the reason says so', async () => {
    useKycStatus('none');
    renderWithApp(<PayoutView submission={asked} />);
    const steps = await screen.findByRole('list');
    expect(within(steps).getAllByRole('listitem')[0]?.textContent).toMatch(/Our appraiser asked for an ID check on this item\./);
    expect(describedText(confirm())).toMatch(/\(our appraiser asked\)\.$/);
  });

  test('ID sent and under review: the step says so and Confirm still waits', async () => {
    useKycStatus('pending');
    renderWithApp(<PayoutView submission={large} />);
    expect(await screen.findByText(/We have your ID and are reviewing it/)).toBeTruthy();
    expect((confirm() as HTMLButtonElement).disabled).toBe(true);
    expect(describedText(confirm())).toMatch(/as soon as we have approved your ID/);
  });

  test('ID approved: no step list, the ID step says verified, and Confirm can be pressed', async () => {
    useKycStatus('approved');
    renderWithApp(<PayoutView submission={large} />);
    expect(await screen.findByRole('region', { name: 'Identity verified' })).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
    expect(screen.getByRole('group', { name: 'How would you like to be paid?' })).toBeTruthy();
    expect((confirm() as HTMLButtonElement).disabled).toBe(false);
  });

  test('no ID needed: no ID step and no step list', () => {
    renderWithApp(<PayoutView submission={offered} />);
    expect(screen.queryByRole('region', { name: /identity/i })).toBeNull();
    expect(screen.queryByRole('list')).toBeNull();
  });
});

describe('each method says what its rail really does (DECISIONS: no "instant" when a person sends it)', () => {
  test('PayPal sent by our team is promised as such; ACH goes in the next bank file; checks are printed and mailed', () => {
    renderWithApp(<PayoutView submission={offered} payoutRails={{ ach: 'ach-file', paypal: 'manual', check: 'check' }} />);
    const paypal = screen.getByRole('radio', { name: /PayPal/ }).closest('label')!;
    expect(within(paypal).getByText('Our team sends it within 24 hours; PayPal then credits it at once.')).toBeTruthy();
    // Issue 27 item 7: not "Instant" when a person sends it.
    expect(within(paypal).getByText(/^Within 24 hours · Fee/)).toBeTruthy();
    expect(within(paypal).queryByText(/Instant/)).toBeNull();
    const ach = screen.getByRole('radio', { name: /ACH Bank Transfer/ }).closest('label')!;
    expect(within(ach).getByText(/next bank transfer file/)).toBeTruthy();
    const check = screen.getByRole('radio', { name: /Paper Check/ }).closest('label')!;
    expect(
      within(check).getByText('We print and mail the check within 1 business day; it usually arrives in 5-7 business days.'),
    ).toBeTruthy();
  });

  test('PayPal is "Instant" only when the PayPal Payouts rail sends it', () => {
    renderWithApp(<PayoutView submission={offered} payoutRails={{ ach: 'ach-file', paypal: 'paypal', check: 'check' }} />);
    const paypal = screen.getByRole('radio', { name: /PayPal/ }).closest('label')!;
    expect(within(paypal).getByText(/^Instant · Fee/)).toBeTruthy();
    expect(within(paypal).getByText('It is sent by PayPal Payouts within the hour; PayPal credits it at once.')).toBeTruthy();
  });
});
