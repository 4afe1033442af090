// The item shipped back reached the client: the appraiser's "return delivered" command, and the
// carrier's delivered event (modules/webhooks) through recordReturnDelivered.
import { type Actor, assertAppraiser } from '../../access/actor.ts';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { writeAuditEntry } from '../audit/index.ts';
import { notificationContent, notify } from '../notifications/index.ts';
import { type SubmissionChanges, type SubmissionRow, transitionSubmission } from '../submissions/index.ts';
import { loadForChange } from './submission-change.ts';

/**
 * returning -> returned: the item shipped back reached the client. An appraiser says so (actorId),
 * or the carrier's tracking does (actorId null, from the webhook inbox's job); the same entry and
 * message either way.
 */
export async function recordReturnDelivered(
  tx: DbOrTx,
  at: Date,
  actorId: string | null,
  row: SubmissionRow,
  extra: SubmissionChanges = {},
  version?: number,
) {
  const updated = await transitionSubmission(tx, {
    id: row.id,
    transition: 'markReturnDelivered',
    version,
    changes: { ...extra, returnDeliveredAt: at },
  });
  await writeAuditEntry(tx, {
    actorId,
    entityType: 'submission',
    entityId: row.id,
    action: 'return_delivered',
    fromStatus: row.status,
    toStatus: 'returned',
    changes: row.returnTrackingNumber ? { trackingNumber: row.returnTrackingNumber } : null,
  });
  await notify(tx, {
    userId: row.userId,
    submissionId: row.id,
    email: true,
    ...notificationContent.returnDelivered({ submissionId: row.id, trackingNumber: row.returnTrackingNumber }),
  });
  return updated;
}

export function markReturnDeliveredIn(
  tx: DbOrTx,
  ctx: AppContext,
  actor: Actor,
  row: SubmissionRow,
  extra: SubmissionChanges,
  version?: number,
) {
  return recordReturnDelivered(tx, ctx.clock.now(), actor.id, row, extra, version);
}

/** POST /api/admin/submissions/{id}/return-delivered: returning -> returned, the seller is told. */
export async function markReturnDelivered(ctx: AppContext, actor: Actor, { id }: { id: string }) {
  assertAppraiser(actor);
  return ctx.db.transaction(async (tx) => markReturnDeliveredIn(tx, ctx, actor, await loadForChange(tx, id), {}));
}
