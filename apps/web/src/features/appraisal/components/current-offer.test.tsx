import { http, HttpResponse } from 'msw';
import { describe, expect, test } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { adminSubmissionDetailSchema, type OfferView } from '@assay/domain';
import { anAdminSubmission } from '@/testing/fixtures';
import { apiError, recordRequests, server } from '@/testing/msw';
import { payoutRatesAnswer } from '@/testing/payout-rates';
import { renderWithApp } from '@/testing/render';
import { AdminSubmissionCard } from './admin-submission-card';

const offered = anAdminSubmission({
  status: 'offered',
  finalOffer: '538.20',
  actualWeight: 10,
  offeredAt: '2030-01-03T12:00:00.000Z',
  version: 9,
});
const base = `/api/admin/submissions/${offered.id}`;

const goldLine = {
  position: 1,
  item: 1,
  description: '14k rope chain',
  material: 'gold-14k',
  weight: '10.0000',
  weightUnit: 'grams',
  purityPercent: '58.500',
  testMethod: 'xrf',
  referencePrice: '100.0000',
  referenceUnit: 'gram',
  priceSource: 'gold-api.com',
  pricedAt: '2030-01-03T11:00:00.000Z',
  percentPaid: '92.00',
  proposedAmount: '538.20',
  amount: '538.20',
  reason: null,
};

function anOffer(overrides: Partial<OfferView> = {}): OfferView {
  return {
    id: 'off_1',
    version: 2,
    status: 'open',
    total: '538.20',
    offeredAt: '2030-01-03T12:00:00.000Z',
    validUntil: '2999-01-10T12:00:00.000Z',
    lapsed: false,
    lines: [goldLine],
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

const counter = {
  amount: '600.00',
  message: 'My jeweller said 600.',
  at: '2030-01-04T12:00:00.000Z',
  status: 'open',
  items: null,
};

describe('an offered card', () => {
  test('shows the current lines and validity, and accepts a counter-offer after asking', async () => {
    detailAnswers(anOffer({ counter }));
    const seen = recordRequests();
    server.use(http.post(`${base}/counter/accept`, () => HttpResponse.json({ ...offered, finalOffer: '600.00', version: 10 })));
    const { user } = renderWithApp(<AdminSubmissionCard submission={offered} />);

    const panel = await screen.findByRole('region', { name: 'Current offer' });
    expect(within(panel).getByRole('heading', { name: /^Offer of \$538\.20 sent .+ \(version 2\)$/ })).toBeTruthy();
    expect(within(panel).getByText('10 grams Gold 14K, 58.5% at $100.00/g, 92% paid')).toBeTruthy();
    expect(within(panel).getByText(/^Valid until /)).toBeTruthy();
    expect(within(panel).getByText('Client countered $600.00')).toBeTruthy();
    expect(within(panel).getByText(/My jeweller said 600\./)).toBeTruthy();

    await user.click(within(panel).getByRole('button', { name: 'Accept counter-offer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Accept the counter-offer?' });
    expect(seen.filter((r) => r.method === 'POST')).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Accept $600.00' }));

    expect(await screen.findByText('Counter-offer accepted')).toBeTruthy();
    expect(seen.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual([`${base}/counter/accept`]);
  });

  test('a lapsed offer is re-issued at today prices after asking; a refusal toasts the server sentence', async () => {
    detailAnswers(anOffer({ validUntil: '2030-01-10T12:00:00.000Z', lapsed: true }));
    const seen = recordRequests();
    const sentence = 'There is no current price for gold-14k, so line 1 cannot be re-priced.';
    server.use(http.post(`${base}/offer/reissue`, () => apiError(409, 'CONFLICT', sentence)));
    const { user } = renderWithApp(<AdminSubmissionCard submission={offered} />);

    const panel = await screen.findByRole('region', { name: 'Current offer' });
    expect(within(panel).getByText('Lapsed')).toBeTruthy();
    expect(within(panel).getByText(/^Expired January 10, 2030 at 12:00 UTC/)).toBeTruthy();
    await user.click(within(panel).getByRole('button', { name: "Re-issue at today's prices" }));
    const dialog = await screen.findByRole('dialog', { name: "Re-issue at today's prices?" });
    await user.click(within(dialog).getByRole('button', { name: 'Re-issue offer' }));
    expect(await screen.findByText(sentence)).toBeTruthy();
    expect(screen.getByText('Failed to re-issue the offer')).toBeTruthy();

    server.use(http.post(`${base}/offer/reissue`, () => HttpResponse.json({ ...offered, version: 10 })));
    await user.click(within(panel).getByRole('button', { name: "Re-issue at today's prices" }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Re-issue offer' }));
    expect(await screen.findByText("Offer re-issued at today's prices")).toBeTruthy();
    expect(seen.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual([
      `${base}/offer/reissue`,
      `${base}/offer/reissue`,
    ]);
  });

  test('answers a counter-offer with a new version of the current lines', async () => {
    detailAnswers(anOffer({ counter }));
    server.use(
      http.get('/api/pricing', () => HttpResponse.json([])),
      http.get('/api/payout-rates', () => HttpResponse.json(payoutRatesAnswer())),
      http.put(`/api/submissions/${offered.id}`, () => HttpResponse.json({ ...offered, finalOffer: '560.00', version: 10 })),
    );
    const seen = recordRequests();
    const { user } = renderWithApp(<AdminSubmissionCard submission={offered} />);

    await user.click(await screen.findByRole('button', { name: 'Answer with a new offer' }));
    const form = await screen.findByRole('group', { name: 'Line 1' });
    expect((within(form).getByLabelText('Description') as HTMLInputElement).value).toBe('14k rope chain');
    expect((within(form).getByLabelText('Amount ($)') as HTMLInputElement).value).toBe('538.20');
    await user.clear(within(form).getByLabelText('Amount ($)'));
    await user.type(within(form).getByLabelText('Amount ($)'), '560.00');
    await user.type(await within(form).findByLabelText('Reason'), 'Meeting the client part way');
    await user.click(screen.getByRole('button', { name: 'Submit Offer' }));
    await user.click(await screen.findByRole('button', { name: 'Send $560.00 offer' }));

    expect(await screen.findByText('Submission updated successfully')).toBeTruthy();
    const put = seen.find((r) => r.method === 'PUT')!;
    await waitFor(() =>
      expect(put.body).toMatchObject({
        offerLines: [
          { description: '14k rope chain', referencePrice: '100.0000', amount: '560.00', reason: 'Meeting the client part way' },
        ],
        finalOffer: '560.00',
        status: 'offered',
        version: 9,
      }),
    );
  });
});
