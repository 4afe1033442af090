import { describe, expect, test } from 'vitest';
import { screen } from '@testing-library/react';
import { aSubmission, aSubmissionDetail } from '@/testing/fixtures';
import { renderWithApp } from '@/testing/render';
import { SubmissionCard } from './submission-card';
import { SubmissionDetailView } from './submission-detail';

const basis = {
  material: 'gold-14k' as const,
  weight: '10',
  weightUnit: 'grams' as const,
  purity: '0.585',
  referencePrice: '50.0000',
  referenceUnit: 'gram' as const,
  priceSource: 'gold-api.com',
  pricedAt: '2030-01-01T11:59:00.000Z',
  minPercent: '85.00',
  maxPercent: '90.00',
};
const metalAware = {
  material: 'gold-14k',
  quoteBasis: basis,
  preliminaryQuoteMin: '425.00',
  preliminaryQuoteMax: '450.00',
  insuredValue: '450.00',
};

describe('the preliminary quote on the card and the detail', () => {
  test('a metal-aware quote shows its range and basis, and the insured value before printing', () => {
    renderWithApp(
      <ul>
        <SubmissionCard submission={aSubmission(metalAware)} onPrintLabel={() => undefined} />
      </ul>,
    );
    expect(screen.getByText('$425 – $450')).toBeTruthy();
    expect(screen.getByText(/Gold 14K at \$50\.00\/g,/).textContent).toBe('Gold 14K at $50.00/g, we pay 85-90%');
    expect(screen.getByText('Insured for $450 (declared to the carrier; the packing slip goes inside the parcel)')).toBeTruthy();
  });

  test("SPEC 9's table quote says it is an estimate from the category and weight", () => {
    renderWithApp(
      <ul>
        <SubmissionCard submission={aSubmission({ status: 'appraising' })} />
      </ul>,
    );
    expect(screen.getByText('$223 – $335')).toBeTruthy();
    expect(screen.getByText('Estimated from the category and weight')).toBeTruthy();
    // Only a parcel still to send shows what it is insured for.
    expect(screen.queryByText(/Insured for/)).toBeNull();
  });

  test('the detail page shows the quote, its basis and, beside Print Label, the insured value', () => {
    renderWithApp(<SubmissionDetailView detail={aSubmissionDetail(metalAware)} onPrintLabel={() => undefined} />);
    expect(screen.getByText('$425 – $450')).toBeTruthy();
    expect(screen.getByText(/Gold 14K at \$50\.00\/g,/).textContent).toBe('Gold 14K at $50.00/g, we pay 85-90%');
    expect(screen.getByText('Insured for $450 (declared to the carrier; the packing slip goes inside the parcel)')).toBeTruthy();
  });
});
