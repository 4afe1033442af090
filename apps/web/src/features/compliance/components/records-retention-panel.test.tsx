import { http, HttpResponse } from 'msw';
import { describe, expect, test } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { RetentionEntry, RetentionList } from '@assay/domain';
import { server } from '@/testing/msw';
import { renderWithApp } from '@/testing/render';
import { RecordsRetentionPanel } from './records-retention-panel';

const entry = (submissionId: string, sellerLabel: string): RetentionEntry => ({
  submissionId,
  sellerLabel,
  status: 'completed',
  endedAt: '2015-06-01T15:00:00.000Z',
  erasableFrom: '2022-06-01T15:00:00.000Z',
  years: 7,
  defaultPeriod: true,
  wouldErase: { photos: 2, labelAddresses: 1, checkAddresses: 0, bankDetails: 1, statementIps: 1, idChecks: 0 },
});
const listOf = (submissions: RetentionEntry[]): RetentionList => ({ defaultYears: 7, minimumYears: 3, submissions });

describe('records past retention', () => {
  test('lists them, erases the chosen ones after a confirmation naming how many', async () => {
    let remaining = [entry('sub-000000000001', 'Ada Lovelace'), entry('sub-000000000002', 'Grace Hopper')];
    const erased: unknown[] = [];
    server.use(
      http.get('/api/admin/retention', () => HttpResponse.json(listOf(remaining))),
      http.post('/api/admin/retention/erase', async ({ request }) => {
        const body = (await request.json()) as { submissionIds: string[] };
        erased.push(body);
        remaining = remaining.filter((e) => !body.submissionIds.includes(e.submissionId));
        return HttpResponse.json({
          erased: body.submissionIds.map((submissionId) => ({
            submissionId,
            counts: { photos: 2, labelAddresses: 1, checkAddresses: 0, bankDetails: 1, statementIps: 1, idChecks: 0 },
          })),
          alreadyErased: [],
        });
      }),
    );
    const { user } = renderWithApp(<RecordsRetentionPanel />);
    const list = await screen.findByRole('list', { name: 'Records past retention' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(rows[0]!.textContent).toContain('Ada Lovelace');
    expect(rows[0]!.textContent).toContain('Paid 2015-06-01, kept 7 years (default period) until 2022-06-01');
    expect(rows[0]!.textContent).toContain("Erases 2 photos, 1 label address, bank details, the statement's IP");

    const eraseButton = screen.getByRole('button', { name: /Erase selected/ });
    expect((eraseButton as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByRole('checkbox', { name: /Select submission 00000001 of Ada Lovelace/ }));
    await user.click(screen.getByRole('button', { name: 'Erase 1 submission' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Erase the personal data of 1 submission?');
    await user.click(within(dialog).getByRole('button', { name: 'Erase 1 submission' }));

    await screen.findByText('Personal data erased from 1 submission');
    expect(erased).toEqual([{ submissionIds: ['sub-000000000001'] }]);
    await screen.findByText(/Grace Hopper/);
    expect(screen.queryByText(/Ada Lovelace/)).toBeNull();
  });

  test('says so when nothing is past its period', async () => {
    server.use(http.get('/api/admin/retention', () => HttpResponse.json(listOf([]))));
    renderWithApp(<RecordsRetentionPanel />);
    expect(await screen.findByText('No finished submission is past its retention period.')).toBeTruthy();
  });

  test('shows the server’s sentence when an erase is refused, and nothing changes', async () => {
    server.use(
      http.get('/api/admin/retention', () => HttpResponse.json(listOf([entry('sub-000000000003', 'Ada Lovelace')]))),
      http.post('/api/admin/retention/erase', () =>
        HttpResponse.json(
          {
            statusCode: 409,
            error: 'Conflict',
            message: 'Submission sub-000000000003 is kept until 2032-06-01 (7 years after it finished); nothing was erased.',
          },
          { status: 409 },
        ),
      ),
    );
    const { user } = renderWithApp(<RecordsRetentionPanel />);
    await user.click(await screen.findByRole('checkbox', { name: /Select all/ }));
    await user.click(screen.getByRole('button', { name: 'Erase 1 submission' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Erase 1 submission' }));
    expect(await screen.findByText(/kept until 2032-06-01/)).toBeTruthy();
    expect(screen.getByText(/Ada Lovelace/)).toBeTruthy();
  });
});
