// Issue 13 item 3: the mailbox shows the hold of a received item, and a bought item's melt, resale
// or consignment is recorded only after it, asked first.
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, test } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { anAdminSubmission } from '@/testing/fixtures';
import { recordRequests, server } from '@/testing/msw';
import { payoutRatesAnswer } from '@/testing/payout-rates';
import { renderWithApp } from '@/testing/render';
import { AdminSubmissionCard } from './admin-submission-card';

const hold = (over: boolean) => ({
  until: '2030-11-29T04:59:59.999Z',
  label: 'Hold until Nov 28',
  basis: 'Florida: 10 days',
  over,
});

describe('hold and disposition on a mailbox card', () => {
  beforeEach(() => {
    server.use(
      http.get('/api/pricing', () => HttpResponse.json([])),
      http.get('/api/payout-rates', () => HttpResponse.json(payoutRatesAnswer())),
    );
  });

  test('a received item says until when it is held, with the rule behind it', () => {
    renderWithApp(<AdminSubmissionCard submission={anAdminSubmission({ status: 'appraising', hold: hold(false) })} />);
    const card = screen.getByRole('article');
    expect(within(card).getAllByText('Hold until Nov 28')).toHaveLength(2);
    expect(within(card).getByText('Florida: 10 days')).toBeTruthy();
    // Not bought: nothing to melt.
    expect(within(card).queryByRole('group', { name: /Disposition/ })).toBeNull();
  });

  test("the ID caption follows the seller's state rule (issue 27 item 8)", () => {
    const submission = anAdminSubmission({ status: 'appraising', hold: hold(false), idRule: 'Florida: ID before any payment' });
    renderWithApp(<AdminSubmissionCard submission={submission} />);
    const card = screen.getByRole('article');
    expect(within(card).getByText('ID rule')).toBeTruthy();
    expect(within(card).getByText('Florida: ID before any payment')).toBeTruthy();
  });

  test('a bought item on hold: the control is closed and says why', () => {
    renderWithApp(
      <AdminSubmissionCard submission={anAdminSubmission({ status: 'completed', finalOffer: '450.00', hold: hold(false) })} />,
    );
    const control = screen.getByRole('group', { name: /Disposition/ });
    expect(within(control).getByRole('button', { name: 'Record' })).toHaveProperty('disabled', true);
    expect(within(control).getByText('Hold until Nov 28 (Florida: 10 days)')).toBeTruthy();
  });

  test('after the hold: choose, confirm, and the body says what was chosen', async () => {
    const seen = recordRequests();
    const submission = anAdminSubmission({ status: 'completed', finalOffer: '450.00', hold: hold(true) });
    server.use(
      http.post('/api/admin/submissions/:id/disposition', () =>
        HttpResponse.json({ ...submission, disposition: { action: 'resell', at: '2030-12-01T10:00:00.000Z' } }),
      ),
    );
    const { user } = renderWithApp(<AdminSubmissionCard submission={submission} />);
    const control = screen.getByRole('group', { name: /Disposition/ });
    await user.selectOptions(within(control).getByLabelText('What to do with the item'), 'resell');
    await user.click(within(control).getByRole('button', { name: 'Record' }));
    const dialog = await screen.findByRole('dialog', { name: 'Resell this item?' });
    await user.click(within(dialog).getByRole('button', { name: 'Resell' }));
    await waitFor(() =>
      expect(seen.find((r) => r.method === 'POST')).toEqual({
        method: 'POST',
        path: `/api/admin/submissions/${submission.id}/disposition`,
        body: { action: 'resell' },
      }),
    );
  });

  test('once recorded, it says what and when instead of the control', () => {
    renderWithApp(
      <AdminSubmissionCard
        submission={anAdminSubmission({
          status: 'completed',
          finalOffer: '450.00',
          hold: hold(true),
          disposition: { action: 'melt', at: '2030-12-01T10:00:00.000Z' },
        })}
      />,
    );
    expect(screen.getByText(/^Melted /)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Record' })).toBeNull();
  });
});
