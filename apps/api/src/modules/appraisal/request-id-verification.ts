// The appraiser asks the client to verify their identity before the payout.
import { isOpenStatus } from '@assay/domain';
import { type Actor, assertAppraiser } from '../../access/actor.ts';
import type { AppContext } from '../../context.ts';
import { conflict } from '../../lib/app-error.ts';
import { writeAuditEntry } from '../audit/index.ts';
import { latestKycRecord } from '../compliance/index.ts';
import { notificationContent, notify } from '../notifications/index.ts';
import { kycNotYetRequested, updateSubmissionIf } from '../submissions/index.ts';
import { loadForChange, submissionAudit, notOpen } from './submission-change.ts';

/**
 * Sets requiresKyc so the payout waits for a verified identity, and tells the client. Asking
 * again while the flag is set changes nothing and sends nothing (a double-click is harmless).
 */
export async function requestIdVerification(ctx: AppContext, actor: Actor, { id }: { id: string }) {
  assertAppraiser(actor);
  return ctx.db.transaction(async (tx) => {
    const row = await loadForChange(tx, id);
    if (!isOpenStatus(row.status)) throw notOpen('ID verification', row.status);
    const kyc = await latestKycRecord(tx, row.userId);
    if (kyc?.status === 'approved') throw conflict("This customer's identity is already verified.");
    if (row.requiresKyc) return row;
    const updated = await updateSubmissionIf(tx, row.id, { status: row.status }, { requiresKyc: true }, [kycNotYetRequested]);
    if (!updated) {
      const current = await loadForChange(tx, id);
      if (current.requiresKyc) return current;
      throw notOpen('ID verification', current.status);
    }
    await writeAuditEntry(tx, {
      ...submissionAudit(actor, row),
      action: 'id_verification_requested',
      changes: { requiresKyc: true },
    });
    await notify(tx, {
      userId: row.userId,
      submissionId: row.id,
      email: true,
      ...notificationContent.idVerificationRequested({ submissionId: row.id }),
    });
    return updated;
  });
}
