import { http, HttpResponse } from 'msw';
import { describe, expect, test } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { AdminPayout } from '@assay/domain';
import { aTransaction } from '@/testing/fixtures';
import { apiError, recordRequests, server } from '@/testing/msw';
import { renderWithApp } from '@/testing/render';
import type { AchBatch, AchBatchSummary, AchReturnResult } from '../api/ach-batches';
import { AchBatchesPanel } from './ach-batches-panel';

function aPayout(id: string, amount: string, payoutMethod = 'ach'): AdminPayout {
  return {
    ...aTransaction({ id, amount, grossAmount: amount, payoutMethod }),
    submission: { id: 'sub_1', shortId: id.slice(-8), description: 'Ring', category: 'jewelry', finalOffer: amount },
    customerLabel: 'Customer #0001',
    mailTo: null,
    approval: null,
  };
}

const earlier: AchBatchSummary = {
  id: 'ach_0000000000000000000001',
  fileName: 'assay-ach-2030-01-04-A.txt',
  fileCreatedAt: '2030-01-04T12:00:00.000Z',
  fileIdModifier: 'A',
  entryCount: 2,
  waitingCount: 2,
  total: '1700.00',
  createdAt: '2030-01-04T12:00:00.000Z',
};

const made: AchBatch = {
  ...earlier,
  id: 'ach_0000000000000000000002',
  fileName: 'assay-ach-2030-01-05-B.txt',
  entries: [{ transactionId: 'txn_a', submissionShortId: 'AAAA0001', amount: '1450.00', traceNumber: '091000010000001' }],
  leftOut: [
    { transactionId: 'txn_b', submissionShortId: 'BBBB0002', reason: 'The account name has no letters a bank can read.' },
  ],
  exampleSettings: true,
};

function mockLists(payouts: AdminPayout[], batches: AchBatchSummary[] = [earlier]) {
  server.use(
    http.get('/api/admin/payouts', () => HttpResponse.json(payouts)),
    http.get('/api/admin/payouts/ach-batches', () => HttpResponse.json(batches)),
  );
}

describe('ACH files panel', () => {
  test('asks before making a file, with the count and total of the pending ACH payouts, then shows the batch', async () => {
    mockLists([aPayout('txn_a', '1450.00'), aPayout('txn_b', '250.50'), aPayout('txn_c', '99.00', 'paypal')]);
    const seen = recordRequests();
    server.use(http.post('/api/admin/payouts/ach-batches', () => HttpResponse.json(made, { status: 201 })));
    const { user } = renderWithApp(<AchBatchesPanel />);

    await user.click(await screen.findByRole('button', { name: 'Make ACH file' }));
    const dialog = await screen.findByRole('dialog', { name: 'Make ACH file' });
    expect(within(dialog).getByText('Put 2 pending ACH payouts, $1,700.50 in all, in a file for the bank?')).toBeTruthy();
    expect(seen.filter((r) => r.method === 'POST')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Make file' }));

    const batch = await screen.findByRole('region', { name: `New ACH file ${made.fileName}` });
    const link = within(batch).getByRole('link', { name: /Download file/ });
    expect(link.getAttribute('href')).toBe(`/api/admin/payouts/ach-batches/${made.id}/file`);
    expect(link.getAttribute('download')).toBe(made.fileName);
    expect(within(batch).getByText('Example settings: a bank would reject this file.')).toBeTruthy();
    expect(within(batch).getByText(/trace 091000010000001/)).toBeTruthy();
    expect(within(batch).getByText('The account name has no letters a bank can read.')).toBeTruthy();
    expect(seen.filter((r) => r.method === 'POST' && r.path === '/api/admin/payouts/ach-batches')).toHaveLength(1);
  });

  test("shows the server's sentence when no file can be made", async () => {
    mockLists([aPayout('txn_a', '1450.00')]);
    server.use(
      http.post('/api/admin/payouts/ach-batches', () =>
        apiError(409, 'Conflict', 'There are no pending ACH payouts to put in a file.'),
      ),
    );
    const { user } = renderWithApp(<AchBatchesPanel />);

    await user.click(await screen.findByRole('button', { name: 'Make ACH file' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Make file' }));
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'There are no pending ACH payouts to put in a file.');
  });

  test('lists earlier files with their download link, and marks one settled after asking', async () => {
    mockLists([]);
    const seen = recordRequests();
    server.use(
      http.post(`/api/admin/payouts/ach-batches/${earlier.id}/settled`, () =>
        HttpResponse.json({ batchId: earlier.id, paid: [{ transactionId: 'txn_a', traceNumber: '1' }], unchanged: [] }),
      ),
    );
    const { user } = renderWithApp(<AchBatchesPanel />);

    const list = await screen.findByRole('list', { name: 'ACH files made' });
    expect(
      within(list)
        .getByRole('link', { name: /Download file/ })
        .getAttribute('href'),
    ).toBe(`/api/admin/payouts/ach-batches/${earlier.id}/file`);
    await user.click(within(list).getByRole('button', { name: `Mark settled: ${earlier.fileName}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark ACH file settled' });
    await user.click(within(dialog).getByRole('button', { name: 'Mark settled' }));

    expect(await screen.findByText('Batch marked settled')).toBeTruthy();
    expect(seen.filter((r) => r.path.endsWith('/settled'))).toHaveLength(1);
  });

  test('a settled file says so and offers no "Mark settled"', async () => {
    mockLists([], [{ ...earlier, waitingCount: 0 }]);
    renderWithApp(<AchBatchesPanel />);
    const list = await screen.findByRole('list', { name: 'ACH files made' });
    expect(within(list).getByText('Settled: nothing in it waits for the bank.')).toBeTruthy();
    expect(within(list).queryByRole('button', { name: /Mark settled/ })).toBeNull();
  });

  test('reads the return file in the browser, sends its text and shows the answer', async () => {
    mockLists([]);
    const answer: AchReturnResult = {
      returned: [
        {
          transactionId: 'txn_a',
          submissionShortId: 'AAAA0001',
          traceNumber: '091000010000001',
          returnCode: 'R03',
          reason: 'No account, or the account could not be found.',
          amount: '1450.00',
        },
      ],
      unmatched: [{ traceNumber: '091000019999999', returnCode: 'R01', amount: '5.00', why: 'No payout has this trace number.' }],
      alreadyApplied: [{ transactionId: 'txn_b', traceNumber: '091000010000002', returnCode: 'R02', status: 'returned' }],
      changeNotices: [],
    };
    const seen = recordRequests();
    server.use(http.post('/api/admin/payouts/ach-returns', () => HttpResponse.json(answer)));
    const { user } = renderWithApp(<AchBatchesPanel />);

    const input = await screen.findByLabelText('Import bank return file');
    await user.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByText("Choose the bank's return file first.")).toBeTruthy();

    await user.upload(input, new File(['101 RETURN FILE'], 'returns.txt', { type: 'text/plain' }));
    await user.click(screen.getByRole('button', { name: 'Import' }));

    const shown = await screen.findByRole('region', { name: 'Return file imported' });
    expect(within(shown).getByText(/R03: No account, or the account could not be found\./)).toBeTruthy();
    expect(within(shown).getByText('091000019999999')).toBeTruthy();
    expect(within(shown).getByText(/No payout has this trace number\./)).toBeTruthy();
    expect(within(shown).getByText(/Already applied \(1\)/)).toBeTruthy();
    await waitFor(() =>
      expect(seen.filter((r) => r.path === '/api/admin/payouts/ach-returns').map((r) => r.body)).toEqual([
        { file: '101 RETURN FILE' },
      ]),
    );
  });
});
