import { http, HttpResponse } from 'msw';
import { describe, expect, test, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { payoutRatesAnswer } from '@/testing/payout-rates';
import { businessIdentity } from '@/testing/fixtures';
import { server } from '@/testing/msw';
import { renderWithApp } from '@/testing/render';
import { trackRecordAnswer } from '@/testing/track-record';
import { LandingPage } from './landing-page';

// The price table and its charts are another feature's, with tests of their own; here they would
// only add chart requests and browser APIs jsdom lacks.
vi.mock('@/features/pricing/components/live-prices-panel', () => ({ LivePricesPanel: () => null }));

/** 14K gold at $50 a gram: 10 g is a $500 base value. */
const pricingRows = [
  {
    id: 'gold-14k',
    itemType: 'gold-14k',
    pricePerOz: '1555.1750',
    pricePerGram: '50.0000',
    pricePerCarat: null,
    change24h: null,
    updatedAt: new Date().toISOString(),
    source: 'gold-api.com',
    stale: false,
  },
];

async function calculate(user: ReturnType<typeof renderWithApp>['user'], itemType: string, weight: string) {
  // The calculator is a lazy chunk of the landing page: its first import can take a while here.
  const form = await screen.findByRole('form', { name: 'Quote calculator' }, { timeout: 10_000 });
  await user.selectOptions(within(form).getByLabelText('Item type'), itemType);
  await user.type(within(form).getByLabelText('Weight'), weight);
  await user.click(within(form).getByRole('button', { name: 'Calculate' }));
  return screen.findByTestId('quote-result');
}

describe('the landing page and calculator say what share Assay pays', () => {
  test('from the live rates: the sentence, every rate with its date, and the calculator’s offer beside SPEC’s band', async () => {
    server.use(
      http.get('/api/pricing', () => HttpResponse.json(pricingRows)),
      http.get('/api/business', () => HttpResponse.json(businessIdentity)),
      http.get('/api/track-record', () => HttpResponse.json(trackRecordAnswer())),
      http.get('/api/payout-rates', () =>
        HttpResponse.json(payoutRatesAnswer({ 'gold-14k': { minPercent: '83.00', maxPercent: '93.25' } })),
      ),
    );
    const { user } = renderWithApp(<LandingPage />);

    // 14K differs from the other golds, so the sentence names the golds one by one.
    expect((await screen.findByTestId('payout-rates-sentence', {}, { timeout: 10_000 })).textContent).toBe(
      'We pay 80-92% of metal value for 24K gold, 80-92% for 22K gold, 80-92% for 18K gold, 83-93.25% for 14K gold, 80-92% for 10K gold, 70-80% for silver, 75-88% for platinum and palladium, and 50-65% of the per-carat reference for gems.',
    );
    const rows = screen.getAllByTestId('payout-rate-row');
    expect(rows).toHaveLength(12);
    expect(rows[3]?.textContent).toBe('Gold 14K83-93.25% of metal valueNov 20, 2026');
    expect(rows[8]?.textContent).toBe('Diamond50-65% of referenceStarting rate');

    const result = await calculate(user, 'gold-14k', '10');
    // SPEC's band stays: $500 base, good condition -15 to -5%.
    expect(within(result).getByTestId('quote-base').textContent).toBe('$500');
    expect(within(result).getByTestId('quote-min').textContent).toBe('$425');
    expect(within(result).getByTestId('quote-max').textContent).toBe('$475');
    expect(within(result).getByTestId('quote-band').textContent).toBe('-15 to -5%');
    // $500 x 83% = $415; x 93.25% = $466.25 -> $466.
    expect(within(result).getByTestId('quote-offer').textContent).toBe(
      'Our offer for this: $415-$466(we pay 83-93.25% of metal value)',
    );
    // A metal is sent as jewelry or coins/scrap: the track record of both sits beside the estimate.
    expect(within(result).getByTestId('quote-track-record').textContent).toContain(
      'Jewelry: final offers came to a median 96.5%',
    );
    expect(screen.getByRole('region', { name: 'Our track record (last 90 days)' })).toBeTruthy();
  });

  test('without the rates the calculator still gives SPEC’s band, and nothing states a share', async () => {
    server.use(
      http.get('/api/pricing', () => HttpResponse.json(pricingRows)),
      http.get('/api/business', () => HttpResponse.json(businessIdentity)),
      http.get('/api/track-record', () => HttpResponse.json(trackRecordAnswer())),
      http.get('/api/payout-rates', () => HttpResponse.json({ message: 'down' }, { status: 503 })),
    );
    const { user } = renderWithApp(<LandingPage />);

    const result = await calculate(user, 'gold-14k', '10');
    expect(within(result).getByTestId('quote-base').textContent).toBe('$500');
    expect(within(result).queryByTestId('quote-offer')).toBeNull();
    expect(screen.queryByTestId('payout-rates-summary')).toBeNull();
  });
});
