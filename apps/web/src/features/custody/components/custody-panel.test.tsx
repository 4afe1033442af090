import { http, HttpResponse } from 'msw';
import { describe, expect, test } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { BinDetail, BinList, CustodyItem } from '@assay/domain';
import { apiError, recordRequests, server } from '@/testing/msw';
import { renderWithApp } from '@/testing/render';
import { CustodyPanel, searchQueryOf } from './custody-panel';

const binA = { id: 'bin-a', code: 'B-01', label: 'Safe, top shelf', archivedAt: null, itemCount: 2, readyCount: 1 };
const binB = { id: 'bin-b', code: 'B-02', label: 'Safe, bottom shelf', archivedAt: null, itemCount: 0, readyCount: 0 };
const bins: BinList = { bins: [binA, binB], vaultCount: 3 };

const item = (over: Partial<CustodyItem>): CustodyItem => ({
  itemId: 'item-1',
  submissionId: 'sub-0000000000000001',
  shortId: '00000001',
  position: 1,
  description: '14k gold rope chain',
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
const binDetail: BinDetail = {
  bin: binA,
  items: [
    item({}),
    item({
      itemId: 'item-2',
      tag: 'AS-000002',
      position: 2,
      ready: false,
      holdUntil: '2099-12-09T05:00:00.000Z',
      holdOver: false,
      submissionStatus: 'offered',
      itemOutcome: null,
    }),
  ],
};

describe('searchQueryOf', () => {
  test('reads a tag by its AS prefix and anything else as a submission number', () => {
    expect(searchQueryOf('as-12')).toEqual({ tag: 'AS-000012' });
    expect(searchQueryOf('#00000001')).toEqual({ submission: '00000001' });
    expect(searchQueryOf('  ')).toBeNull();
    expect(searchQueryOf('AS-B1')).toBeNull();
  });
});

describe('custody panel', () => {
  test("lists the bins with their counts, and a bin's items with their hold and Ready badge", async () => {
    server.use(
      http.get('/api/admin/custody/bins', () => HttpResponse.json(bins)),
      http.get('/api/admin/custody/bins/:id', () => HttpResponse.json(binDetail)),
    );
    const { user } = renderWithApp(<CustodyPanel />);
    const list = await screen.findByRole('list', { name: 'Bins' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByText(/Vault:/).parentElement!.textContent).toContain('3 items');
    expect(list.textContent).toContain('1 ready');

    await user.click(within(list).getByRole('button', { name: /B-01/ }));
    const items = await screen.findByRole('list', { name: 'Items' });
    const rows = within(items).getAllByRole('listitem');
    expect(rows[0]!.textContent).toContain('Ready');
    expect(rows[0]!.textContent).toContain('Hold cleared Nov 1, 2026');
    expect(rows[1]!.textContent).toContain('Not ready');
    expect(rows[1]!.textContent).toContain('Hold until Dec 9, 2099');
    expect(screen.getByRole('heading', { name: 'Bin B-01' })).toBeTruthy();
  });

  test("opens an item's moves: where from, where to, who and why", async () => {
    server.use(
      http.get('/api/admin/custody/bins', () => HttpResponse.json(bins)),
      http.get('/api/admin/custody/bins/:id', () => HttpResponse.json(binDetail)),
      http.get('/api/admin/custody/items/:itemId/moves', () =>
        HttpResponse.json({
          item: binDetail.items[0],
          moves: [
            {
              id: 'm1',
              fromPlace: null,
              fromBin: null,
              fromMeltLotId: null,
              toPlace: 'vault',
              toBin: null,
              toMeltLotId: null,
              by: 'Ada Appraiser',
              at: '2026-11-02T10:00:00.000Z',
              note: 'Received',
            },
            {
              id: 'm2',
              fromPlace: 'vault',
              fromBin: null,
              fromMeltLotId: null,
              toPlace: 'bin',
              toBin: 'B-01',
              toMeltLotId: null,
              by: 'Sam Second',
              at: '2026-11-03T10:00:00.000Z',
              note: null,
            },
          ],
        }),
      ),
    );
    const { user } = renderWithApp(<CustodyPanel />);
    await user.click(await screen.findByRole('button', { name: /B-01/ }));
    await user.click(await screen.findByRole('button', { name: /^Moves\s*of AS-000001$/ }));
    const moves = within(await screen.findByRole('list', { name: 'Moves' })).getAllByRole('listitem');
    expect(moves[0]!.textContent).toMatch(/Vault, by Ada Appraiser \(Received\)$/);
    expect(moves[1]!.textContent).toMatch(/Vault → Bin B-01, by Sam Second$/);
  });

  test('moves an item with the version it saw, and shows the server sentence when it refuses', async () => {
    let answer = () =>
      apiError(409, 'Conflict', 'This item is on hold until Dec 9, 2099; it cannot go into a melt lot or be sold before then.');
    server.use(
      http.get('/api/admin/custody/bins', () => HttpResponse.json(bins)),
      http.get('/api/admin/custody/bins/:id', () => HttpResponse.json(binDetail)),
      http.post('/api/admin/custody/items/:itemId/move', () => answer()),
    );
    const seen = recordRequests();
    const { user } = renderWithApp(<CustodyPanel />);
    await user.click(await screen.findByRole('button', { name: /B-01/ }));
    const rows = within(await screen.findByRole('list', { name: 'Items' })).getAllByRole('listitem');
    const second = rows[1]!;
    await user.selectOptions(within(second).getByLabelText('Move AS-000002 to'), 'Sold');
    await user.click(within(second).getByRole('button', { name: 'Move' }));
    expect(await screen.findByText(/on hold until Dec 9, 2099/)).toBeTruthy();
    const move = seen.find((r) => r.path === '/api/admin/custody/items/item-2/move')!;
    expect(move.body).toEqual({ to: 'sold', version: 2 });

    answer = () => HttpResponse.json(item({ itemId: 'item-2', tag: 'AS-000002', place: 'vault', bin: null, version: 3 }));
    await user.selectOptions(within(second).getByLabelText('Move AS-000002 to'), 'Bin B-02');
    await user.click(within(second).getByRole('button', { name: 'Move' }));
    expect(await screen.findByText('AS-000002 moved')).toBeTruthy();
    expect(seen.filter((r) => r.path === '/api/admin/custody/items/item-2/move').at(-1)!.body).toEqual({
      to: 'bin',
      binId: 'bin-b',
      version: 2,
    });
  });

  test('finds by tag, and says when a tag cannot be read', async () => {
    server.use(
      http.get('/api/admin/custody/bins', () => HttpResponse.json(bins)),
      http.get('/api/admin/custody/items', ({ request }) => {
        const tag = new URL(request.url).searchParams.get('tag');
        return HttpResponse.json({ items: tag === 'AS-000001' ? [item({})] : [] });
      }),
    );
    const { user } = renderWithApp(<CustodyPanel />);
    const box = await screen.findByRole('searchbox');
    await user.type(box, 'AS-X{Enter}');
    expect(await screen.findByText('A tag looks like AS-000123.')).toBeTruthy();
    await user.clear(box);
    await user.type(box, 'as-1{Enter}');
    expect(await screen.findByRole('heading', { name: 'Tag AS-000001' })).toBeTruthy();
    expect((await screen.findByRole('list', { name: 'Items' })).textContent).toContain('14k gold rope chain');
  });

  test('adds a bin, with the server sentence on a taken code', async () => {
    server.use(
      http.get('/api/admin/custody/bins', () => HttpResponse.json(bins)),
      http.post('/api/admin/custody/bins', () => apiError(409, 'Conflict', 'A bin with the code B-01 already exists.')),
    );
    const { user } = renderWithApp(<CustodyPanel />);
    await user.click(await screen.findByRole('button', { name: 'Add bin' }));
    expect(await screen.findByText('Give the bin a code, like B-01.')).toBeTruthy();
    await user.type(screen.getByLabelText('Code'), 'b-01');
    await user.type(screen.getByLabelText('Label'), 'Drawer');
    await user.click(screen.getByRole('button', { name: 'Add bin' }));
    expect(await screen.findByText('A bin with the code B-01 already exists.')).toBeTruthy();
  });

  test('renames the bin on show, and says why it cannot be archived while it holds items', async () => {
    server.use(
      http.get('/api/admin/custody/bins', () => HttpResponse.json(bins)),
      http.get('/api/admin/custody/bins/:id', () => HttpResponse.json(binDetail)),
      http.put('/api/admin/custody/bins/:id', () => HttpResponse.json({ ...binA, label: 'Safe, middle shelf' })),
      http.post('/api/admin/custody/bins/:id/archive', () =>
        apiError(409, 'Conflict', 'This bin still holds 2 items; move them out before archiving it.'),
      ),
    );
    const seen = recordRequests();
    const { user } = renderWithApp(<CustodyPanel />);
    await user.click(await screen.findByRole('button', { name: /B-01/ }));
    await user.click(await screen.findByRole('button', { name: 'Archive' }));
    expect(await screen.findByText('This bin still holds 2 items; move them out before archiving it.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Rename' }));
    const form = screen.getByRole('form', { name: 'Rename bin B-01' });
    const label = within(form).getByLabelText('Label');
    await user.clear(label);
    await user.type(label, 'Safe, middle shelf');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Bin B-01 saved')).toBeTruthy();
    expect(seen.find((r) => r.method === 'PUT')!.body).toEqual({ code: 'B-01', label: 'Safe, middle shelf' });
  });
});
