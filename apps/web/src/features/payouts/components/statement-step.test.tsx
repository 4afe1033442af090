// Issue 13 item 2: a Florida seller is told why before accepting, and signs the statement of
// ownership beside the ID step, before 'Confirm & Process Payout'.
import { http, HttpResponse } from 'msw';
import { describe, expect, test } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { SELLER_STATEMENT_VERSION, type SellerStatementResponse } from '@assay/domain';
import { aSubmissionDetail } from '@/testing/fixtures';
import { apiError, recordRequests, server } from '@/testing/msw';
import { renderWithApp } from '@/testing/render';
import { PayoutView } from './payout-view';

const REASON = 'Florida law (Fla. Stat. 538.31-538.37) requires your ID and a signed statement before we can pay you.';
const TEXT =
  'I, Casey Client, am of lawful age (18 or older). I declare under penalty of perjury that the foregoing is true and correct.';

const florida = (signed = false, identityVerified = false) =>
  aSubmissionDetail({
    status: 'offered',
    finalOffer: '450.00',
    actualWeight: 9.4,
    compliance: { identityRequired: true, identityVerified, statementRequired: true, statementSigned: signed, reason: REASON },
  });

function statementAnswer(signed: boolean): SellerStatementResponse {
  return {
    required: true,
    signed,
    signedAt: signed ? '2030-01-02T10:00:00.000Z' : null,
    statementVersion: SELLER_STATEMENT_VERSION,
    signAs: 'Casey Client',
    text: TEXT,
  };
}

function answer({ kyc, signed }: { kyc: 'none' | 'approved'; signed: boolean }) {
  server.use(
    http.get('/api/kyc', () => HttpResponse.json({ status: kyc, submittedAt: null, rejectionReason: null })),
    http.get('/api/submissions/:id/statement', () => HttpResponse.json(statementAnswer(signed))),
  );
}

const confirm = () => screen.getByRole('button', { name: 'Confirm & Process Payout' });

describe('the statement of ownership before the payout', () => {
  test('says why, lists ID and statement as steps 1 and 2, and keeps Confirm closed', async () => {
    answer({ kyc: 'none', signed: false });
    renderWithApp(<PayoutView submission={florida()} />);
    expect(await screen.findByText(REASON)).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Step 1: Verify your identity' })).toBeTruthy();
    const step = await screen.findByRole('region', { name: 'Step 2: Sign the statement of ownership' });
    expect(within(step).getByText(TEXT)).toBeTruthy();
    expect(within(step).getByRole('button', { name: 'Sign statement' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Step 3: How would you like to be paid?' })).toBeTruthy();
    expect(confirm()).toHaveProperty('disabled', true);
  });

  test('signs with the typed name and the version, then says it is signed', async () => {
    let signed = false;
    const seen = recordRequests();
    server.use(
      http.get('/api/kyc', () => HttpResponse.json({ status: 'approved', submittedAt: null, rejectionReason: null })),
      http.get('/api/submissions/:id/statement', () => HttpResponse.json(statementAnswer(signed))),
      http.post('/api/submissions/:id/statement', () => {
        signed = true;
        return HttpResponse.json(
          { signed: true, signedAt: '2030-01-02T10:00:00.000Z', statementVersion: SELLER_STATEMENT_VERSION },
          { status: 201 },
        );
      }),
    );
    const submission = florida(false, true);
    const { user } = renderWithApp(<PayoutView submission={submission} />);
    const step = await screen.findByRole('region', { name: 'Step 1: Sign the statement of ownership' });
    await user.type(within(step).getByLabelText('Type your full name to sign'), 'Casey Client');
    await user.click(within(step).getByRole('button', { name: 'Sign statement' }));
    expect(await screen.findByText(/You signed the statement of ownership/)).toBeTruthy();
    await waitFor(() =>
      expect(seen.find((r) => r.method === 'POST')).toEqual({
        method: 'POST',
        path: `/api/submissions/${submission.id}/statement`,
        body: { typedName: 'Casey Client', statementVersion: SELLER_STATEMENT_VERSION },
      }),
    );
    await waitFor(() => expect(confirm()).toHaveProperty('disabled', false));
  });

  test('an empty or wrong name is refused before anything is sent', async () => {
    answer({ kyc: 'approved', signed: false });
    const seen = recordRequests();
    const { user } = renderWithApp(<PayoutView submission={florida(false, true)} />);
    const step = await screen.findByRole('region', { name: 'Step 1: Sign the statement of ownership' });
    await user.click(within(step).getByRole('button', { name: 'Sign statement' }));
    expect(await within(step).findByText('Please type your full name to sign the statement.')).toBeTruthy();
    await user.type(within(step).getByLabelText('Type your full name to sign'), 'Someone Else');
    await user.click(within(step).getByRole('button', { name: 'Sign statement' }));
    expect(await within(step).findByText(/The typed name must be the name on your account/)).toBeTruthy();
    expect(seen.filter((r) => r.method === 'POST')).toEqual([]);
  });

  test('a refusal STATEMENT_REQUIRED from the server brings the step up', async () => {
    server.use(
      http.get('/api/submissions/:id/statement', () => HttpResponse.json(statementAnswer(false))),
      http.post('/api/transactions', () =>
        apiError(409, 'STATEMENT_REQUIRED', 'Please sign the statement of ownership before we can pay you.'),
      ),
    );
    const { user } = renderWithApp(
      <PayoutView submission={aSubmissionDetail({ status: 'offered', finalOffer: '450.00', actualWeight: 9.4 })} />,
    );
    await user.type(screen.getByLabelText('Account holder name'), 'Casey Client');
    await user.type(screen.getByLabelText('Routing number'), '011000015');
    await user.type(screen.getByLabelText('Account number'), '000123456789');
    await user.click(confirm());
    expect(await screen.findByRole('region', { name: 'Step 1: Sign the statement of ownership' })).toBeTruthy();
  });
});
