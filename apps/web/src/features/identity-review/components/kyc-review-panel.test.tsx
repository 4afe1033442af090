import { http, HttpResponse } from 'msw';
import { describe, expect, test } from 'vitest';
import { screen } from '@testing-library/react';
import type { AdminKycRecord } from '@assay/domain';
import { server } from '@/testing/msw';
import { renderWithApp } from '@/testing/render';
import { KycReviewPanel } from './kyc-review-panel';

const pending: AdminKycRecord = {
  id: 'kyc-1',
  userId: 'user-00001234',
  customerLabel: 'Customer #1234',
  status: 'pending',
  fullName: 'John Doe',
  dateOfBirth: '1970-01-01',
  idType: 'passport',
  idNumberLast4: '1234',
  idIssuer: 'GB',
  idImageUrl: null,
  reviewedBy: null,
  reviewedByName: null,
  reviewedAt: null,
  rejectionReason: null,
  createdAt: '2026-11-24T08:00:00.000Z',
};

describe('identity review and sanctions screening', () => {
  test('an approval whose name is a possible sanctions match tells the reviewer the payouts are held', async () => {
    const message =
      "The name on this ID is a possible match on the OFAC SDN list (DOE, John, 100%). The seller's payouts are held.";
    server.use(
      http.get('/api/admin/kyc', () => HttpResponse.json([pending])),
      http.post('/api/admin/kyc/kyc-1/review', () =>
        HttpResponse.json({
          ...pending,
          status: 'approved',
          sanctionsScreening: { status: 'possible-match', message, matches: [] },
        }),
      ),
    );
    const { user } = renderWithApp(<KycReviewPanel />);
    await user.click(await screen.findByRole('button', { name: 'Approve the identity of John Doe (Customer #1234)' }));
    expect(await screen.findByText('Identity verified, but payouts are held')).toBeTruthy();
    expect(screen.getByText(message)).toBeTruthy();
    expect(screen.queryByText('Identity verified')).toBeNull();
  });
});
