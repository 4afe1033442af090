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
