// Issue 27 item 6 as the seller reads it (decision 040): before the offer, what the reserve will do;
// once an offer met it, that it was accepted for them with "Decline before <time>" and the time
// left, in place of Accept; the form's reserve becomes the body's reserve and payout.
import { describe, expect, test, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { aSubmissionDetail } from '@/testing/fixtures';
import { renderWithApp } from '@/testing/render';
import { reserveBody, reserveFieldOf } from './reserve-field';
import { SubmissionDetailView } from './submission-detail';
import { anOffer } from './offer-test-data';

const inHours = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();

describe('the reserve on the seller’s detail', () => {
  test('before the offer it says what an offer will do', () => {
    renderWithApp(
      <SubmissionDetailView
        detail={aSubmissionDetail({
          status: 'appraising',
          reserve: { amount: '1500.00', payoutMethod: 'check', metAt: null, declineUntil: null },
        })}
      />,
    );
    expect(screen.getByText(/Your reserve: \$1,500\.00\./)).toBeTruthy();
    expect(screen.getByText(/an offer below it and we return your items free/)).toBeTruthy();
  });

  test('an offer it accepted shows the window, the time left and the decline button instead of Accept', () => {
    const onDecline = vi.fn();
    const detail = aSubmissionDetail({
      status: 'offered',
      finalOffer: '1600.00',
      offerValidUntil: inHours(24 * 7),
      reserve: { amount: '1500.00', payoutMethod: 'paypal', metAt: inHours(-1), declineUntil: inHours(23) },
    });
    renderWithApp(<SubmissionDetailView detail={detail} onDecline={onDecline} />);
    expect(screen.getByRole('heading', { name: /Your reserve was met: offer accepted for you/ })).toBeTruthy();
    expect(screen.getByRole('timer').textContent).toMatch(/\(2[23] h \d+ min left\)/);
    expect(screen.queryByRole('link', { name: 'Accept Offer' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /^Decline before / }));
    expect(onDecline).toHaveBeenCalledWith(detail);
  });

  test('with an itemised offer, the reserve window is the one clock: no offer countdown beside it', () => {
    const detail = aSubmissionDetail({
      status: 'offered',
      finalOffer: '230.90',
      offerValidUntil: inHours(24 * 7),
      offer: anOffer(),
      reserve: { amount: '200.00', payoutMethod: 'paypal', metAt: inHours(-1), declineUntil: inHours(23) },
    });
    renderWithApp(<SubmissionDetailView detail={detail} />);
    expect(screen.getByRole('heading', { name: /Your reserve was met: offer accepted for you/ })).toBeTruthy();
    expect(screen.getByRole('timer').textContent).toMatch(/\(2[23] h \d+ min left\)/);
    // The offer's own "Valid until ..., 7 days left" would read as a second deadline.
    expect(screen.getByRole('list', { name: 'Offer lines' })).toBeTruthy();
    expect(screen.queryByText(/^Valid until/)).toBeNull();
  });

  test('after the window the note is gone and the offer reads as any other', () => {
    renderWithApp(
      <SubmissionDetailView
        detail={aSubmissionDetail({
          status: 'offered',
          finalOffer: '1600.00',
          offerValidUntil: inHours(24 * 6),
          reserve: { amount: '1500.00', payoutMethod: 'paypal', metAt: inHours(-25), declineUntil: inHours(-1) },
        })}
      />,
    );
    expect(screen.queryByRole('heading', { name: /Your reserve was met/ })).toBeNull();
  });
});

describe('the form’s reserve', () => {
  test('left empty sends nothing; set, it sends the amount and the payout', () => {
    expect(reserveBody({ reserve: ' ', reservePayoutMethod: 'paypal', reservePaypalEmail: '' })).toEqual({});
    expect(reserveBody({ reserve: '1500', reservePayoutMethod: 'paypal', reservePaypalEmail: 'a@b.co' })).toEqual({
      reserve: '1500',
      reservePayout: { payoutMethod: 'paypal', payoutDetails: { email: 'a@b.co' } },
    });
    expect(reserveBody({ reserve: '1500', reservePayoutMethod: 'check', reservePaypalEmail: '' }).reservePayout).toEqual({
      payoutMethod: 'check',
      payoutDetails: { method: 'check' },
    });
  });
  test('issues land on their field', () => {
    expect(reserveFieldOf(['reservePayout', 'payoutDetails', 'email'])).toBe('reservePaypalEmail');
    expect(reserveFieldOf(['reservePayout'])).toBe('reservePayoutMethod');
    expect(reserveFieldOf(['reserve'])).toBe('reserve');
    expect(reserveFieldOf(['description'])).toBeNull();
  });
});
