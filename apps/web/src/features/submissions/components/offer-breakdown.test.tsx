// Issue 11 item 3 as the seller reads it: each line of the offer with the price it used (source and
// time), the % we pay and, where the appraiser left the proposal, why; the total beside the
// preliminary quote; and the earlier versions, collapsed.
import { describe, expect, test } from 'vitest';
import { screen, within } from '@testing-library/react';
import { aSubmissionDetail } from '@/testing/fixtures';
import { renderWithApp } from '@/testing/render';
import { amountOnlyLine, anOffer, chainLine, ringLine } from './offer-test-data';
import { SubmissionDetailView } from './submission-detail';

const offeredDetail = (offer = anOffer(), previousOffers = [] as ReturnType<typeof anOffer>[]) =>
  aSubmissionDetail({ status: 'offered', finalOffer: offer.total, offerValidUntil: offer.validUntil, offer, previousOffers });

function offerSection() {
  return screen.getByRole('region', { name: 'Our offer' });
}

describe('the offer breakdown', () => {
  test('each line shows what it is, the price used with its source and time, the % paid and its amount', () => {
    renderWithApp(<SubmissionDetailView detail={offeredDetail()} />);
    const lines = within(offerSection()).getAllByRole('listitem');
    expect(lines).toHaveLength(2);
    const [ring, chain] = lines as [HTMLElement, HTMLElement];

    expect(within(ring).getByText('14k ring, stamped 585')).toBeTruthy();
    expect(within(ring).getByText(/^Gold 14K, 58\.5% pure ·/).textContent).toBe('Gold 14K, 58.5% pure · Test: XRF analyser');
    expect(within(ring).getByText('6.1 g')).toBeTruthy();
    expect(within(ring).getByText('$76.12/g fine gold, gold-api.com, Nov 23 14:00 UTC')).toBeTruthy();
    expect(within(ring).getByText('85%')).toBeTruthy();
    expect(within(ring).getByText('$230.90')).toBeTruthy();
    // Kept as proposed: no reason to give.
    expect(within(ring).queryByText(/Our appraiser changed/)).toBeNull();

    expect(within(chain).getByText('$0.9512/g fine silver, gold-api.com, Nov 23 14:05 UTC')).toBeTruthy();
    expect(within(chain).getByText('$10.00')).toBeTruthy();
    expect(
      within(chain).getByText('Our appraiser changed this from the $13.20 these prices give: The clasp is plated base metal.'),
    ).toBeTruthy();
  });

  test('the total is the final offer, beside the preliminary quote, with how it was computed and its validity', () => {
    renderWithApp(<SubmissionDetailView detail={offeredDetail()} />);
    const section = offerSection();
    expect(within(section).getByText('Final offer')).toBeTruthy();
    expect(within(section).getByTestId('offer-total').textContent).toBe('$240.90');
    expect(within(section).getByText(/^Your preliminary quote was/).textContent).toBe('Your preliminary quote was $223 – $335.');
    expect(within(section).getByText(/Each line is the price used × the weight × the purity × the % we pay/)).toBeTruthy();
    expect(within(section).getByText(/Valid until/)).toBeTruthy();
    expect(within(section).getByRole('link', { name: 'Accept Offer' })).toBeTruthy();
    // The one-number fact is not repeated above the breakdown.
    expect(screen.getAllByText('Final offer')).toHaveLength(1);
  });

  test('each line says how the bench tested it, one test a row, and a line without tests says nothing of it', () => {
    const tested = { ...ringLine, testSummaries: ['XRF: Au 58.4%, Ag 25.1%, Cu 16.5%', 'Scale: 6.10 g'] };
    renderWithApp(<SubmissionDetailView detail={offeredDetail(anOffer({ lines: [tested, chainLine] }))} />);
    const [ring, chain] = within(offerSection()).getAllByRole('listitem') as [HTMLElement, HTMLElement];
    expect(within(ring).getByText('How we tested it')).toBeTruthy();
    expect(within(ring).getByText('XRF: Au 58.4%, Ag 25.1%, Cu 16.5%')).toBeTruthy();
    expect(within(ring).getByText('Scale: 6.10 g')).toBeTruthy();
    expect(within(chain).queryByText('How we tested it')).toBeNull();
  });

  test('an amount-only line shows only its description, weight and amount', () => {
    renderWithApp(<SubmissionDetailView detail={offeredDetail(anOffer({ lines: [amountOnlyLine], total: '300.00' }))} />);
    const section = offerSection();
    const [line] = within(section).getAllByRole('listitem') as [HTMLElement];
    expect(within(line).getByText('Appraised lot')).toBeTruthy();
    expect(within(line).getByText('9.5 g')).toBeTruthy();
    expect(within(line).getByText('$300.00')).toBeTruthy();
    expect(within(line).queryByText('Price used')).toBeNull();
    expect(within(line).queryByText('We pay')).toBeNull();
    expect(within(line).queryByText(/pure/)).toBeNull();
    expect(within(section).queryByText(/Each line is the price used/)).toBeNull();
  });

  test('earlier offers are collapsed, each with its total, date, status and the counter-offer made on it', () => {
    const first = anOffer({
      id: 'off_0000000000000000000001',
      version: 1,
      status: 'superseded',
      total: '200.00',
      counter: { amount: '300.00', message: 'It is 18k.', at: '2030-11-23T16:00:00.000Z', status: 'answered', items: null },
    });
    renderWithApp(<SubmissionDetailView detail={offeredDetail(anOffer({ version: 2 }), [first])} />);
    const section = offerSection();
    const summary = within(section).getByText('Earlier offers (1)');
    const details = summary.closest('details')!;
    expect(details.open).toBe(false);
    expect(within(details).getByText(/^Version 1, /)).toBeTruthy();
    expect(within(details).getByText('$200.00')).toBeTruthy();
    expect(within(details).getByText('Replaced by a newer offer')).toBeTruthy();
    expect(within(details).getByText(/^You asked \$300\.00 on .+: we answered with a new offer\.$/)).toBeTruthy();
    expect(within(section).getByText('Version 2')).toBeTruthy();
  });

  test('an accepted counter-offer keeps the itemised lines, with the counter as the agreed total', () => {
    const countered = anOffer({
      id: 'off_0000000000000000000001',
      status: 'superseded',
      counter: { amount: '300.00', message: 'It is 18k.', at: '2030-11-23T16:00:00.000Z', status: 'accepted', items: null },
    });
    const counterLine = { ...amountOnlyLine, position: 3, description: 'Counter-offer accepted', amount: '59.10' };
    const agreed = anOffer({ version: 2, total: '300.00', lines: [ringLine, chainLine, counterLine] });
    renderWithApp(<SubmissionDetailView detail={offeredDetail(agreed, [countered])} />);
    const section = offerSection();
    const lines = within(section).getByRole('list', { name: 'Offer lines' });
    expect(within(lines).getAllByRole('listitem')).toHaveLength(3);
    expect(within(lines).getByText('14k ring, stamped 585')).toBeTruthy();
    expect(within(lines).getByText('Counter-offer accepted')).toBeTruthy();
    expect(within(section).getByText('Agreed total')).toBeTruthy();
    expect(within(section).queryByText('Final offer')).toBeNull();
    expect(within(section).getByTestId('offer-total').textContent).toBe('$300.00');
    expect(
      within(section).getByText('We accepted your counter-offer of $300.00: the lines are our appraisal, kept as it was made.'),
    ).toBeTruthy();
  });

  test("SPEC's one-number offer without itemised lines keeps its 'Final offer' fact and no breakdown", () => {
    renderWithApp(<SubmissionDetailView detail={aSubmissionDetail({ status: 'offered', finalOffer: '580.50' })} />);
    expect(screen.getByText('Final offer')).toBeTruthy();
    expect(screen.getByText('$580.50')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Our offer' })).toBeNull();
  });
});
