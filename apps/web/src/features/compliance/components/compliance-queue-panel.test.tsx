import { http, HttpResponse } from 'msw';
import { describe, expect, test } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { ComplianceQueueItem } from '@assay/domain';
import { recordRequests, server } from '@/testing/msw';
import { renderWithApp } from '@/testing/render';
import { ComplianceQueuePanel } from './compliance-queue-panel';

const base = { description: '14k gold rope chain', customerLabel: 'Customer #0b12', transactionId: null };
const items: ComplianceQueueItem[] = [
  {
    ...base,
    submissionId: 'sub-00000001',
    shortId: '00000001',
    kind: 'id',
    message: 'Please verify your identity before we can pay you.',
    clearedBy: 'request-id',
    action: 'Ask the seller for their ID ("Request ID Verification" on the submission).',
  },
  {
    ...base,
    submissionId: 'sub-00000001',
    shortId: '00000001',
    kind: 'statement',
    message: 'Please sign the statement of ownership before we can pay you.',
    clearedBy: 'seller',
    action: 'Nothing to do: the seller signs it on their payout page.',
  },
  {
    ...base,
    submissionId: 'sub-00000002',
    shortId: '00000002',
    transactionId: 'tx-2',
    kind: 'sanctions',
    message: "The payout is held: the seller's name is a possible match on the sanctions list.",
    clearedBy: 'decide-sanctions',
    action: 'Clear or block the possible match in Sanctions screening.',
  },
  {
    ...base,
    submissionId: 'sub-00000003',
    shortId: '00000003',
    kind: 'id',
    message: 'Please verify your identity before we can pay you.',
    clearedBy: 'review-id',
    action: 'Approve or reject the ID waiting in Identity checks.',
  },
];

describe('compliance queue panel', () => {
  test('lists each block with what clears it, and asks the seller for an ID in one click', async () => {
    server.use(
      http.get('/api/admin/compliance/queue', () => HttpResponse.json(items)),
      http.post('/api/admin/submissions/:id/request-id', () => HttpResponse.json({ ok: true })),
    );
    const seen = recordRequests();
    const { user } = renderWithApp(<ComplianceQueuePanel />);
    const list = await screen.findByRole('list', { name: 'Blocks' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(4);
    expect(rows[1]!.textContent).toContain('Nothing to do: the seller signs it on their payout page.');
    expect(rows[2]!.textContent).toContain('Sanctions review');
    expect(within(rows[2]!).queryByRole('button')).toBeNull();
    // An ID waiting for review is in the identity work area, one link away.
    expect(within(rows[3]!).getByRole('link', { name: 'Open identity checks' }).getAttribute('href')).toBe('/admin/identity');

    await user.click(within(rows[0]!).getByRole('button', { name: 'Request ID verification for submission #00000001' }));
    expect(await screen.findByText('ID verification requested')).toBeTruthy();
    expect(seen.filter((r) => r.path === '/api/admin/submissions/sub-00000001/request-id')).toHaveLength(1);
  });

  test('lists each item whose police report line is missing, by itself, with what it lacks (issue 28 item 6)', async () => {
    const line = (position: number, lacks: string): ComplianceQueueItem => ({
      ...base,
      submissionId: 'sub-00000004',
      shortId: '00000004',
      kind: 'report',
      message: `Item ${position} (14k chain) cannot go on the police report yet: ${lacks}.`,
      clearedBy: 'complete-report-line',
      action: "Record a bench test with a photo on the item's line, or ask the seller for more photos.",
    });
    server.use(
      http.get('/api/admin/compliance/queue', () =>
        HttpResponse.json([line(2, 'no photo of the item'), line(3, 'no photo of the item')]),
      ),
    );
    renderWithApp(<ComplianceQueuePanel />);
    const rows = within(await screen.findByRole('list', { name: 'Blocks' })).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('Item 2 (14k chain) cannot go on the police report yet: no photo of the item.'),
      expect.stringContaining('Item 3 (14k chain) cannot go on the police report yet: no photo of the item.'),
    ]);
    expect(rows[0]!.textContent).toContain('Police report line');
    expect(within(rows[0]!).queryByRole('button')).toBeNull();
  });

  test('says when nothing blocks', async () => {
    server.use(http.get('/api/admin/compliance/queue', () => HttpResponse.json([])));
    renderWithApp(<ComplianceQueuePanel />);
    expect(await screen.findByText('Nothing blocks a payout or a melt.')).toBeTruthy();
  });
});
