// PUT /api/submissions/{id}/reserve (decision 040): only the seller, only before the offer.
import { centsToDecimalString, reserveMessages, type SetReserveBody } from '@assay/domain';
import { type Actor, ownedBy } from '../../access/actor.ts';
import type { AppContext } from '../../context.ts';
import { conflict } from '../../lib/app-error.ts';
import { writeAuditEntry } from '../audit/index.ts';
import { checkedReserve } from './seller-reserve.ts';
import { updateSubmissionIf } from './submission-status.repository.ts';
import { imageIdsBySubmission, lockSubmission } from './submissions.repository.ts';
import { submissionMessages, toSubmissionDto } from './submissions.service.ts';

/** The seller sets, changes or removes (null) their reserve; once an offer exists, 409. */
export async function setReserve(ctx: AppContext, actor: Actor, id: string, body: SetReserveBody) {
  const row = await ctx.db.transaction(async (tx) => {
    const submission = ownedBy(actor, await lockSubmission(tx, id), 'Submission', submissionMessages.ownerOnly);
    if (submission.status !== 'new' && submission.status !== 'appraising') throw conflict(reserveMessages.onlyBeforeOffer);
    const reserve = checkedReserve(body, submission.preliminaryQuoteMax);
    const updated = await updateSubmissionIf(tx, submission.id, { status: submission.status }, reserve);
    if (!updated) throw conflict(reserveMessages.onlyBeforeOffer);
    await writeAuditEntry(tx, {
      actorId: actor.id,
      entityType: 'submission',
      entityId: submission.id,
      action: 'reserve_set',
      changes: { reserve: reserve.reserve === null ? null : centsToDecimalString(reserve.reserve) },
    });
    return updated;
  });
  const images = await imageIdsBySubmission(ctx.db, [id]);
  return toSubmissionDto(row, images.get(id) ?? [], actor);
}
