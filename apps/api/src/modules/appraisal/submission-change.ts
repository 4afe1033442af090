// What every appraiser's command does to the submission it changes: lock it first, edit it only
// if nobody else did, name it on the audit entry, and say when it is no longer open.
import { adminMessages, statusBadgeLabel } from '@assay/domain';
import type { Actor } from '../../access/actor.ts';
import type { DbOrTx } from '../../db/client.ts';
import { conflict, notFound } from '../../lib/app-error.ts';
import {
  findSubmissionRow,
  lockSubmissionRow,
  type SubmissionChanges,
  type SubmissionRow,
  updateSubmissionIf,
} from '../submissions/index.ts';

/**
 * A change that keeps the status (the notes): written only if the row still has the status and
 * version that were read; a lost race is someone else's edit. Status changes go through the gate
 * (transitionSubmission), which explains its own refusals.
 */
export async function applyEdit(tx: DbOrTx, row: SubmissionRow, changes: SubmissionChanges, version?: number) {
  if (version !== undefined && version !== row.version) throw conflict(adminMessages.staleVersion);
  const updated = await updateSubmissionIf(tx, row.id, { status: row.status, version }, changes);
  if (updated) return updated;
  if (!(await findSubmissionRow(tx, row.id))) throw notFound('Submission');
  throw conflict(adminMessages.staleVersion);
}

/**
 * The submission row, locked for the rest of the transaction: every transaction that changes a
 * submission or the rows that hang off it (offers, payouts) locks the submission first, so two of
 * them queue up on it instead of each holding what the other waits for (decision 024).
 */
export async function loadForChange(tx: DbOrTx, id: string) {
  const row = await lockSubmissionRow(tx, id);
  if (!row) throw notFound('Submission');
  return row;
}

export const submissionAudit = (actor: Actor, row: SubmissionRow) => ({
  actorId: actor.id,
  entityType: 'submission' as const,
  entityId: row.id,
});

export function notOpen(what: string, status: string) {
  return conflict(`${what} can only be asked for while a submission is open; this one is "${statusBadgeLabel(status)}".`);
}
