// Issue 11 item 9: when the payout will need an ID check, the offered card says so before
// 'Accept Offer', so the seller is not surprised by it after deciding to accept.
import { describe, expect, test } from 'vitest';
import { screen, within } from '@testing-library/react';
import { aSubmission, aSubmissionDetail } from '@/testing/fixtures';
import { renderWithApp } from '@/testing/render';
import { SubmissionCard } from './submission-card';
import { SubmissionDetailView } from './submission-detail';

const inDays = (days: number) => new Date(Date.now() + days * 24 * 3_600_000).toISOString();

function renderCard(finalOffer: string, requiresKyc: boolean) {
  renderWithApp(
    <ul>
      <SubmissionCard submission={aSubmission({ status: 'offered', finalOffer, requiresKyc, offerValidUntil: inDays(5) })} />
    </ul>,
  );
  return screen.getByRole('listitem');
}

describe("the offered card tells of the ID check before 'Accept Offer'", () => {
  test('above $10,000: the note, placed before the Accept Offer link', () => {
    const card = renderCard('26450.00', true);
    const note = within(card).getByText('Before we pay you: verify your ID (offers above $10,000).');
    const accept = within(card).getByRole('link', { name: 'Accept Offer' });
    expect(note.compareDocumentPosition(accept) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  test('an appraiser asked on a smaller offer: the note gives that reason', () => {
    const card = renderCard('1450.00', true);
    expect(within(card).getByText('Before we pay you: verify your ID (our appraiser asked).')).toBeTruthy();
  });

  test('no ID check needed: no note', () => {
    const card = renderCard('10000.00', false);
    expect(within(card).queryByText(/verify your ID/)).toBeNull();
    expect(within(card).getByRole('link', { name: 'Accept Offer' })).toBeTruthy();
  });
});

describe("the detail page tells of the ID check before 'Accept Offer' too", () => {
  test('above $10,000: the note comes before the Accept Offer link', () => {
    renderWithApp(
      <SubmissionDetailView
        detail={aSubmissionDetail({ status: 'offered', finalOffer: '26450.00', requiresKyc: true, offerValidUntil: inDays(5) })}
      />,
    );
    const note = screen.getByText('Before we pay you: verify your ID (offers above $10,000).');
    const accept = screen.getByRole('link', { name: 'Accept Offer' });
    expect(note.compareDocumentPosition(accept) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  test('no ID check needed: no note', () => {
    renderWithApp(
      <SubmissionDetailView
        detail={aSubmissionDetail({ status: 'offered', finalOffer: '612.00', offerValidUntil: inDays(5) })}
      />,
    );
    expect(screen.queryByText(/verify your ID/)).toBeNull();
  });
});
