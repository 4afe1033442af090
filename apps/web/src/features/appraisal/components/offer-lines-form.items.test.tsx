// Issue 27 item 5, the appraiser's side: in a parcel of several items each line says which item it
// prices, a new line starts on the item of the line above, each item's subtotal shows, and the form
// sends nothing while an item has no line. One item: no select, and no `item` on the wire.
import { http, HttpResponse } from 'msw';
import { describe, expect, test } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { adminSubmissionDetailSchema, type SubmissionItem } from '@assay/domain';
import { anAdminSubmission } from '@/testing/fixtures';
import { recordRequests, server } from '@/testing/msw';
import { payoutRatesAnswer } from '@/testing/payout-rates';
import { anItem, unpriced } from '@/testing/parcel-items';
import { renderWithApp } from '@/testing/render';
import { OfferForm } from './offer-form';

const item = (position: number, description: string): SubmissionItem =>
  anItem({ position, description, estimatedWeight: 10, ...unpriced });

const parcel = anAdminSubmission({
  status: 'appraising',
  weightUnit: 'grams',
  version: 7,
  items: [item(1, 'Ring'), item(2, 'Chain')],
});
const path = `/api/submissions/${parcel.id}`;
const pricedAt = '2030-01-02T15:00:00.000Z';
const row = (itemType: string, pricePerGram: string) => ({
  id: itemType,
  itemType,
  pricePerOz: null,
  pricePerGram,
  pricePerCarat: null,
  change24h: null,
  updatedAt: pricedAt,
  source: 'gold-api.com',
  stale: false,
});

/** Fine gold at $100.00 a gram, silver at $1.00. */
function pricesAndRates() {
  server.use(
    http.get('/api/pricing', () => HttpResponse.json([row('gold-24k', '99.9000'), row('silver', '1.0000')])),
    http.get('/api/payout-rates', () => HttpResponse.json(payoutRatesAnswer())),
  );
}

type User = ReturnType<typeof renderWithApp>['user'];
const line = (n: number) => screen.getByRole('group', { name: `Line ${n}` });

/** A card that lists several items opens on its lines (no single amount); one that does not has the switch. */
async function openLines(user: User) {
  const itemised = screen.queryByRole('button', { name: 'Itemised lines' });
  if (itemised) await user.click(itemised);
  else expect(screen.queryByRole('button', { name: 'Single amount' })).toBeNull();
  return screen.findByRole('group', { name: 'Line 1' });
}

async function fillLine(user: User, n: number, values: { description: string; material: string; weight: string }) {
  const fields = within(line(n));
  await user.type(fields.getByLabelText('Description'), values.description);
  await user.selectOptions(fields.getByLabelText('Material'), values.material);
  await user.selectOptions(fields.getByLabelText('Tested by'), 'XRF analyser');
  await user.type(fields.getByLabelText('Weight'), values.weight);
}

const itemSelect = (n: number) => within(line(n)).getByLabelText('Item') as HTMLSelectElement;
const subtotals = () =>
  within(screen.getByRole('list', { name: 'Item subtotals' }))
    .getAllByRole('listitem')
    .map((li) => li.textContent);

describe('the offer lines of a parcel of several items', () => {
  test('each line has an item select; a new line starts on the item of the line above', async () => {
    pricesAndRates();
    const { user } = renderWithApp(<OfferForm submission={parcel} />);
    await openLines(user);
    expect([...itemSelect(1).options].map((option) => option.textContent)).toEqual(['1. Ring', '2. Chain']);
    expect(itemSelect(1).value).toBe('1');

    await user.selectOptions(itemSelect(1), '2. Chain');
    await user.click(screen.getByRole('button', { name: 'Add line' }));
    expect(itemSelect(2).value).toBe('2');
  });

  test('shows each item’s subtotal and refuses to send while an item has no line', async () => {
    pricesAndRates();
    const seen = recordRequests();
    const { user } = renderWithApp(<OfferForm submission={parcel} />);
    await openLines(user);
    await fillLine(user, 1, { description: '14k ring', material: 'Gold 14K', weight: '10' });
    // $100.00 x 10 g x 58.5% x 92% = $538.20.
    expect(subtotals()).toEqual(['1. Ring$538.20', '2. ChainNo line yet']);

    await user.click(screen.getByRole('button', { name: 'Submit Offer' }));
    expect(
      await screen.findByText(
        'Item 2 (“Chain”) has no line: give every item of the parcel at least one line, even at $0.00, so the seller can choose on each.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('group', { name: /Send an offer/ })).toBeNull();
    expect(seen.filter((r) => r.method === 'PUT')).toEqual([]);
  });

  test('sends each line with its item', async () => {
    pricesAndRates();
    const seen = recordRequests();
    server.use(http.put(path, () => HttpResponse.json(anAdminSubmission({ status: 'offered', version: 8 }))));
    const { user } = renderWithApp(<OfferForm submission={parcel} />);
    await openLines(user);
    await fillLine(user, 1, { description: '14k ring', material: 'Gold 14K', weight: '10' });
    await user.click(screen.getByRole('button', { name: 'Add line' }));
    await user.selectOptions(itemSelect(2), '2. Chain');
    await fillLine(user, 2, { description: 'Silver chain', material: 'Silver', weight: '20' });
    // $1.00 x 20 g x 92.5% x 80% = $14.80.
    expect(subtotals()).toEqual(['1. Ring$538.20', '2. Chain$14.80']);

    await user.click(screen.getByRole('button', { name: 'Submit Offer' }));
    const question = await screen.findByRole('group', { name: /^Send an offer of \$553\.00 in 2 lines/ });
    expect(within(question).getByText(/Item 2: Silver chain/)).toBeTruthy();
    await user.click(within(question).getByRole('button', { name: 'Send $553.00 offer' }));

    expect(await screen.findByText('Submission updated successfully')).toBeTruthy();
    const put = seen.find((r) => r.method === 'PUT')!;
    await waitFor(() => {
      const body = put.body as { offerLines: { description: string; item?: number }[] };
      expect(body.offerLines.map(({ description, item }) => ({ description, item }))).toEqual([
        { description: '14k ring', item: 1 },
        { description: 'Silver chain', item: 2 },
      ]);
    });
  });
});

describe("the parcel's items from the appraiser's detail", () => {
  test("the mailbox's card has no items: the form reads them from the detail", async () => {
    pricesAndRates();
    const { items, ...fromTheList } = parcel;
    server.use(
      http.get(`/api/admin/submissions/${parcel.id}`, () =>
        HttpResponse.json(
          adminSubmissionDetailSchema.parse({
            ...fromTheList,
            items,
            auditLog: [],
            customerKyc: { status: 'none', recordId: null, submittedAt: null, reviewedAt: null, rejectionReason: null },
            transaction: null,
            offer: null,
            previousOffers: [],
          }),
        ),
      ),
    );
    const { user } = renderWithApp(<OfferForm submission={fromTheList} />);
    await openLines(user);
    expect([...itemSelect(1).options].map((option) => option.textContent)).toEqual(['1. Ring', '2. Chain']);
  });
});

describe('the offer lines of a parcel of one item', () => {
  test('have no item select and send no item', async () => {
    pricesAndRates();
    const seen = recordRequests();
    const single = { ...parcel, items: [item(1, 'Ring')] };
    server.use(http.put(path, () => HttpResponse.json(anAdminSubmission({ status: 'offered', version: 8 }))));
    const { user } = renderWithApp(<OfferForm submission={single} />);
    await openLines(user);
    expect(within(line(1)).queryByLabelText('Item')).toBeNull();
    expect(screen.queryByRole('list', { name: 'Item subtotals' })).toBeNull();
    await fillLine(user, 1, { description: '14k ring', material: 'Gold 14K', weight: '10' });
    await user.click(screen.getByRole('button', { name: 'Submit Offer' }));
    await user.click(await screen.findByRole('button', { name: 'Send $538.20 offer' }));

    expect(await screen.findByText('Submission updated successfully')).toBeTruthy();
    const put = seen.find((r) => r.method === 'PUT')!;
    await waitFor(() => expect((put.body as { offerLines: object[] }).offerLines[0]).not.toHaveProperty('item'));
  });
});
