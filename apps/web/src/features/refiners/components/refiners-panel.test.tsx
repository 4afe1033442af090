import { http, HttpResponse } from 'msw';
import { describe, expect, test } from 'vitest';
import { addressMessages } from '@assay/domain';
import { screen, within } from '@testing-library/react';
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
  address: null,
  retired: false,
};
const address = {
  name: 'Golden State Receiving',
  line1: '400 Foundry Road',
  line2: null,
  city: 'Dayton',
  state: 'OH',
  postalCode: '45402',
  phone: null,
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

  test('a refiner gets its shipping address: checked as a seller address, all blank meaning none', async () => {
    server.use(
      http.get('/api/admin/refiners', () => HttpResponse.json({ refiners: [refiner] })),
      http.get('/api/admin/refiner-settlements', () => HttpResponse.json({ settlements: [] })),
      http.get('/api/admin/melt-lots', () => HttpResponse.json({ lots: [] })),
      http.patch('/api/admin/refiners/:id', () => HttpResponse.json({ ...refiner, address })),
    );
    const requests = recordRequests();
    renderWithApp(<RefinersPanel />);
    expect(await screen.findByText('No shipping address: lots cannot ship to it until one is added.')).toBeDefined();
    await userEvent.click(screen.getByRole('button', { name: /^Add address/ }));
    const edit = screen.getByRole('form', { name: 'Change Midwest Refining' });
    expect((within(edit).getByLabelText('Name') as HTMLInputElement).value).toBe('Midwest Refining');
    await userEvent.type(within(edit).getByLabelText('Receiving name'), address.name);
    await userEvent.type(within(edit).getByLabelText('Street address'), address.line1);
    await userEvent.type(within(edit).getByLabelText('City'), 'Dayton');
    await userEvent.selectOptions(within(edit).getByLabelText('State'), 'OH');
    await userEvent.type(within(edit).getByLabelText('ZIP code'), '4540');
    await userEvent.click(within(edit).getByRole('button', { name: 'Save refiner' }));
    expect(await within(edit).findByText(addressMessages.postalCode)).toBeDefined();
    expect(requests.filter((r) => r.method === 'PATCH')).toHaveLength(0);
    await userEvent.type(within(edit).getByLabelText('ZIP code'), '2');
    await userEvent.click(within(edit).getByRole('button', { name: 'Save refiner' }));
    await expect
      .poll(() => requests.find((r) => r.method === 'PATCH')?.body)
      .toMatchObject({ name: 'Midwest Refining', assayFee: '47.50', address });
  });

  test('a refiner added with every address field blank is sent without an address', async () => {
    server.use(
      http.get('/api/admin/refiners', () => HttpResponse.json({ refiners: [] })),
      http.get('/api/admin/refiner-settlements', () => HttpResponse.json({ settlements: [] })),
      http.get('/api/admin/melt-lots', () => HttpResponse.json({ lots: [] })),
      http.post('/api/admin/refiners', () => HttpResponse.json(refiner, { status: 201 })),
    );
    const requests = recordRequests();
    renderWithApp(<RefinersPanel />);
    const add = await screen.findByRole('form', { name: 'Add a refiner' });
    await userEvent.type(within(add).getByLabelText('Name'), 'Midwest Refining');
    await userEvent.click(within(add).getByRole('button', { name: 'Add refiner' }));
    await expect.poll(() => requests.find((r) => r.method === 'POST')?.body).toMatchObject({ address: null });
  });
});
