// The appraiser's "receive" command: the parcel arrived (DECISIONS "Submissions and their life").
import { guaranteeDeadlineFrom } from '@assay/domain';
import { type Actor, assertAppraiser } from '../../access/actor.ts';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { writeAuditEntry } from '../audit/index.ts';
import { complianceAtReceipt } from '../compliance/index.ts';
import { placeReceivedItems } from '../custody/index.ts';
import { notificationContent, notify } from '../notifications/index.ts';
import { lockParcelPrices } from '../shipping-labels/index.ts';
import { type SubmissionChanges, type SubmissionRow, transitionSubmission } from '../submissions/index.ts';
import { attachIntakePhotos } from '../uploads/index.ts';
import { loadForChange, submissionAudit } from './submission-change.ts';

/**
 * new -> appraising: the parcel arrived; the 48-hour guarantee restarts from now. The appraiser's
 * intake photos (DECISIONS "Intake evidence") are attached in the same transaction and named on
 * the "received" entry, which is where the seller's timeline shows them.
 */
export async function receiveIn(
  tx: DbOrTx,
  ctx: AppContext,
  actor: Actor,
  row: SubmissionRow,
  extra: SubmissionChanges,
  options: { version?: number; intakePhotoIds?: readonly string[] } = {},
) {
  const now = ctx.clock.now();
  const guaranteeDeadline = guaranteeDeadlineFrom(now);
  const intakePhotoIds = [...(options.intakePhotoIds ?? [])];
  // DECISIONS "Compliance": the rule is fixed the day the parcel arrives, with the hold it starts.
  const compliance = await complianceAtReceipt(tx, ctx.config, row.userId, now);
  const updated = await transitionSubmission(tx, {
    id: row.id,
    transition: 'receive',
    version: options.version,
    changes: { ...extra, receivedAt: now, guaranteeDeadline, ...compliance },
  });
  await attachIntakePhotos(tx, actor, row.id, intakePhotoIds);
  // Custody (issue 28 item 2): every item of the parcel is in the vault, tagged, from this moment.
  await placeReceivedItems(tx, actor, row.id);
  await writeAuditEntry(tx, {
    ...submissionAudit(actor, row),
    action: 'received',
    fromStatus: row.status,
    toStatus: 'appraising',
    changes: {
      guaranteeDeadline: guaranteeDeadline.toISOString(),
      rulesVersion: compliance.complianceRule.rulesVersion,
      ruleCodes: [...compliance.complianceRule.codes],
      holdUntil: compliance.holdUntil.toISOString(),
      ...(intakePhotoIds.length > 0 ? { intakePhotoIds } : {}),
    },
  });
  // A parcel no carrier scan reached us for (a label bought elsewhere, the sample carrier) is first
  // scanned here; one the carrier scanned keeps its lock.
  await lockParcelPrices(tx, row.id, now, ctx.config.lockDays);
  await notify(tx, {
    userId: row.userId,
    submissionId: row.id,
    email: true,
    ...notificationContent.submissionReceived({ submissionId: row.id }),
  });
  return updated;
}

export async function receiveSubmission(
  ctx: AppContext,
  actor: Actor,
  { id, intakePhotoIds }: { id: string; intakePhotoIds?: readonly string[] },
) {
  assertAppraiser(actor);
  return ctx.db.transaction(async (tx) => receiveIn(tx, ctx, actor, await loadForChange(tx, id), {}, { intakePhotoIds }));
}
