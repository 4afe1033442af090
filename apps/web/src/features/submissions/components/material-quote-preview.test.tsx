import { describe, expect, test } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithApp } from '@/testing/render';
import { MaterialQuotePreview, type LiveQuoteInputs } from './material-quote-preview';

const live: LiveQuoteInputs = {
  rows: [
    {
      itemType: 'gold-14k',
      pricePerGram: '50.0000',
      pricePerCarat: null,
      source: 'gold-api.com',
      updatedAt: '2030-01-01T11:59:00.000Z',
    },
    {
      itemType: 'diamond',
      pricePerGram: null,
      pricePerCarat: '4000.00',
      source: 'admin-reference',
      updatedAt: '2030-01-01T10:00:00.000Z',
    },
  ],
  rates: [
    { itemType: 'gold-14k', minPercent: '85.00', maxPercent: '90.00' },
    { itemType: 'diamond', minPercent: '20.00', maxPercent: '30.00' },
  ],
};

describe('the quote a named material will get, before submitting', () => {
  test('14k gold: live price x purity x weight x the published share, with what it rests on', () => {
    // The 14K row is already the karat price: 10 g x $50.00 = $500; 85-90% of it.
    renderWithApp(<MaterialQuotePreview material="gold-14k" estimatedWeight={10} weightUnit="grams" live={live} />);
    expect(screen.getByText('$425 – $450')).toBeTruthy();
    expect(screen.getByText(/Gold 14K at \$50\.00\/g, we pay 85-90%\./)).toBeTruthy();
  });

  test('a gem is priced per carat', () => {
    renderWithApp(<MaterialQuotePreview material="diamond" estimatedWeight={0.5} weightUnit="carats" live={live} />);
    expect(screen.getByText('$400 – $600')).toBeTruthy();
  });

  test('without a weight, or before prices arrive, it says how the quote will be made', () => {
    const { unmount } = renderWithApp(
      <MaterialQuotePreview material="gold-14k" estimatedWeight={null} weightUnit="grams" live={live} />,
    );
    expect(screen.getByText('Your quote will use live prices')).toBeTruthy();
    expect(screen.getByText(/Enter the weight to see it here\./)).toBeTruthy();
    unmount();
    renderWithApp(<MaterialQuotePreview material="gold-14k" estimatedWeight={10} weightUnit="grams" />);
    expect(screen.getByText('Your quote will use live prices')).toBeTruthy();
    expect(screen.queryByText(/\$425/)).toBeNull();
  });
});
