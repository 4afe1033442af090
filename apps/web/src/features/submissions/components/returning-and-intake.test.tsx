// DECISIONS "Returning" and "Intake evidence" as the seller sees them: a returning card says where
// the parcel is and offers nothing to print; the timeline leads to the photos taken at intake.
import { describe, expect, test } from 'vitest';
import { screen, within } from '@testing-library/react';
import { aSubmission, aSubmissionDetail } from '@/testing/fixtures';
import { renderWithApp } from '@/testing/render';
import { SubmissionCard } from './submission-card';
import { SubmissionDetailView } from './submission-detail';

const label = { id: 'lbl-1', trackingNumber: 'ASY0000000000001', direction: 'inbound' };
const returnLabel = { id: 'lbl-2', trackingNumber: 'ASY0000000000002', direction: 'return' };

describe('a returning submission', () => {
  test('the card says "We are shipping it back" with the tracking number, and offers no label', () => {
    const sub = aSubmission({ status: 'returning', finalOffer: '300.00', returnTrackingNumber: 'ASY0000000000002' });
    renderWithApp(
      <ul>
        <SubmissionCard submission={sub} onPrintLabel={() => undefined} />
      </ul>,
    );
    const card = screen.getByRole('listitem');
    expect(within(card).getByText('Returning')).toBeTruthy();
    expect(within(card).getByText('We are shipping it back')).toBeTruthy();
    expect(within(card).getByText('ASY0000000000002')).toBeTruthy();
    expect(within(card).queryByRole('button', { name: /Print Label/ })).toBeNull();
    expect(within(card).queryByText('In Progress')).toBeNull();
  });

  test('the detail names the return tracking number and never offers a label to download', () => {
    const detail = aSubmissionDetail({
      status: 'returning',
      finalOffer: '300.00',
      returnTrackingNumber: returnLabel.trackingNumber,
      label,
      returnLabel,
      freeReturn: true,
    });
    renderWithApp(<SubmissionDetailView detail={detail} onPrintLabel={() => undefined} />);
    expect(screen.getAllByText('We are shipping it back', { exact: false }).length).toBeGreaterThan(0);
    expect(screen.getByText(returnLabel.trackingNumber)).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Download/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Print Label/ })).toBeNull();
  });

  test('an item that is with us (appraising) has no label to download either; a new one does', () => {
    const { unmount } = renderWithApp(<SubmissionDetailView detail={aSubmissionDetail({ status: 'appraising', label })} />);
    expect(screen.queryByRole('link', { name: /Download shipping label/ })).toBeNull();
    unmount();
    renderWithApp(<SubmissionDetailView detail={aSubmissionDetail({ status: 'new', label })} />);
    expect(screen.getByRole('link', { name: /Download shipping label/ })).toBeTruthy();
  });
});

describe('intake photos on the timeline', () => {
  test('the "received" entry counts the photos and leads to the gallery beside the offer', () => {
    const photos = ['a1', 'b2'].map((id) => ({ id, url: `/api/objects/${id}`, thumbnailUrl: `/api/objects/${id}?size=thumb` }));
    const detail = aSubmissionDetail({
      status: 'appraising',
      timeline: [
        { at: '2030-01-01T12:00:00.000Z', action: 'created', fromStatus: null, toStatus: 'new', label: 'Submitted' },
        {
          at: '2030-01-02T12:00:00.000Z',
          action: 'received',
          fromStatus: 'new',
          toStatus: 'appraising',
          label: 'Parcel received, appraisal started',
          photos,
        },
      ],
    });
    renderWithApp(<SubmissionDetailView detail={detail} />);
    const history = screen.getByRole('list', { name: 'Status history' });
    const link = within(history).getByRole('link', { name: '2 photos taken when we opened your parcel' });
    expect(link.getAttribute('href')).toBe('#intake-gallery');
    expect(within(history).queryAllByRole('img')).toEqual([]);
    const gallery = screen.getByRole('region', { name: 'Your parcel as we opened it' });
    expect(gallery.id).toBe('intake-gallery');
  });
});

describe("the carrier's tracking on the timeline", () => {
  test('label created, in transit, delivered: each with the carrier sentence', () => {
    const detail = aSubmissionDetail({
      status: 'new',
      label,
      timeline: [
        {
          at: '2030-01-01T12:00:00.000Z',
          action: 'label_created',
          fromStatus: null,
          toStatus: null,
          label: 'Shipping label created',
        },
        {
          at: '2030-01-02T14:05:00.000Z',
          action: 'parcel_in_transit',
          fromStatus: null,
          toStatus: null,
          label: 'Parcel in transit',
          detail: 'In transit: Arrived at USPS Regional Facility, Memphis TN, Jan 2',
        },
        {
          at: '2030-01-03T10:30:00.000Z',
          action: 'parcel_delivered',
          fromStatus: null,
          toStatus: null,
          label: 'Parcel delivered',
          detail: 'Delivered: Delivered, Front Desk/Reception, Wilmington DE, Jan 3',
        },
      ],
    });
    renderWithApp(<SubmissionDetailView detail={detail} />);
    const history = screen.getByRole('list', { name: 'Status history' });
    const items = within(history).getAllByRole('listitem');
    expect(items.map((li) => li.querySelector('p')?.textContent)).toEqual([
      'Shipping label created',
      'Parcel in transit',
      'Parcel delivered',
    ]);
    expect(within(items[2]!).getByText('Delivered: Delivered, Front Desk/Reception, Wilmington DE, Jan 3')).toBeTruthy();
  });
});
