import { http, HttpResponse } from 'msw';
import { describe, expect, test } from 'vitest';
import { screen } from '@testing-library/react';
import type { MarginReport } from '@assay/domain';
import { server } from '@/testing/msw';
import { renderWithApp } from '@/testing/render';
import { MarginPanel } from './margin-panel';

const figures = {
  paidToSellersCents: 49725,
  receivedCents: 48495,
  feesCents: 3500,
  goodwillCents: 0,
  netReceivedCents: 44995,
  grossMarginCents: -4730,
  marginPercent: '-9.8',
  marginAfterGoodwillCents: -4730,
};
const point = {
  month: '2026-11',
  lotCount: 1,
  estimatedFineGrams: '5.8500',
  actualFineGrams: '5.7134',
  percent: '97.7',
  flag: 'normal' as const,
};
const report: MarginReport = {
  lots: [
    {
      ...figures,
      lotId: 'lot-1',
      lotNumber: 'LOT-0001',
      refinerName: 'Midwest Refining',
      settledOn: '2026-11-27',
      estimatedFineGrams: '5.8500',
      actualFineGrams: '5.7134',
      accuracyPercent: '97.7',
      accuracy: 'normal',
    },
  ],
  submissions: [],
  months: [{ ...figures, month: '2026-11', lotCount: 1 }],
  accuracy: [{ refiner: 'Midwest Refining', overall: point, months: [point] }],
};

describe('MarginPanel', () => {
  test('shows the months, the accuracy per refiner and the settled lots with their margin', async () => {
    server.use(http.get('/api/admin/margin', () => HttpResponse.json(report)));
    renderWithApp(<MarginPanel />);
    expect(await screen.findByRole('heading', { name: 'Margin per month' })).toBeDefined();
    expect(screen.getByRole('table', { name: 'Settled lots' }).textContent).toContain('LOT-0001');
    expect(screen.getAllByText('-9.8%').length).toBeGreaterThan(0);
    expect(screen.getByText(/Midwest Refining: 97.7% over 1 lot/)).toBeDefined();
  });

  test('says so when nothing is settled yet', async () => {
    server.use(http.get('/api/admin/margin', () => HttpResponse.json({ lots: [], submissions: [], months: [], accuracy: [] })));
    renderWithApp(<MarginPanel />);
    expect(await screen.findByText('No settled lots yet')).toBeDefined();
  });
});
