import { describe, expect, test } from 'vitest';
import { screen } from '@testing-library/react';
import { aSubmissionDetail, aTransaction } from '@/testing/fixtures';
import { renderWithApp } from '@/testing/render';
import { SubmissionDetailView } from './submission-detail';

describe('a completed submission says where its payout is', () => {
  test('paid: the state replaces "recorded", and the payout card says it too', () => {
    renderWithApp(
      <SubmissionDetailView
        detail={aSubmissionDetail({
          status: 'completed',
          transaction: aTransaction({ status: 'paid', reference: 'ACH-0412', statusChangedAt: '2026-11-23T15:00:00.000Z' }),
        })}
      />,
    );
    expect(screen.getByText('Sale completed. Paid Nov 23 by ACH, reference ACH-0412.')).toBeTruthy();
    expect(screen.getByTestId('payout-state').textContent).toBe('Paid Nov 23 by ACH, reference ACH-0412.');
  });
});

describe('the goodwill of the guaranteed floor (decision 036)', () => {
  const shortfall = { kind: 'shortfall' as const, floor: '382.50', movedFloor: '382.50', goodwill: '25.00', effects: [] };

  test('paid with the offer: "Offer + goodwill = total" on the payout', () => {
    renderWithApp(
      <SubmissionDetailView
        detail={aSubmissionDetail({
          status: 'completed',
          transaction: aTransaction({ grossAmount: '360.00', goodwillAmount: '25.00', amount: '385.00' }),
        })}
      />,
    );
    expect(screen.getByTestId('payout-goodwill').textContent).toBe('Offer $360.00 + goodwill $25.00 = $385.00');
  });

  test('declined: the claim is offered until the goodwill has its payout', () => {
    const declined = aSubmissionDetail({ status: 'returning', floorJudgement: shortfall, transaction: null });
    const { unmount } = renderWithApp(
      <SubmissionDetailView detail={declined} goodwillClaim={(goodwill) => <p>Claim {goodwill}</p>} />,
    );
    expect(screen.getByText('Claim 25.00')).toBeTruthy();
    unmount();
    renderWithApp(
      <SubmissionDetailView
        detail={{ ...declined, transaction: aTransaction({ grossAmount: '0.00', goodwillAmount: '25.00', amount: '25.00' }) }}
        goodwillClaim={(goodwill) => <p>Claim {goodwill}</p>}
      />,
    );
    expect(screen.queryByText('Claim 25.00')).toBeNull();
    expect(screen.getByTestId('payout-goodwill').textContent).toBe(
      'Goodwill $25.00: the offer you declined was below your guaranteed floor.',
    );
  });
});
