import { http, HttpResponse } from 'msw';
import { describe, expect, test } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { describedText, isInvalid } from '@/testing/fields';
import { apiError, recordRequests, server } from '@/testing/msw';
import { payoutRatesAnswer } from '@/testing/payout-rates';
import { renderWithApp } from '@/testing/render';
import { PayoutRatesAdminPanel } from './payout-rates-admin-panel';

const silverPath = '/api/admin/payout-rates/silver';
const minField = () => screen.getByLabelText('Silver minimum %');
const maxField = () => screen.getByLabelText('Silver maximum %');
const save = () => screen.getByRole('button', { name: 'Save Silver payout rate' });

describe('payout rates editor', () => {
  test('shows every rate with its date, saves one row with exactly the body the server reads, and lists the change', async () => {
    const seen = recordRequests();
    let answer = payoutRatesAnswer();
    server.use(
      http.get('/api/payout-rates', () => HttpResponse.json(answer)),
      http.put(silverPath, () => {
        answer = payoutRatesAnswer({ silver: { minPercent: '72.50', maxPercent: '81.00' } }, '2026-11-24T02:50:00.000Z');
        return HttpResponse.json(answer.rates.find((r) => r.itemType === 'silver'));
      }),
    );
    const { user } = renderWithApp(<PayoutRatesAdminPanel />);

    expect(await screen.findAllByTestId('payout-rate-editor')).toHaveLength(12);
    expect(screen.getByText('No changes yet: every item type pays its starting rate.')).toBeTruthy();
    expect((minField() as HTMLInputElement).value).toBe('70.00');

    await user.clear(minField());
    await user.type(minField(), '72.5 %');
    await user.clear(maxField());
    await user.type(maxField(), '81');
    await user.click(save());

    expect(await screen.findByText('Silver payout rate saved')).toBeTruthy();
    expect(screen.getByText('We now pay 72.5-81% of metal value.')).toBeTruthy();
    const puts = seen.filter((r) => r.method === 'PUT');
    expect(puts.map((r) => r.path)).toEqual([silverPath]);
    await waitFor(() => expect(puts[0]?.body).toEqual({ minPercent: '72.50', maxPercent: '81.00' }));

    const history = await screen.findByTestId('payout-rate-history');
    expect(within(history).getByText('Silver')).toBeTruthy();
    expect(within(history).getByText('72.5-81%')).toBeTruthy();
    const silverRow = screen.getAllByTestId('payout-rate-editor').find((row) => row.dataset.itemType === 'silver')!;
    expect(within(silverRow).getByTestId('payout-rate-since').textContent).toBe('Since: Nov 24, 2026');
    expect((minField() as HTMLInputElement).value).toBe('72.50');
  });

  test('refuses a minimum above the maximum in the browser, sending nothing', async () => {
    const seen = recordRequests();
    server.use(http.get('/api/payout-rates', () => HttpResponse.json(payoutRatesAnswer())));
    const { user } = renderWithApp(<PayoutRatesAdminPanel />);
    await screen.findAllByTestId('payout-rate-editor');

    await user.clear(minField());
    await user.type(minField(), '85');
    await user.click(save());

    await waitFor(() => expect(isInvalid(minField())).toBe(true));
    expect(describedText(minField())).toContain('The minimum cannot be above the maximum.');
    expect(seen.filter((r) => r.method === 'PUT')).toEqual([]);
  });

  test('puts a refused edit’s server message on its field and keeps what was typed', async () => {
    server.use(
      http.get('/api/payout-rates', () => HttpResponse.json(payoutRatesAnswer())),
      http.put(silverPath, () =>
        apiError(400, 'BAD_REQUEST', 'Invalid body: maxPercent: The maximum must be a percent from 0 to 100.', [
          { path: 'maxPercent', message: 'The maximum must be a percent from 0 to 100.' },
        ]),
      ),
    );
    const { user } = renderWithApp(<PayoutRatesAdminPanel />);
    await screen.findAllByTestId('payout-rate-editor');

    await user.clear(maxField());
    await user.type(maxField(), '99.5');
    await user.click(save());

    expect(await screen.findByText('Failed to save the Silver payout rate')).toBeTruthy();
    await waitFor(() => expect(isInvalid(maxField())).toBe(true));
    expect(describedText(maxField())).toContain('The maximum must be a percent from 0 to 100.');
    expect((maxField() as HTMLInputElement).value).toBe('99.5');
  });
});
