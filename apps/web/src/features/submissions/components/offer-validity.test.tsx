// Issue 11 item 4: the seller sees how long the offer stays valid, amber in the last 48 hours, and
// once it lapsed, the sentence asking us to re-issue it — with Accept Offer disabled.
import { describe, expect, test } from 'vitest';
import { screen, within } from '@testing-library/react';
import { aSubmission, aSubmissionDetail } from '@/testing/fixtures';
import { renderWithApp } from '@/testing/render';
import { offerExpiredText } from '@/components/offer-validity';
import { SubmissionCard } from './submission-card';
import { SubmissionDetailView } from './submission-detail';

const HOUR = 3_600_000;
const inMs = (ms: number) => new Date(Date.now() + ms).toISOString();
const offered = (offerValidUntil: string) => ({ status: 'offered', finalOffer: '580.50', offerValidUntil }) as const;

function renderCard(offerValidUntil: string) {
  renderWithApp(
    <ul>
      <SubmissionCard submission={aSubmission(offered(offerValidUntil))} />
    </ul>,
  );
  return screen.getByRole('listitem');
}

describe('offer validity on the card', () => {
  test('a live offer: "Valid until" with days left, not urgent, Accept Offer is a link', () => {
    const card = renderCard(inMs(6 * 24 * HOUR + 3 * HOUR + 30_000));
    expect(within(card).getByText('Final Offer')).toBeTruthy();
    expect(within(card).getByText(/Valid until/)).toBeTruthy();
    const left = within(card).getByText('6 days 3 hours left');
    expect(left.closest('[data-urgent]')).toBeNull();
    expect(within(card).getByRole('link', { name: 'Accept Offer' })).toBeTruthy();
  });

  test('an urgent offer (< 48 h) is shown in amber and can still be accepted', () => {
    const card = renderCard(inMs(5 * HOUR + 20 * 60_000 + 30_000));
    const left = within(card).getByText('5 h 20 min left');
    expect(left.closest('[data-urgent]')).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Accept Offer' })).toBeTruthy();
  });

  test('a lapsed offer says it expired and disables Accept Offer', () => {
    const until = inMs(-HOUR);
    const card = renderCard(until);
    expect(within(card).getByText(offerExpiredText(until))).toBeTruthy();
    expect(offerExpiredText(until)).toMatch(/^This offer expired on .+\. Ask us to re-issue it at today's prices\.$/);
    expect(within(card).queryByRole('link', { name: 'Accept Offer' })).toBeNull();
    expect((within(card).getByRole('button', { name: 'Accept Offer' }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('offer validity on the detail', () => {
  test('live: the countdown and the Accept Offer link', () => {
    renderWithApp(<SubmissionDetailView detail={aSubmissionDetail(offered(inMs(12 * 60_000 + 30_000)))} />);
    expect(screen.getByText('12 min left').closest('[data-urgent]')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Accept Offer' })).toBeTruthy();
  });

  test('lapsed: the sentence, and Accept Offer disabled', () => {
    const until = inMs(-24 * HOUR);
    renderWithApp(<SubmissionDetailView detail={aSubmissionDetail(offered(until))} />);
    expect(screen.getByText(offerExpiredText(until))).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Accept Offer' })).toBeNull();
    expect((screen.getByRole('button', { name: 'Accept Offer' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
