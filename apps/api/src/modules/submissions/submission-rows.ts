// What other modules may read of a submission inside their own transaction: the row, read or
// locked, and its photos. Its own file (not the service) so the modules the service reads from can
// use it too.
import type { DbOrTx } from '../../db/client.ts';
import { findSubmissionById, imageIdsBySubmission, lockSubmission, photoIdsOfRow } from './submissions.repository.ts';

export type { SubmissionRow } from './submissions.repository.ts';

export function findSubmissionRow(db: DbOrTx, id: string) {
  return findSubmissionById(db, id);
}

/** Locked until the caller's transaction ends, so concurrent changes to it queue up. */
export function lockSubmissionRow(tx: DbOrTx, id: string) {
  return lockSubmission(tx, id);
}

/** Item photo ids per submission, in slot order, as the submission's answer lists them. */
export function photoIdsOfSubmissions(db: DbOrTx, submissionIds: string[]) {
  return imageIdsBySubmission(db, submissionIds);
}

/** A column for a select from submissions: the row's item photo ids, as photoIdsOfSubmissions gives them. */
export const photoIdsColumn = photoIdsOfRow;
