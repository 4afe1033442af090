// The appraiser's internal notes: never written to the audit log or a notification.
import type { Actor } from '../../access/actor.ts';
import type { DbOrTx } from '../../db/client.ts';
import { writeAuditEntry } from '../audit/index.ts';
import type { SubmissionChanges, SubmissionRow } from '../submissions/index.ts';
import { applyEdit, submissionAudit } from './submission-change.ts';

/** Notes are internal; an empty text clears them. */
export function notesChange(notes: string | null | undefined): SubmissionChanges {
  if (notes === undefined) return {};
  return { adminNotes: notes ? notes : null };
}

/** Notes only: no status change, so no audit of the text and nothing for the client. */
export async function editNotesIn(tx: DbOrTx, actor: Actor, row: SubmissionRow, notes: SubmissionChanges, version?: number) {
  const edited = await applyEdit(tx, row, notes, version);
  await writeAuditEntry(tx, { ...submissionAudit(actor, row), action: 'notes_updated', changes: { notesEdited: true } });
  return edited;
}
