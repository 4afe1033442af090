import { http, HttpResponse } from 'msw';
import { describe, expect, test } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { SanctionsListState, SanctionsScreening } from '@assay/domain';
import { apiError, recordRequests, server } from '@/testing/msw';
import { renderWithApp } from '@/testing/render';
import { SanctionsScreeningPanel } from './sanctions-screening-panel';

const freshList: SanctionsListState = {
  loaded: true,
  publishedOn: '2026-11-20',
  loadedAt: '2026-11-21T08:00:00.000Z',
  entryCount: 18_412,
  ageDays: 4,
  stale: false,
};

const johnDoe: SanctionsScreening = {
  id: 'scr-1',
  userId: 'user-00001234',
  customerLabel: 'Customer #1234',
  transactionId: 'tx-1',
  context: 'payout',
  listId: 'list-1',
  listPublishedOn: '2026-11-20',
  screenedName: 'John Doe',
  matches: [
    {
      entNum: 1001,
      listedName: 'DOE, John',
      matchedName: 'DOE, John',
      matchedOn: 'name',
      score: 1,
      type: 'individual',
      programs: ['SDGT'],
    },
  ],
  status: 'possible-match',
  decidedBy: null,
  decidedAt: null,
  reason: null,
  createdAt: '2026-11-24T09:00:00.000Z',
};

function answering(list: SanctionsListState, matches: SanctionsScreening[]) {
  server.use(
    http.get('/api/admin/compliance/sanctions-list', () => HttpResponse.json(list)),
    http.get('/api/admin/compliance/screenings', () => HttpResponse.json(matches)),
  );
}

describe('sanctions screening panel', () => {
  test('shows the list date and a possible match with its listing and score; a reason comes first, then the decision is sent', async () => {
    const seen = recordRequests();
    let queue = [johnDoe];
    answering(freshList, queue);
    server.use(
      http.get('/api/admin/compliance/screenings', () => HttpResponse.json(queue)),
      http.post('/api/admin/compliance/screenings/scr-1/decision', () => {
        queue = [];
        return HttpResponse.json({ ...johnDoe, status: 'cleared', reason: 'Different date of birth' });
      }),
    );
    const { user } = renderWithApp(<SanctionsScreeningPanel />);

    const state = await screen.findByTestId('sanctions-list-state');
    expect(state.textContent).toMatch(/^OFAC SDN list published 2026-11-20 \(4 days old\), 18,412 listings/);
    expect(state.getAttribute('role')).toBeNull();
    const match = await screen.findByTestId('sanctions-match');
    expect(within(match).getByText('John Doe', { exact: false })).toBeTruthy();
    expect(within(match).getByText('DOE, John')).toBeTruthy();
    expect(within(match).getByText('100% similar')).toBeTruthy();

    // No reason yet: nothing is sent.
    await user.click(within(match).getByRole('button', { name: 'Clear: not the listed person' }));
    expect(await within(match).findByText('Give the reason for the decision (3 to 500 characters).')).toBeTruthy();
    expect(seen.filter((r) => r.method === 'POST')).toEqual([]);

    await user.type(within(match).getByLabelText('Reason for the decision'), 'Different date of birth');
    await user.click(within(match).getByRole('button', { name: 'Clear: not the listed person' }));
    await waitFor(() =>
      expect(seen.filter((r) => r.method === 'POST')).toEqual([
        {
          method: 'POST',
          path: '/api/admin/compliance/screenings/scr-1/decision',
          body: { decision: 'clear', reason: 'Different date of birth' },
        },
      ]),
    );
    expect(await screen.findByTestId('sanctions-no-matches')).toBeTruthy();
    // Said even though the decided match has left the list by then.
    expect(await screen.findByText('Match cleared; the payout is released')).toBeTruthy();
  });

  test('warns when the list is older than 7 days, and when none is loaded', async () => {
    answering({ ...freshList, publishedOn: '2026-11-10', ageDays: 14, stale: true }, []);
    const first = renderWithApp(<SanctionsScreeningPanel />);
    const stale = await screen.findByTestId('sanctions-list-state');
    expect(stale.getAttribute('role')).toBe('status');
    expect(stale.textContent).toMatch(/14 days old.*older than 7 days: load OFAC's latest files/);
    first.unmount();

    answering({ loaded: false, message: 'No sanctions list is loaded, so sellers are not screened.' }, []);
    renderWithApp(<SanctionsScreeningPanel />);
    expect((await screen.findByTestId('sanctions-list-state')).textContent).toBe(
      'No sanctions list is loaded, so sellers are not screened.',
    );
  });

  test("shows the server's refusal of a decision (already decided) beside the match", async () => {
    answering(freshList, [johnDoe]);
    server.use(
      http.post('/api/admin/compliance/screenings/scr-1/decision', () =>
        apiError(409, 'CONFLICT', 'This screening was already decided (cleared); it cannot be decided again.'),
      ),
    );
    const { user } = renderWithApp(<SanctionsScreeningPanel />);
    const match = await screen.findByTestId('sanctions-match');
    await user.type(within(match).getByLabelText('Reason for the decision'), 'Same person');
    await user.click(within(match).getByRole('button', { name: 'Block: never pay' }));
    expect(
      await within(match).findByText('This screening was already decided (cleared); it cannot be decided again.'),
    ).toBeTruthy();
  });
});
