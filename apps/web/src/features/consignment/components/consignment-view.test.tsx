import { describe, expect, test } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderWithApp } from '@/testing/render';
import { ConsignmentView } from './consignment-view';

const rowOf = (table: HTMLElement, label: string) =>
  within(table).getByRole('rowheader', { name: label }).closest('tr')!.textContent?.replace(/\s+/g, ' ');

describe('the consignment view', () => {
  test("estimates the seller's own item beside our direct offer: tier, fee, premium and what they keep", () => {
    renderWithApp(<ConsignmentView submissionId="s1" status="offered" consignmentRequestedAt={null} finalOffer="612.00" />);
    const region = screen.getByRole('region', { name: 'Your item on consignment: an estimate' });
    expect(region.textContent).toContain('Our direct offer for it is $612.00');
    const table = within(region).getByRole('table');
    expect(rowOf(table, 'If it sells for')).toContain('$734.40$900.00');
    expect(rowOf(table, 'Commission (its tier)')).toContain('15%: $110.16');
    expect(rowOf(table, 'Commission (its tier)')).toContain('15%: $135.00');
    expect(rowOf(table, 'Listing prep fee')).toContain('$25.00$25.00');
    expect(rowOf(table, 'You would receive')).toContain('$599.24$740.00');
    expect(rowOf(table, 'The buyer also pays (18% premium)')).toContain('$132.19$162.00');
    // SPEC's static example stays below it.
    expect(screen.getByText('Direct purchase payout (example)')).toBeTruthy();
  });

  test('shows no estimate before there is an offer', () => {
    renderWithApp(<ConsignmentView submissionId="s1" status="appraising" consignmentRequestedAt={null} finalOffer={null} />);
    expect(screen.queryByRole('region', { name: /Your item on consignment/ })).toBeNull();
    expect(screen.getByText('A consignment sale can be chosen once we have sent you a final offer.')).toBeTruthy();
  });
});
