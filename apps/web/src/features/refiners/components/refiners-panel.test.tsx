import { http, HttpResponse } from 'msw';
import { describe, expect, test } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { recordRequests, server } from '@/testing/msw';
import { renderWithApp } from '@/testing/render';
import { RefinersPanel } from './refiners-panel';

const refiner = {
  id: 'r-1',
  name: 'Midwest Refining',
  terms: 'Net 10',
  refiningPercent: '1.500',
  refiningPerOz: null,
  assayFee: '47.50',
  shippingFee: null,
  wireFee: '25.00',
  retired: false,
};

describe('RefinersPanel', () => {
  test('lists refiners and adds one', async () => {
    server.use(
      http.get('/api/admin/refiners', () => HttpResponse.json({ refiners: [refiner] })),
      http.get('/api/admin/refiner-settlements', () => HttpResponse.json({ settlements: [] })),
      http.get('/api/admin/melt-lots', () => HttpResponse.json({ lots: [] })),
      http.post('/api/admin/refiners', () => HttpResponse.json({ ...refiner, id: 'r-2', name: 'Golden State' }, { status: 201 })),
    );
    const requests = recordRequests();
    renderWithApp(<RefinersPanel />);
    expect(await screen.findByText(/refining 1.500% · assay \$47.50 · wire \$25.00 · Net 10/)).toBeDefined();
    await userEvent.type(screen.getByLabelText('Name'), 'Golden State');
    await userEvent.click(screen.getByRole('button', { name: 'Add refiner' }));
    await expect.poll(() => requests.find((r) => r.method === 'POST')?.body).toMatchObject({ name: 'Golden State' });
  });

  test('refuses a CSV the domain cannot read before sending it', async () => {
    server.use(
      http.get('/api/admin/refiners', () => HttpResponse.json({ refiners: [] })),
      http.get('/api/admin/refiner-settlements', () => HttpResponse.json({ settlements: [] })),
      http.get('/api/admin/melt-lots', () => HttpResponse.json({ lots: [] })),
    );
    const requests = recordRequests();
    renderWithApp(<RefinersPanel />);
    await userEvent.type(screen.getByLabelText('Or paste the CSV'), 'kind,lot');
    await userEvent.click(screen.getByRole('button', { name: 'Import settlement' }));
    expect(await screen.findByText(/the column line lacks/)).toBeDefined();
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });
});
