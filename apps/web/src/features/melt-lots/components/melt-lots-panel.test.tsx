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
  carrier: null,
  trackingNumber: null,
  service: null,
  postageCents: null,
  insuredValueCents: null,
  hasLabel: false,
  validForPostage: null,
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
      http.get('/api/admin/refiners', () => HttpResponse.json({ refiners: [] })),
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
      http.get('/api/admin/refiners', () => HttpResponse.json({ refiners: [] })),
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

  test('ships an open lot to a refiner from the list (one without an address disabled, with why); shows the server sentence', async () => {
    const address = {
      name: 'Best Receiving',
      line1: '1 Foundry Rd',
      line2: null,
      city: 'Dayton',
      state: 'OH',
      postalCode: '45402',
      phone: null,
    };
    const refiner = (id: string, name: string, over: object = {}) => ({
      id,
      name,
      terms: '',
      refiningPercent: null,
      refiningPerOz: null,
      assayFee: null,
      shippingFee: null,
      wireFee: null,
      address,
      retired: false,
      ...over,
    });
    let answer = () =>
      apiError(
        503,
        'Service Unavailable',
        'The carrier could not make the label just now (timeout). Nothing was bought and the lot is still open; please try again in a minute.',
      );
    server.use(
      http.get('/api/admin/melt-lots', () => HttpResponse.json(lots)),
      http.get('/api/admin/melt-lots/:id', () => HttpResponse.json(detail)),
      http.get('/api/admin/refiners', () =>
        HttpResponse.json({
          refiners: [
            refiner('r-1', 'Best Refining'),
            refiner('r-2', 'Bare Refining', { address: null }),
            refiner('r-3', 'Gone Refining', { retired: true }),
          ],
        }),
      ),
      http.post('/api/admin/melt-lots/:id/ship', () => answer()),
    );
    const seen = recordRequests();
    const { user } = renderWithApp(<MeltLotsPanel />);
    await user.click(await screen.findByRole('button', { name: /LOT-0001/ }));
    const select = (await screen.findByLabelText('Refiner')) as HTMLSelectElement;
    await screen.findByRole('option', { name: 'Best Refining, Dayton OH' });
    const bare = screen.getByRole('option', { name: 'Bare Refining (no shipping address)' }) as HTMLOptionElement;
    expect(bare.disabled).toBe(true);
    expect(screen.queryByRole('option', { name: /Gone Refining/ })).toBeNull();
    expect(screen.getByText(/Bare Refining cannot be chosen: no shipping address/)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Buy label and ship' }));
    expect(await screen.findByText('Choose the refiner the lot ships to from the list.')).toBeTruthy();
    expect(seen.some((r) => r.path.endsWith('/ship'))).toBe(false);

    await user.selectOptions(select, 'r-1');
    await user.click(screen.getByRole('button', { name: 'Buy label and ship' }));
    expect(await screen.findByText(/The carrier could not make the label just now/)).toBeTruthy();
    expect(seen.find((r) => r.path === '/api/admin/melt-lots/lot-1/ship')!.body).toEqual({
      refinerId: 'r-1',
      insuredValue: '497.12',
    });

    answer = () =>
      HttpResponse.json({
        ...detail,
        lot: lot({ state: 'shipped', refinerName: 'Best Refining', carrier: 'USPS', trackingNumber: '9405500000000000000001' }),
      });
    await user.click(screen.getByRole('button', { name: 'Buy label and ship' }));
    expect(await screen.findByText('LOT-0001 shipped')).toBeTruthy();
  });

  test('a shipped lot moves on with one button; a closed one says it can no longer change', async () => {
    const shipped = lot({
      state: 'shipped',
      refinerName: 'Best Refining',
      carrier: 'Assay Sample',
      trackingNumber: 'ASY1234567890128',
      insuredValueCents: 50000,
      hasLabel: true,
      validForPostage: false,
    });
    server.use(
      http.get('/api/admin/melt-lots', () => HttpResponse.json({ lots: [shipped] })),
      http.get('/api/admin/melt-lots/:id', () => HttpResponse.json({ ...detail, lot: shipped })),
    );
    const { user } = renderWithApp(<MeltLotsPanel />);
    await user.click(await screen.findByRole('button', { name: /LOT-0001/ }));
    expect(await screen.findByRole('button', { name: 'Mark assayed' })).toBeTruthy();
    const shipment = screen.getByText((_, element) => element?.tagName === 'P' && /^Shipped to Best/.test(element.textContent));
    expect(shipment.textContent).toContain('Best Refining by Assay Sample, tracking ASY1234567890128, insured for $500.00.');
    const print = screen.getByRole('link', { name: 'Print label' });
    expect(print.getAttribute('href')).toBe('/api/admin/melt-lots/lot-1/label.pdf');
    expect(screen.getByText('Sample: not valid for postage')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Take out/ })).toBeNull();
    expect(screen.queryByLabelText('Add an item by its tag')).toBeNull();
  });
});
