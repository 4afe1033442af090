import { describe, expect, test } from 'vitest';
import { render, screen } from '@testing-library/react';
import { emptyLine } from '../lib/offer-line-values';
import { OfferFloorNote } from './offer-floor-note';

// 14k gold, 10 g named; floor $382.50, goodwill $25.00 (decision 036).
const submission = {
  material: 'gold-14k',
  estimatedWeight: 10,
  weightUnit: 'grams',
  guarantee: { floor: '382.50', goodwill: '25.00' },
};
const line = (weight: string) => ({ ...emptyLine('grams'), material: 'gold-14k' as const, weight, purityPercent: '58.5' });

describe('the floor on the appraiser’s offer form', () => {
  test('names what the seller named and the floor', () => {
    render(<OfferFloorNote submission={submission} lines={[line('10')]} totalCents={40_000} />);
    expect(screen.getByText('Seller named Gold 14K, 10 g: floor $382.50')).toBeTruthy();
    expect(screen.getByText('This offer keeps the guaranteed floor.')).toBeTruthy();
  });

  test('warns, live, when the total misses the floor and the measured facts do not explain it', () => {
    render(<OfferFloorNote submission={submission} lines={[line('10')]} totalCents={36_000} />);
    expect(screen.getByRole('alert').textContent).toBe(
      'This offer is below the guaranteed floor: the seller will be owed a free return and $25.00 goodwill.',
    );
  });

  test('no warning when the lighter measured weight explains it', () => {
    render(<OfferFloorNote submission={submission} lines={[line('8')]} totalCents={36_000} />);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText(/the floor moves to \$306\.00/)).toBeTruthy();
  });

  test('nothing when no floor was promised', () => {
    const { container } = render(
      <OfferFloorNote submission={{ ...submission, guarantee: null }} lines={[line('10')]} totalCents={36_000} />,
    );
    expect(container.textContent).toBe('');
  });
});
