import { http, HttpResponse } from 'msw';
import { describe, expect, test } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { MeltLot, RefinerView, SettlementView } from '@assay/domain';
import { apiError, recordRequests, server } from '@/testing/msw';
import { renderWithApp } from '@/testing/render';
import { RefinersPanel } from './refiners-panel';

const refiner = (over: Partial<RefinerView>): RefinerView => ({
  id: 'r-1',
  name: 'Midwest Refining',
  terms: '',
  refiningPercent: null,
  refiningPerOz: null,
  assayFee: null,
  shippingFee: null,
  wireFee: null,
  address: null,
  retired: false,
  ...over,
});

const lot = (over: Partial<MeltLot>): MeltLot => ({
  id: 'lot-1',
  number: 'LOT-0001',
  category: 'gold-14k',
  state: 'shipped',
  itemCount: 3,
  grossGrams: '100.0000',
  stoneCount: 0,
  metals: [],
  estimatedValueCents: null,
  refinerName: 'Midwest Refining',
  carrier: 'Assay Sample',
  trackingNumber: '9400',
  service: null,
  postageCents: null,
  insuredValueCents: 500000,
  hasLabel: true,
  validForPostage: false,
  createdBy: 'Ada Appraiser',
  createdAt: '2026-11-20T10:00:00.000Z',
  shippedAt: '2026-11-21T10:00:00.000Z',
  assayedAt: null,
  settledAt: null,
  closedAt: null,
  version: 3,
  ...over,
});

const saved: SettlementView = {
  id: 's-1',
  refinerId: 'r-1',
  refinerName: 'Midwest Refining',
  reference: 'MRC-0457',
  date: '2026-11-27',
  wireCents: 480_100,
  grossCents: 487_600,
  chargesCents: 7_500,
  source: 'form',
  createdAt: '2026-11-27T12:00:00.000Z',
  lots: [
    {
      lotId: 'lot-1',
      lotNumber: 'LOT-0001',
      preMeltGrams: '100.0000',
      postMeltGrams: '98.0000',
      grossCents: 487_600,
      chargesCents: 7_500,
      netCents: 480_100,
      costCents: 400_000,
      estimatedFineGrams: null,
      actualFineGrams: null,
    },
  ],
};

/** The API as the panel reads it; `settled` says whether the settlement has been entered yet. */
function serve(state: { settled: boolean }) {
  server.use(
    http.get('/api/admin/refiners', () =>
      HttpResponse.json({ refiners: [refiner({}), refiner({ id: 'r-2', name: 'Old Smelter', retired: true })] }),
    ),
    http.get('/api/admin/refiner-settlements', () => HttpResponse.json({ settlements: state.settled ? [saved] : [] })),
    http.get('/api/admin/melt-lots', () =>
      HttpResponse.json({
        lots: [
          lot({ state: state.settled ? 'settled' : 'shipped' }),
          lot({ id: 'lot-2', number: 'LOT-0002', state: 'assayed' }),
          lot({ id: 'lot-3', number: 'LOT-0003', state: 'open', refinerName: null }),
        ],
      }),
    ),
  );
}

type User = ReturnType<typeof renderWithApp>['user'];

/** One lot melted alone: 98 g at 58.5 % holds 1.8432 oz; 1.84 oz at $2,650 is $4,876.00. */
async function fillSettlement(user: User, wire: string) {
  const form = screen.getByRole('form', { name: 'Enter a settlement' });
  await within(within(form).getByLabelText('Refiner')).findByRole('option', { name: 'Midwest Refining' });
  await within(within(form).getByLabelText('Lot number')).findByRole('option', { name: /^LOT-0001/ });
  await user.selectOptions(within(form).getByLabelText('Refiner'), 'Midwest Refining');
  await user.type(within(form).getByLabelText('Statement reference'), 'MRC-0457');
  const lotRow = within(form).getByRole('group', { name: 'Lot 1' });
  await user.selectOptions(within(lotRow).getByLabelText('Lot number'), 'LOT-0001');
  await user.type(within(lotRow).getByLabelText('Pre-melt (g)'), '100.00');
  await user.type(within(lotRow).getByLabelText('Post-melt (g)'), '98.00');
  const metal = within(form).getByRole('group', { name: 'Metal line 1' });
  await user.type(within(metal).getByLabelText('Assay (%)'), '58.50');
  await user.type(within(metal).getByLabelText('Fine oz paid'), '1.84');
  await user.type(within(metal).getByLabelText('Price per oz ($)'), '$2,650.00');
  await user.type(within(metal).getByLabelText('Amount ($)'), '4,876.00');
  await user.type(within(within(form).getByRole('group', { name: 'Charge 1' })).getByLabelText('Amount ($)'), '50.00');
  await user.type(within(within(form).getByRole('group', { name: 'Charge 4' })).getByLabelText('Amount ($)'), '25');
  await user.type(within(form).getByLabelText('Wire received ($)'), wire);
  return form;
}

describe('EnterSettlementForm', () => {
  test('offers the active refiners and the shipped or assayed lots, sends the draft, and the lot reads settled', async () => {
    const state = { settled: false };
    serve(state);
    server.use(
      http.post('/api/admin/refiner-settlements', () => {
        state.settled = true;
        return HttpResponse.json(saved, { status: 201 });
      }),
    );
    const requests = recordRequests();
    const { user } = renderWithApp(<RefinersPanel />);
    const form = screen.getByRole('form', { name: 'Enter a settlement' });
    // The retired refiner and the open lot are not offered.
    await within(within(form).getByLabelText('Refiner')).findByRole('option', { name: 'Midwest Refining' });
    expect(within(form).queryByRole('option', { name: 'Old Smelter' })).toBeNull();
    await within(within(form).getByLabelText('Lot number')).findByRole('option', { name: /^LOT-0002/ });
    expect(
      within(within(form).getByLabelText('Lot number'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'Choose a shipped or assayed lot',
      'LOT-0001 · Gold 14K · shipped · Midwest Refining',
      'LOT-0002 · Gold 14K · assayed · Midwest Refining',
    ]);

    await fillSettlement(user, '4801.00');
    expect(within(form).getByText('The net equals the wire of $4,801.00.')).toBeDefined();
    await user.click(within(form).getByRole('button', { name: 'Enter settlement' }));

    await expect
      .poll(() => requests.find((r) => r.method === 'POST')?.body)
      .toMatchObject({
        refiner: 'Midwest Refining',
        reference: 'MRC-0457',
        wire: '4801.00',
        lots: [{ lotId: 'LOT-0001', preMeltGrams: '100.00', postMeltGrams: '98.00' }],
        metals: [{ lotId: null, metal: 'gold', assayPercent: '58.50', fineOz: '1.84', pricePerOz: '2650.00', amount: '4876.00' }],
        charges: [
          { kind: 'refining', lotId: null, amount: '50.00' },
          { kind: 'wire-fee', lotId: null, amount: '25' },
        ],
      });
    expect((await within(form).findByRole('status')).textContent).toBe(
      'Settlement MRC-0457 entered: LOT-0001 settled, wire $4,801.00.',
    );
    // The list and the lots are read again: the settlement is listed and LOT-0001 is no longer offered.
    expect(await screen.findByText(/Midwest Refining · MRC-0457 · 2026-11-27/)).toBeDefined();
    await expect
      .poll(() => within(within(form).getByLabelText('Lot number')).queryByRole('option', { name: /^LOT-0001/ }))
      .toBeNull();
    expect((within(form).getByLabelText('Statement reference') as HTMLInputElement).value).toBe('');
  });

  test('a cent between net and wire is shown as typed, and the check’s sentence stops the sending', async () => {
    serve({ settled: false });
    const requests = recordRequests();
    const { user } = renderWithApp(<RefinersPanel />);
    const form = await fillSettlement(user, '4801.01');
    expect(within(form).getByText('Gross $4,876.00 − charges $75.00 =', { exact: false })).toBeDefined();
    expect(within(form).getByText('The net is $0.01 below the wire of $4,801.01.')).toBeDefined();
    await user.click(within(form).getByRole('button', { name: 'Enter settlement' }));
    expect(
      await within(form).findByText(
        'The net (gross $4,876.00 less charges $75.00 = $4,801.00) does not equal the wire of $4,801.01; a settlement must match its wire to the cent.',
      ),
    ).toBeDefined();
    expect(within(form).getByLabelText('Wire received ($)').getAttribute('aria-invalid')).toBe('true');
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  test('puts a row’s sentence beside its field, and adds and removes rows', async () => {
    serve({ settled: false });
    const { user } = renderWithApp(<RefinersPanel />);
    const form = await fillSettlement(user, '4801.00');
    await user.click(within(form).getByRole('button', { name: 'Add a lot' }));
    const second = within(form).getByRole('group', { name: 'Lot 2' });
    await user.selectOptions(within(second).getByLabelText('Lot number'), 'LOT-0002');
    await user.type(within(second).getByLabelText('Pre-melt (g)'), '10');
    await user.type(within(second).getByLabelText('Post-melt (g)'), '12');
    await user.click(within(form).getByRole('button', { name: 'Enter settlement' }));
    expect(
      await within(second).findByText(
        'Lot LOT-0002: the post-melt weight (12 g) cannot be more than the pre-melt weight (10 g).',
      ),
    ).toBeDefined();
    await user.click(within(form).getByRole('button', { name: 'Remove lot 2' }));
    expect(within(form).queryByRole('group', { name: 'Lot 2' })).toBeNull();
    await user.click(within(form).getByRole('button', { name: 'Add a metal line' }));
    expect(within(form).getByRole('group', { name: 'Metal line 2' })).toBeDefined();
  });

  test('the server’s refusal is shown as it comes', async () => {
    serve({ settled: false });
    server.use(
      http.post('/api/admin/refiner-settlements', () =>
        apiError(409, 'CONFLICT', 'Midwest Refining already has a settlement MRC-0457; a statement is entered once.'),
      ),
    );
    const { user } = renderWithApp(<RefinersPanel />);
    const form = await fillSettlement(user, '4801.00');
    await user.click(within(form).getByRole('button', { name: 'Enter settlement' }));
    expect(
      await within(form).findByText('Midwest Refining already has a settlement MRC-0457; a statement is entered once.'),
    ).toBeDefined();
    expect(within(form).queryByRole('status')).toBeNull();
  });
});
