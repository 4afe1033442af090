// The carrier's tracking in the mailbox (issue 12 item 7): a parcel delivered to Assay whose
// submission is not yet received says "Delivered, awaiting intake" on its card; any tracked
// parcel shows its newest state with the carrier's sentence.
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, test } from 'vitest';
import { screen, within } from '@testing-library/react';
import { anAdminSubmission } from '@/testing/fixtures';
import { server } from '@/testing/msw';
import { payoutRatesAnswer } from '@/testing/payout-rates';
import { renderWithApp } from '@/testing/render';
import { AdminSubmissionCard } from './admin-submission-card';

const delivered = {
  status: 'delivered',
  label: 'Delivered, awaiting intake',
  detail: 'Delivered: Delivered, Front Desk/Reception, Wilmington DE, Nov 24',
  at: '2030-01-02T10:30:00.000Z',
  awaitingIntake: true,
};

describe('the inbound parcel on a mailbox card', () => {
  // The offer form of a card awaiting an offer reads the prices and payout rates.
  beforeEach(() => {
    server.use(
      http.get('/api/pricing', () => HttpResponse.json([])),
      http.get('/api/payout-rates', () => HttpResponse.json(payoutRatesAnswer())),
    );
  });

  test('delivered to us and not yet received: the card says it awaits intake, with the carrier sentence', () => {
    renderWithApp(<AdminSubmissionCard submission={anAdminSubmission({ status: 'new', parcel: delivered })} />);
    const card = screen.getByRole('article');
    expect(within(card).getAllByText('Delivered, awaiting intake')).toHaveLength(2);
    expect(within(card).getByText('Inbound parcel')).toBeTruthy();
    expect(within(card).getByText(/Wilmington DE, Nov 24/)).toBeTruthy();
  });

  test('in transit (already received): its state, no intake badge; no tracking at all: nothing about the parcel', () => {
    const inTransit = {
      status: 'in_transit',
      label: 'In transit',
      detail: 'In transit: Arrived at USPS Regional Facility, Memphis TN, Nov 23',
      at: '2030-01-01T14:05:00.000Z',
      awaitingIntake: false,
    };
    const { unmount } = renderWithApp(
      <AdminSubmissionCard submission={anAdminSubmission({ status: 'appraising', parcel: inTransit })} />,
    );
    expect(screen.getByText('In transit')).toBeTruthy();
    expect(screen.queryByText('Delivered, awaiting intake')).toBeNull();
    unmount();
    renderWithApp(<AdminSubmissionCard submission={anAdminSubmission({ status: 'appraising', parcel: null })} />);
    expect(screen.queryByText('Inbound parcel')).toBeNull();
  });
});
