import { http, HttpResponse } from 'msw';
import { describe, expect, test } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { adminSubmissionDetailSchema } from '@assay/domain';
import { describedText, isInvalid } from '@/testing/fields';
import { anAdminSubmission } from '@/testing/fixtures';
import { recordRequests, server } from '@/testing/msw';
import { payoutRatesAnswer } from '@/testing/payout-rates';
import { renderWithApp } from '@/testing/render';
import { OfferForm } from './offer-form';

const appraising = anAdminSubmission({ status: 'appraising', weightUnit: 'grams', version: 7 });
const path = `/api/submissions/${appraising.id}`;
const pricedAt = '2030-01-02T15:00:00.000Z';
const row = (itemType: string, pricePerGram: string | null, pricePerCarat: string | null = null) => ({
  id: itemType,
  itemType,
  pricePerOz: null,
  pricePerGram,
  pricePerCarat,
  change24h: null,
  updatedAt: pricedAt,
  source: 'gold-api.com',
  stale: false,
});

/** The appraiser's detail, where the form reads the parcel's items (here one: no item select). */
const detailOfOneItem = ({ params }: { params: Record<string, string | readonly string[] | undefined> }) =>
  HttpResponse.json(
    adminSubmissionDetailSchema.parse({
      ...anAdminSubmission({ id: String(params.id) }),
      items: [],
      auditLog: [],
      customerKyc: { status: 'none', recordId: null, submittedAt: null, reviewedAt: null, rejectionReason: null },
      transaction: null,
      offer: null,
      previousOffers: [],
    }),
  );

/** Fine gold at $100.00 a gram (the 24k row is .999 fine), silver at $1.00. */
function pricesAndRates() {
  server.use(
    http.get('/api/admin/submissions/:id', detailOfOneItem),
    http.get('/api/pricing', () => HttpResponse.json([row('gold-24k', '99.9000'), row('silver', '1.0000')])),
    http.get('/api/payout-rates', () => HttpResponse.json(payoutRatesAnswer())),
  );
}

type User = ReturnType<typeof renderWithApp>['user'];
const line = (n: number) => screen.getByRole('group', { name: `Line ${n}` });

async function openLines(user: User) {
  await user.click(screen.getByRole('button', { name: 'Itemised lines' }));
  return screen.findByRole('group', { name: 'Line 1' });
}

async function fillLine(
  user: User,
  n: number,
  values: { description: string; material: string; weight: string; tested: string },
) {
  const fields = within(line(n));
  await user.type(fields.getByLabelText('Description'), values.description);
  await user.selectOptions(fields.getByLabelText('Material'), values.material);
  await user.selectOptions(fields.getByLabelText('Tested by'), values.tested);
  await user.type(fields.getByLabelText('Weight'), values.weight);
}

describe('itemised offer form', () => {
  test('proposes each line from the live price, the default purity and the top of the published band', async () => {
    pricesAndRates();
    const { user } = renderWithApp(<OfferForm submission={appraising} />);
    await openLines(user);

    await fillLine(user, 1, { description: '14k rope chain', material: 'Gold 14K', weight: '10', tested: 'XRF analyser' });

    const fields = within(line(1));
    expect((fields.getByLabelText('Purity (%)') as HTMLInputElement).value).toBe('58.5');
    expect((fields.getByLabelText('% paid') as HTMLInputElement).value).toBe('92.00');
    expect(describedText(fields.getByLabelText('% paid'))).toBe('Published 80-92%.');
    // $100.00 x 10 g x 58.5% x 92% = $538.20.
    expect(fields.getByText('$538.20')).toBeTruthy();
    expect(fields.getByText(/\$100\.00 per gram of fine metal · gold-api\.com/)).toBeTruthy();
    expect((fields.getByLabelText('Amount ($)') as HTMLInputElement).value).toBe('538.20');
    expect(screen.queryByLabelText('Reason')).toBeNull();
    expect(screen.getByText('Total offer').nextElementSibling?.textContent).toBe('$538.20');
    expect(screen.getByText('10 grams')).toBeTruthy();
  });

  test("starts a metal line from the parcel's locked price while it is higher, and says the lock", async () => {
    pricesAndRates();
    const day = 24 * 60 * 60 * 1000;
    const lockedAt = new Date(Date.now() - day);
    const locked = anAdminSubmission({
      status: 'appraising',
      weightUnit: 'grams',
      priceLock: {
        lockedAt: lockedAt.toISOString(),
        lockedUntil: new Date(lockedAt.getTime() + 7 * day).toISOString(),
        spot: { gold: '3500.0000', silver: '0.5000', platinum: '1000.0000', palladium: '1000.0000' },
      },
    });
    const { user } = renderWithApp(<OfferForm submission={locked} />);
    await openLines(user);
    expect(screen.getByRole('note').textContent).toMatch(/^Prices locked until .+: Gold \$3,500\.00\/oz, Silver \$0\.50\/oz,/);

    await fillLine(user, 1, { description: '14k rope chain', material: 'Gold 14K', weight: '10', tested: 'XRF analyser' });
    // Fine gold locked at $3,500 an ounce is $112.53 a gram, above the day's $100.00.
    expect(within(line(1)).getByText(/\$112\.53 per gram of fine metal · price-lock/)).toBeTruthy();
    // Silver fell below the day's price in the lock: the day's $1.00 stays.
    await user.selectOptions(within(line(1)).getByLabelText('Material'), 'Silver');
    expect(within(line(1)).getByText(/\$1\.00 per gram of fine metal · gold-api\.com/)).toBeTruthy();
  });

  test('an amount off the proposal needs a reason, in the domain sentence, and sends nothing without it', async () => {
    pricesAndRates();
    const seen = recordRequests();
    const { user } = renderWithApp(<OfferForm submission={appraising} />);
    await openLines(user);
    await fillLine(user, 1, { description: '14k rope chain', material: 'Gold 14K', weight: '10', tested: 'XRF analyser' });

    const amount = within(line(1)).getByLabelText('Amount ($)');
    await user.clear(amount);
    await user.type(amount, '500');
    const reason = await within(line(1)).findByLabelText('Reason');
    await user.click(screen.getByRole('button', { name: 'Submit Offer' }));

    await waitFor(() => expect(isInvalid(reason)).toBe(true));
    expect(describedText(reason)).toMatch(/The amount \$500\.00 differs from the proposal of \$538\.20; please give a reason\.$/);
    expect(screen.queryByRole('group', { name: /Send an offer/ })).toBeNull();
    expect(seen.filter((r) => r.method === 'PUT')).toEqual([]);
  });

  test('a % paid outside the band needs a reason too', async () => {
    pricesAndRates();
    const { user } = renderWithApp(<OfferForm submission={appraising} />);
    await openLines(user);
    await fillLine(user, 1, { description: 'Bar', material: 'Gold 14K', weight: '10', tested: 'XRF analyser' });
    const paid = within(line(1)).getByLabelText('% paid');
    await user.clear(paid);
    await user.type(paid, '95');
    await user.click(screen.getByRole('button', { name: 'Submit Offer' }));

    const reason = await within(line(1)).findByLabelText('Reason');
    await waitFor(() =>
      expect(describedText(reason)).toMatch(/95% is outside our published 80\.00-92\.00% for Gold 14K; please give a reason\.$/),
    );
  });

  test('adds up two lines, says them back, then sends offerLines with the total and version', async () => {
    pricesAndRates();
    const seen = recordRequests();
    server.use(
      http.put(path, () => HttpResponse.json(anAdminSubmission({ status: 'offered', finalOffer: '548.20', version: 8 }))),
    );
    const { user } = renderWithApp(<OfferForm submission={appraising} />);
    await openLines(user);

    await fillLine(user, 1, { description: '14k rope chain', material: 'Gold 14K', weight: '10', tested: 'XRF analyser' });
    await user.click(screen.getByRole('button', { name: 'Add line' }));
    await fillLine(user, 2, { description: 'Silver spoons', material: 'Silver', weight: '20', tested: 'Acid test' });
    // $1.00 x 20 g x 92.5% x 80% = $14.80, lowered for solder.
    expect((within(line(2)).getByLabelText('Amount ($)') as HTMLInputElement).value).toBe('14.80');
    await user.clear(within(line(2)).getByLabelText('Amount ($)'));
    await user.type(within(line(2)).getByLabelText('Amount ($)'), '10');
    await user.type(await within(line(2)).findByLabelText('Reason'), 'Heavy solder joints');
    expect(screen.getByText('Total offer').nextElementSibling?.textContent).toBe('$548.20');
    expect(screen.getByText('30 grams')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Submit Offer' }));
    const question = await screen.findByRole('group', { name: /^Send an offer of \$548\.20 in 2 lines to Customer #/ });
    expect(question).toBe(document.activeElement);
    expect(within(question).getByText('Reason: Heavy solder joints')).toBeTruthy();
    expect(seen.filter((r) => r.method === 'PUT')).toEqual([]);
    await user.click(within(question).getByRole('button', { name: 'Send $548.20 offer' }));

    expect(await screen.findByText('Submission updated successfully')).toBeTruthy();
    const put = seen.find((r) => r.method === 'PUT')!;
    expect(put.path).toBe(path);
    const basis = { referenceUnit: 'gram', priceSource: 'gold-api.com', pricedAt, weightUnit: 'grams' };
    await waitFor(() =>
      expect(put.body).toEqual({
        offerLines: [
          {
            ...basis,
            description: '14k rope chain',
            material: 'gold-14k',
            weight: '10',
            purityPercent: '58.5',
            testMethod: 'xrf',
            referencePrice: '100.0000',
            percentPaid: '92.00',
            amount: '538.20',
          },
          {
            ...basis,
            description: 'Silver spoons',
            material: 'silver',
            weight: '20',
            purityPercent: '92.5',
            testMethod: 'acid',
            referencePrice: '1.0000',
            percentPaid: '80.00',
            amount: '10',
            reason: 'Heavy solder joints',
          },
        ],
        finalOffer: '548.20',
        adminNotes: null,
        status: 'offered',
        version: 7,
      }),
    );
  });

  test("one number stays SPEC's body after looking at the lines", async () => {
    pricesAndRates();
    const seen = recordRequests();
    server.use(http.put(path, () => HttpResponse.json(anAdminSubmission({ status: 'offered', version: 8 }))));
    const { user } = renderWithApp(<OfferForm submission={appraising} />);
    await openLines(user);
    await user.click(screen.getByRole('button', { name: 'Single amount' }));

    await user.type(screen.getByLabelText('Final Offer ($)'), '1450');
    await user.type(screen.getByLabelText('Actual Weight'), '9.4');
    await user.click(screen.getByRole('button', { name: 'Submit Offer' }));
    await user.click(await screen.findByRole('button', { name: 'Send $1,450.00 offer' }));

    await screen.findByText('Submission updated successfully');
    const put = seen.find((r) => r.method === 'PUT')!;
    await waitFor(() =>
      expect(put.body).toEqual({ finalOffer: '1450.00', actualWeight: 9.4, adminNotes: null, status: 'offered', version: 7 }),
    );
  });
});
