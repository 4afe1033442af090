import { http, HttpResponse } from 'msw';
import { describe, expect, test } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { BinDetail, BinList, CustodyItem, PoliceHold } from '@assay/domain';
import { apiError, recordRequests, server } from '@/testing/msw';
import { renderWithApp } from '@/testing/render';
import { CustodyPanel } from './custody-panel';

const binA = { id: 'bin-a', code: 'B-01', label: 'Safe', archivedAt: null, itemCount: 1, readyCount: 1 };
const bins: BinList = { bins: [binA], vaultCount: 0 };
const item = (over: Partial<CustodyItem> = {}): CustodyItem => ({
  itemId: 'item-1',
  submissionId: 'sub-0000000000000001',
  shortId: '00000001',
  position: 1,
  description: '14k gold ring',
  tag: 'AS-000001',
  place: 'bin',
  bin: { id: 'bin-a', code: 'B-01' },
  meltLotId: null,
  submissionStatus: 'completed',
  itemOutcome: 'sold',
  holdUntil: '2026-11-01T05:00:00.000Z',
  holdOver: true,
  ready: true,
  movedAt: '2026-11-20T10:00:00.000Z',
  movedBy: 'Ada Appraiser',
  version: 2,
  policeHoldCase: null,
  ...over,
});
const hold: PoliceHold = {
  id: 'hold-1',
  itemId: 'item-1',
  submissionId: 'sub-0000000000000001',
  agency: 'Springfield PD',
  officer: 'Lou Wiggum',
  badgeNumber: '4411',
  caseNumber: 'SPD-42',
  reason: 'Matches a burglary report',
  status: 'active',
  placedBy: 'Ada Appraiser',
  placedAt: '2026-11-21T10:00:00.000Z',
  endedBy: null,
  endedAt: null,
  releaseNote: null,
  surrenderReference: null,
  writtenOffCents: null,
};

function serve(detail: BinDetail, holds: PoliceHold[]) {
  server.use(
    http.get('/api/admin/custody/bins', () => HttpResponse.json(bins)),
    http.get('/api/admin/custody/bins/:id', () => HttpResponse.json(detail)),
    http.get('/api/admin/police-holds', () => HttpResponse.json({ holds })),
  );
}

describe('police holds on the custody page', () => {
  test('places a hold with the form, checked before sending, and sends what was typed', async () => {
    serve({ bin: binA, items: [item()] }, []);
    server.use(http.post('/api/admin/police-holds', () => HttpResponse.json(hold, { status: 201 })));
    const seen = recordRequests();
    const { user } = renderWithApp(<CustodyPanel />);
    await user.click(await screen.findByRole('button', { name: /B-01/ }));
    await user.click(await screen.findByRole('button', { name: /^Police hold\s*of AS-000001$/ }));
    await user.click(await screen.findByRole('button', { name: 'Police hold…' }));
    const form = screen.getByRole('form', { name: 'Police hold on AS-000001' });
    await user.click(within(form).getByRole('button', { name: 'Place police hold' }));
    expect(await within(form).findByText('Give the case number.')).toBeTruthy();
    await user.type(within(form).getByLabelText('Agency'), 'Springfield PD');
    await user.type(within(form).getByLabelText('Officer'), 'Lou Wiggum');
    await user.type(within(form).getByLabelText('Badge number'), '4411');
    await user.type(within(form).getByLabelText('Case number'), 'SPD-42');
    await user.type(within(form).getByLabelText('Reason'), 'Matches a burglary report');
    await user.click(within(form).getByRole('button', { name: 'Place police hold' }));
    await expect
      .poll(() => seen.find((r) => r.method === 'POST' && r.path === '/api/admin/police-holds')?.body)
      .toEqual({
        itemId: 'item-1',
        agency: 'Springfield PD',
        officer: 'Lou Wiggum',
        badgeNumber: '4411',
        caseNumber: 'SPD-42',
        reason: 'Matches a burglary report',
      });
  });

  test('shows the active hold as a badge, and a release refused by the server says its sentence', async () => {
    serve({ bin: binA, items: [item({ policeHoldCase: 'SPD-42' })] }, [hold]);
    server.use(
      http.post('/api/admin/police-holds/:id/release', () =>
        apiError(409, 'CONFLICT', 'This item was already surrendered to the police; reload to see it.'),
      ),
    );
    const { user } = renderWithApp(<CustodyPanel />);
    await user.click(await screen.findByRole('button', { name: /B-01/ }));
    expect(await screen.findByText('Police hold · case SPD-42')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /^Police hold\s*of AS-000001$/ }));
    expect(await screen.findByText(/Springfield PD, Lou Wiggum \(badge 4411\)/)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Surrender to police' }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Release hold' }));
    expect(await screen.findByText('This item was already surrendered to the police; reload to see it.')).toBeTruthy();
  });
});
