import { describe, expect, test } from 'vitest';
import { screen, within } from '@testing-library/react';
import { aSubmissionDetail } from '@/testing/fixtures';
import { renderWithApp } from '@/testing/render';
import { SubmissionDetailView } from './submission-detail';

const parcels = [
  { id: 'label-1', trackingNumber: 'ASY0000000000001', parcelNumber: 1, insuredValue: '25000.00' },
  { id: 'label-2', trackingNumber: 'ASY0000000000002', parcelNumber: 2, insuredValue: '25000.00' },
  { id: 'label-3', trackingNumber: 'ASY0000000000003', parcelNumber: 3, insuredValue: '10123.45' },
];
const label = { id: 'label-1', trackingNumber: 'ASY0000000000001', direction: 'inbound' };

describe('one label per parcel (issue 27 item 1)', () => {
  test('worth above the limit: a "Print label" for each parcel, its insured value, and how to split the items', () => {
    renderWithApp(
      <SubmissionDetailView
        detail={aSubmissionDetail({ status: 'new', parcelCount: 3, declaredValue: '60123.45', label, parcels })}
        onPrintLabel={() => {}}
      />,
    );
    const section = screen.getByRole('region', { name: '3 parcels, one label each' });
    expect(within(section).getByRole('note').textContent).toBe(
      "Your items are worth more than one parcel can be insured for, so they go in 3 parcels. Split the items so that each parcel holds no more than the value it is insured for, and put each parcel's packing slip (page 2 of its label) inside it.",
    );
    const rows = within(section).getAllByTestId('parcel-label');
    expect(rows.map((row) => row.querySelector('p')?.textContent)).toEqual([
      'Parcel 1 of 3, insured for $25,000.00',
      'Parcel 2 of 3, insured for $25,000.00',
      'Parcel 3 of 3, insured for $10,123.45',
    ]);
    for (const parcel of parcels) {
      const link = within(section).getByRole('link', { name: `Print label for parcel ${parcel.parcelNumber} of 3` });
      expect(link.getAttribute('href')).toBe(`/api/shipping/labels/${parcel.id}/pdf`);
      expect(link.getAttribute('download')).toBe(`shipping-label-${parcel.trackingNumber}.pdf`);
      expect(link.textContent).toBe('Print label');
    }
  });

  test('once the parcels are on their way: their tracking numbers, nothing to print', () => {
    renderWithApp(<SubmissionDetailView detail={aSubmissionDetail({ status: 'appraising', parcelCount: 3, label, parcels })} />);
    const section = screen.getByRole('region', { name: '3 parcels, one label each' });
    expect(within(section).getAllByTestId('parcel-label')).toHaveLength(3);
    expect(within(section).getByText('ASY0000000000003')).toBeTruthy();
    expect(within(section).queryByRole('link')).toBeNull();
    expect(within(section).queryByRole('note')).toBeNull();
  });

  test('one parcel: the one label as before, no parcel list', () => {
    renderWithApp(
      <SubmissionDetailView
        detail={aSubmissionDetail({ status: 'new', label, parcels: parcels.slice(0, 1) })}
        onPrintLabel={() => {}}
      />,
    );
    expect(screen.queryByRole('region', { name: /parcels, one label each/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'Download shipping label' }).getAttribute('href')).toBe(
      '/api/shipping/labels/label-1/pdf',
    );
  });
});
