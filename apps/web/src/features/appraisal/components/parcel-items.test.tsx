// A parcel of several items on the appraiser's mailbox card (issue 27 item 5): "3 items" beside
// the category, and each item with its stones choice flagged, since it is acted on before testing.
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, test } from 'vitest';
import { screen, within } from '@testing-library/react';
import { anAdminSubmission } from '@/testing/fixtures';
import { anItem, threeItems } from '@/testing/parcel-items';
import { server } from '@/testing/msw';
import { payoutRatesAnswer } from '@/testing/payout-rates';
import { renderWithApp } from '@/testing/render';
import { AdminSubmissionCard } from './admin-submission-card';

describe('the items of a parcel on a mailbox card', () => {
  // The offer form of a card awaiting an offer reads the prices and payout rates.
  beforeEach(() => {
    server.use(
      http.get('/api/pricing', () => HttpResponse.json([])),
      http.get('/api/payout-rates', () => HttpResponse.json(payoutRatesAnswer())),
    );
  });

  test('"3 items" beside the category, and each item with its stones choice, material, weight, photos and quote', () => {
    renderWithApp(<AdminSubmissionCard submission={anAdminSubmission({ items: threeItems() })} />);
    const card = within(screen.getByRole('article'));

    expect(card.getAllByText('Category')[0]?.nextElementSibling?.textContent).toBe('Finished Jewelry · 3 items');
    expect(card.getByText('Est. weight (item 1)')).toBeTruthy();
    const list = within(card.getByRole('region', { name: 'Items in this parcel' }));
    const ring = within(list.getByRole('listitem', { name: /^Item 1: 14k gold ring/ }));
    // Flagged on the item's title and said in its facts.
    expect(ring.getAllByText('Return my stones')).toHaveLength(2);
    const chain = within(list.getByRole('listitem', { name: /^Item 2: Broken 14k chain/ }));
    expect(chain.getByText('Raw & Scrap Metals')).toBeTruthy();
    expect(chain.getByText('Gold 14K')).toBeTruthy();
    expect(chain.getByText('$280 – $420')).toBeTruthy();
    expect(chain.getByRole('button', { name: 'Enlarge photo 1 of item 2, Broken 14k chain' })).toBeTruthy();
    const gems = within(list.getByRole('listitem', { name: /^Item 3: Two loose sapphires/ }));
    expect(gems.getByText('Loose Gems')).toBeTruthy();
    expect(gems.getByText('Pending')).toBeTruthy();
  });

  test('settled items say sold or coming back', () => {
    renderWithApp(
      <AdminSubmissionCard
        submission={anAdminSubmission({ status: 'returning', items: threeItems(['returned', 'sold', 'returned']) })}
      />,
    );
    const list = within(screen.getByRole('region', { name: 'Items in this parcel' }));
    expect(list.getAllByText('Coming back')).toHaveLength(2);
    expect(list.getAllByText('Sold')).toHaveLength(1);
  });

  test('a single item: no list and no count, but a stones choice is still said before testing', () => {
    renderWithApp(<AdminSubmissionCard submission={anAdminSubmission({ items: [anItem({ stoneChoice: 'pay-for-stones' })] })} />);
    const card = within(screen.getByRole('article'));
    expect(card.queryByRole('region', { name: 'Items in this parcel' })).toBeNull();
    expect(card.getByText('Category').nextElementSibling?.textContent).toBe('Finished Jewelry');
    expect(card.getByText('Stones').nextElementSibling?.textContent).toBe('Pay for my stones');
  });
});
