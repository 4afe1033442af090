import { http, HttpResponse } from 'msw';
import { describe, expect, test } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { MeltLot, MeltLotDetail, MeltLotList } from '@assay/domain';
import { apiError, recordRequests, server } from '@/testing/msw';
import { renderWithApp } from '@/testing/render';
import { MeltLotsPanel } from './melt-lots-panel';

const lot = (over: Partial<MeltLot>): MeltLot => ({
  id: 'lot-1',
  number: 'LOT-0001',
  category: 'gold-14k',
  state: 'open',
  itemCount: 1,
  grossGrams: '10.0000',
  stoneCount: 0,
  metals: [{ metal: 'gold', fineGrams: '5.8500', fineTroyOunces: '0.1881', valueCents: 49712 }],
  estimatedValueCents: 49712,
  refinerName: null,
  trackingNumber: null,
  insuredValueCents: null,
  createdBy: 'Ada Appraiser',
  createdAt: '2026-11-20T10:00:00.000Z',
  shippedAt: null,
  assayedAt: null,
  settledAt: null,
  closedAt: null,
  version: 2,
  ...over,
});
const lots: MeltLotList = {
  lots: [lot({}), lot({ id: 'lot-2', number: 'LOT-0002', category: 'silver', state: 'shipped', itemCount: 0, metals: [] })],
};
const detail: MeltLotDetail = {
  lot: lot({}),
  items: [
    {
      itemId: 'item-1',
      tag: 'AS-000001',
      submissionId: 'sub-0000000000000001',
      shortId: '00000001',
      position: 1,
      description: '14k gold rope chain',
      weight: '10.0000',
      weightUnit: 'grams',
      purityPercent: '58.500',
      fineGrams: '5.8500',
      stoneCount: 0,
      addedAt: '2026-11-21T10:00:00.000Z',
    },
  ],
};

describe('melt lots panel', () => {
  test('lists the lots with their totals and state, and opens a lot with its items', async () => {
    server.use(
      http.get('/api/admin/melt-lots', () => HttpResponse.json(lots)),
      http.get('/api/admin/melt-lots/:id', () => HttpResponse.json(detail)),
    );
    const { user } = renderWithApp(<MeltLotsPanel />);
    const list = await screen.findByRole('list', { name: 'Lots' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(rows[0]!.textContent).toContain('LOT-0001');
    expect(rows[0]!.textContent).toContain('Gold 14K');
    expect(rows[0]!.textContent).toContain('Open');
    expect(rows[0]!.textContent).toContain('5.85 g fine gold');
    expect(rows[0]!.textContent).toContain('$497.12');
    expect(rows[1]!.textContent).toContain('Shipped to the refiner');

    await user.click(within(list).getByRole('button', { name: /LOT-0001/ }));
    const items = await screen.findByRole('list', { name: 'Items in the lot' });
    expect(items.textContent).toContain('AS-000001');
    expect(items.textContent).toContain('10 grams at 58.5%');
    expect(screen.getByRole('heading', { name: 'LOT-0001 · Gold 14K' })).toBeTruthy();
    expect((screen.getByLabelText('Insured for ($)') as HTMLInputElement).value).toBe('497.12');
  });

  test("adds an item by its tag and shows the server's sentence when it refuses", async () => {
    let answer = () =>
      apiError(409, 'Conflict', 'This item is on hold until Dec 9, 2099; it cannot go into a melt lot or be sold before then.');
    server.use(
      http.get('/api/admin/melt-lots', () => HttpResponse.json(lots)),
      http.get('/api/admin/melt-lots/:id', () => HttpResponse.json(detail)),
      http.post('/api/admin/melt-lots/:id/items', () => answer()),
    );
    const seen = recordRequests();
    const { user } = renderWithApp(<MeltLotsPanel />);
    await user.click(await screen.findByRole('button', { name: /LOT-0001/ }));
    await user.type(await screen.findByLabelText('Add an item by its tag'), 'as-000002');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText(/on hold until Dec 9, 2099/)).toBeTruthy();
    expect(seen.find((r) => r.path === '/api/admin/melt-lots/lot-1/items')!.body).toEqual({ tag: 'as-000002' });
    answer = () => HttpResponse.json(detail);
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('AS-000002 added')).toBeTruthy();
  });

  test('ships an open lot with its refiner, tracking number and insurance; says what is missing first', async () => {
    server.use(
      http.get('/api/admin/melt-lots', () => HttpResponse.json(lots)),
      http.get('/api/admin/melt-lots/:id', () => HttpResponse.json(detail)),
      http.post('/api/admin/melt-lots/:id/advance', () =>
        HttpResponse.json({ ...detail, lot: lot({ state: 'shipped', refinerName: 'Best Refining' }) }),
      ),
    );
    const seen = recordRequests();
    const { user } = renderWithApp(<MeltLotsPanel />);
    await user.click(await screen.findByRole('button', { name: /LOT-0001/ }));
    await user.click(await screen.findByRole('button', { name: 'Mark shipped' }));
    expect(await screen.findByText('Name the refiner the lot ships to.')).toBeTruthy();
    expect(seen.some((r) => r.path.endsWith('/advance'))).toBe(false);
    await user.type(screen.getByLabelText('Refiner'), 'Best Refining');
    await user.type(screen.getByLabelText('Tracking number'), '1Z999');
    await user.click(screen.getByRole('button', { name: 'Mark shipped' }));
    expect(await screen.findByText('LOT-0001 shipped')).toBeTruthy();
    expect(seen.find((r) => r.path === '/api/admin/melt-lots/lot-1/advance')!.body).toEqual({
      to: 'shipped',
      refinerName: 'Best Refining',
      trackingNumber: '1Z999',
      insuredValue: '497.12',
    });
  });

  test('a shipped lot moves on with one button; a closed one says it can no longer change', async () => {
    const shipped = lot({ state: 'shipped', refinerName: 'Best Refining', trackingNumber: '1Z999', insuredValueCents: 50000 });
    server.use(
      http.get('/api/admin/melt-lots', () => HttpResponse.json({ lots: [shipped] })),
      http.get('/api/admin/melt-lots/:id', () => HttpResponse.json({ ...detail, lot: shipped })),
    );
    const { user } = renderWithApp(<MeltLotsPanel />);
    await user.click(await screen.findByRole('button', { name: /LOT-0001/ }));
    expect(await screen.findByRole('button', { name: 'Mark assayed' })).toBeTruthy();
    expect(screen.getByText(/Shipped to Best Refining/).textContent).toContain('$500.00');
    expect(screen.queryByRole('button', { name: /Take out/ })).toBeNull();
    expect(screen.queryByLabelText('Add an item by its tag')).toBeNull();
  });
});
