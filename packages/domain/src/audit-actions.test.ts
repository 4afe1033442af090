import { describe, expect, it } from 'vitest';
import { appraiserHistoryLabel, auditActionNames, auditActions, clientTimelineLabel, isAuditAction } from './audit-actions.ts';

describe('the audit action list', () => {
  it('gives every action an appraiser label, and a client label or a reason to keep it internal', () => {
    for (const action of auditActionNames) {
      expect(appraiserHistoryLabel(action)).toMatch(/^[A-Z]/);
      const client = clientTimelineLabel(action);
      expect(client === null || /^[A-Z]/.test(client)).toBe(true);
    }
  });

  it('keeps internal notes, ID checks and bank-detail views off the client timeline', () => {
    for (const action of ['notes_updated', 'kyc_submitted', 'kyc_approved', 'kyc_rejected', 'bank_details_viewed'] as const) {
      expect(auditActions[action].client).toBeNull();
    }
    expect(clientTimelineLabel('offer_submitted')).toBe('Offer ready');
  });

  it('shows an action this build does not know in raw form to appraisers and hides it from clients', () => {
    expect(isAuditAction('system_note')).toBe(false);
    expect(isAuditAction('toString')).toBe(false);
    expect(appraiserHistoryLabel('system_note')).toBe('system note');
    expect(clientTimelineLabel('system_note')).toBeNull();
  });
});
