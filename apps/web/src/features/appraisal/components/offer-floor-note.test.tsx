import { http, HttpResponse } from 'msw';
import { describe, expect, test } from 'vitest';
import { screen } from '@testing-library/react';
import type { SubmissionItem } from '@assay/domain';
import { server } from '@/testing/msw';
import { renderWithApp as render } from '@/testing/render';
import { emptyLine, type OfferLineValues } from '../lib/offer-line-values';
import { OfferFloorNote } from './offer-floor-note';

const item = (position: number, description: string, estimatedWeight: number, guaranteeFloor: string | null): SubmissionItem => ({
  position,
  category: 'jewelry',
  description,
  estimatedWeight,
  weightUnit: 'grams',
  material: guaranteeFloor === null ? null : 'gold-14k',
  stoneChoice: null,
  images: [],
  preliminaryQuoteMin: null,
  preliminaryQuoteMax: null,
  declaredValue: null,
  guaranteeFloor,
  outcome: null,
});

// 14k gold, 10 g named; floor $382.50, goodwill $25.00 (decision 036).
const submission = {
  id: 'sub-1',
  material: 'gold-14k',
  estimatedWeight: 10,
  weightUnit: 'grams',
  guarantee: { floor: '382.50', goodwill: '25.00' },
  items: [item(1, '14k chain', 10, '382.50')],
};
/** A line as the appraiser typed it: its amount, and the item it prices (absent: a parcel of one). */
const line = (weight: string, amount: string, item?: number): OfferLineValues & { item?: number | null } => ({
  ...emptyLine('grams'),
  material: 'gold-14k' as const,
  weight,
  purityPercent: '58.5',
  amount,
  amountEdited: true,
  ...(item === undefined ? {} : { item }),
});

describe('the floor on the appraiser’s offer form', () => {
  test('names what the seller named and the floor', () => {
    render(<OfferFloorNote submission={submission} lines={[line('10', '400.00')]} rates={[]} />);
    expect(screen.getByText('Seller named Gold 14K, 10 g: floor $382.50')).toBeTruthy();
    expect(screen.getByText('This offer keeps the guaranteed floor.')).toBeTruthy();
  });

  test('warns, live, when the total misses the floor and the measured facts do not explain it', () => {
    render(<OfferFloorNote submission={submission} lines={[line('10', '360.00')]} rates={[]} />);
    expect(screen.getByRole('alert').textContent).toBe(
      'This offer is below the guaranteed floor: the seller will be owed a free return and $25.00 goodwill.',
    );
  });

  test('no warning when the lighter measured weight explains it', () => {
    render(<OfferFloorNote submission={submission} lines={[line('8', '360.00')]} rates={[]} />);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText(/the floor moves to \$306\.00/)).toBeTruthy();
  });

  test('from the mailbox’s list (no items), reads the items from the appraiser’s detail', async () => {
    const bracelet = item(2, '14k bracelet', 20, '765.00');
    server.use(http.get('/api/admin/submissions/sub-1', () => HttpResponse.json({ items: [submission.items[0], bracelet] })));
    render(<OfferFloorNote submission={{ ...submission, items: undefined }} lines={[line('10', '400.00')]} rates={[]} />);
    expect(await screen.findByText('Item 2, 14k bracelet — seller named Gold 14K, 20 g: floor $765.00')).toBeTruthy();
  });

  test('nothing when no floor was promised', () => {
    const { container } = render(
      <OfferFloorNote submission={{ ...submission, guarantee: null }} lines={[line('10', '360.00')]} rates={[]} />,
    );
    expect(container.textContent).toBe('');
  });
});

describe('the floor per item in a parcel of several', () => {
  // A 10 g chain (floor $382.50) and a 20 g bracelet (floor $765.00): the parcel's floor $1,147.50.
  const parcel = {
    ...submission,
    guarantee: { floor: '1147.50', goodwill: '25.00' },
    items: [item(1, '14k chain', 10, '382.50'), item(2, '14k bracelet', 20, '765.00')],
  };

  test('says each item’s named metal and floor, and the parcel’s', () => {
    render(<OfferFloorNote submission={parcel} lines={[line('10', '382.50', 1), line('20', '765.00', 2)]} rates={[]} />);
    expect(screen.getByText('Item 1, 14k chain — seller named Gold 14K, 10 g: floor $382.50')).toBeTruthy();
    expect(screen.getByText('Item 2, 14k bracelet — seller named Gold 14K, 20 g: floor $765.00')).toBeTruthy();
    expect(screen.getByText('Parcel floor: $1,147.50')).toBeTruthy();
    expect(screen.getByText('This offer keeps the guaranteed floor.')).toBeTruthy();
  });

  test('warns when the parcel’s total misses the summed floor unexplained', () => {
    render(<OfferFloorNote submission={parcel} lines={[line('10', '400.00', 1), line('20', '700.00', 2)]} rates={[]} />);
    expect(screen.getByRole('alert').textContent).toMatch(/below the guaranteed floor/);
  });

  test('a lighter item moves only its own floor', () => {
    // The bracelet weighed 16 g: its floor moves to $612.00, the parcel's to $994.50.
    render(<OfferFloorNote submission={parcel} lines={[line('10', '382.50', 1), line('16', '612.00', 2)]} rates={[]} />);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText(/the floor moves to \$994\.50/)).toBeTruthy();
  });

  test('an item without a floor is not named, and its lines do not count', () => {
    const one = {
      ...parcel,
      guarantee: { floor: '765.00', goodwill: '25.00' },
      items: [item(1, 'Old brooch', 5, null), parcel.items[1]!],
    };
    render(<OfferFloorNote submission={one} lines={[line('5', '500.00', 1), line('20', '700.00', 2)]} rates={[]} />);
    expect(screen.getByText('Item 2, 14k bracelet — seller named Gold 14K, 20 g: floor $765.00')).toBeTruthy();
    expect(screen.queryByText(/Item 1/)).toBeNull();
    expect(screen.queryByText(/Parcel floor/)).toBeNull();
    expect(screen.getByRole('alert')).toBeTruthy();
  });
});
