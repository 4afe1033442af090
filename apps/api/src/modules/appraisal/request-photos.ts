// The appraiser asks the client for more photos.
import { isOpenStatus } from '@assay/domain';
import { type Actor, assertAppraiser } from '../../access/actor.ts';
import type { AppContext } from '../../context.ts';
import { writeAuditEntry } from '../audit/index.ts';
import { notificationContent, notify } from '../notifications/index.ts';
import { loadForChange, submissionAudit, notOpen } from './submission-change.ts';

/** Tells the client to add photos (DECISIONS: they may, up to 4 in all). Nothing else changes. */
export async function requestPhotos(ctx: AppContext, actor: Actor, { id, message }: { id: string; message?: string }) {
  assertAppraiser(actor);
  return ctx.db.transaction(async (tx) => {
    const row = await loadForChange(tx, id);
    if (!isOpenStatus(row.status)) throw notOpen('More photos', row.status);
    await writeAuditEntry(tx, {
      ...submissionAudit(actor, row),
      action: 'photos_requested',
      changes: message ? { message } : null,
    });
    await notify(tx, {
      userId: row.userId,
      submissionId: row.id,
      email: true,
      ...notificationContent.photosRequested({ submissionId: row.id, note: message }),
    });
    return row;
  });
}
