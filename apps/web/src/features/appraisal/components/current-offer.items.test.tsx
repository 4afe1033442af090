// Issue 27 item 5 on the appraiser's card: an offer over several items shows each item's lines and
// subtotal, and a counter made item by item says per item: accepted at $X, countered at $Y, or
// declined (coming back).
import { http, HttpResponse } from 'msw';
import { describe, expect, test } from 'vitest';
import { screen, within } from '@testing-library/react';
import { adminSubmissionDetailSchema, type OfferLine, type OfferView } from '@assay/domain';
import { anAdminSubmission } from '@/testing/fixtures';
import { server } from '@/testing/msw';
import { anItem, unpriced } from '@/testing/parcel-items';
import { renderWithApp } from '@/testing/render';
import { AdminSubmissionCard } from './admin-submission-card';

const item = (position: number, description: string, stoneChoice: 'return-stones' | null = null) =>
  anItem({ position, description, stoneChoice, estimatedWeight: 10, ...unpriced });

const offered = anAdminSubmission({
  status: 'offered',
  finalOffer: '578.20',
  offeredAt: '2030-01-03T12:00:00.000Z',
  version: 9,
  items: [item(1, 'Ring', 'return-stones'), item(2, 'Chain'), item(3, 'Coins')],
});
const base = `/api/admin/submissions/${offered.id}`;

const amountLine = (position: number, itemPosition: number | null, description: string, amount: string): OfferLine => ({
  position,
  item: itemPosition,
  description,
  material: null,
  weight: '10.0000',
  weightUnit: 'grams',
  purityPercent: null,
  testMethod: null,
  referencePrice: null,
  referenceUnit: null,
  priceSource: null,
  pricedAt: null,
  percentPaid: null,
  proposedAmount: null,
  amount,
  reason: null,
});

function anOffer(overrides: Partial<OfferView> = {}): OfferView {
  return {
    id: 'off_1',
    version: 1,
    status: 'open',
    total: '578.20',
    offeredAt: '2030-01-03T12:00:00.000Z',
    validUntil: '2999-01-10T12:00:00.000Z',
    lapsed: false,
    // A line without an item prices item 1.
    lines: [amountLine(1, null, 'Ring band', '500.00'), amountLine(2, 2, 'Chain', '18.20'), amountLine(3, 3, 'Coins', '60.00')],
    counter: null,
    ...overrides,
  };
}

function detailAnswers(offer: OfferView) {
  const detail = adminSubmissionDetailSchema.parse({
    ...offered,
    auditLog: [],
    customerKyc: { status: 'none', recordId: null, submittedAt: null, reviewedAt: null, rejectionReason: null },
    transaction: null,
    offer,
    previousOffers: [],
  });
  server.use(http.get(base, () => HttpResponse.json(detail)));
}

describe('an offer over several items on the card', () => {
  test('shows each item with its lines, subtotal and stones choice', async () => {
    detailAnswers(anOffer());
    renderWithApp(<AdminSubmissionCard submission={offered} />);
    const panel = await screen.findByRole('region', { name: 'Current offer' });
    const items = within(panel).getByRole('list', { name: 'Items' });
    const ring = within(items).getByRole('listitem', { name: 'Item 1: Ring' });
    expect(within(ring).getByText('Item 1: Ring').parentElement?.textContent).toBe('Item 1: Ring$500.00');
    expect(within(ring).getByText('Stones: Return my stones')).toBeTruthy();
    expect(within(ring).getByText('Ring band')).toBeTruthy();
    expect(within(items).getByRole('listitem', { name: 'Item 3: Coins' })).toBeTruthy();
  });

  test('a counter made item by item says each item’s choice', async () => {
    detailAnswers(
      anOffer({
        counter: {
          amount: '530.00',
          message: 'The chain is heavier.',
          at: '2030-01-04T12:00:00.000Z',
          status: 'open',
          items: [
            { item: 1, decision: 'accept', amount: null },
            { item: 2, decision: 'counter', amount: '30.00' },
            { item: 3, decision: 'decline', amount: null },
          ],
        },
      }),
    );
    renderWithApp(<AdminSubmissionCard submission={offered} />);
    const panel = await screen.findByRole('region', { name: 'Current offer' });
    expect(within(panel).getByText('Client answered item by item')).toBeTruthy();
    expect(within(panel).getByText(/The chain is heavier\./)).toBeTruthy();
    const rows = within(panel).getByRole('list', { name: "The client's choice for each item" });
    expect(
      within(rows)
        .getAllByRole('listitem')
        .map((row) => row.textContent),
    ).toEqual(['Item 1: Ringaccepted at $500.00', 'Item 2: Chaincountered at $30.00', 'Item 3: Coinsdeclined (coming back)']);
  });
});
