// SPEC 7's PUT is a dispatcher over the named commands (update-command.ts says which one a body
// means). Every command is one database transaction: a write through the status gate (or a
// conditional edit that keeps the status), an audit entry, and the client's notification.
import { adminMessages, type AdminUpdateSubmissionBody, canTransition, transitionErrorMessage } from '@assay/domain';
import { type Actor, assertAppraiser } from '../../access/actor.ts';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { conflict } from '../../lib/app-error.ts';
import type { SubmissionChanges, SubmissionRow } from '../submissions/index.ts';
import { type UpdateCommand, type UpdateCommandName, updateCommandOf } from './update-command.ts';
import { loadForChange } from './submission-change.ts';
import { receiveIn } from './receive-submission.ts';
import { returnIn } from './return-submission.ts';
import { markReturnDeliveredIn } from './record-return-delivered.ts';
import { offerIn, itemisedOfferIn } from './make-offer.ts';
import { notesChange, editNotesIn } from './edit-appraisal-notes.ts';

interface UpdateInput {
  tx: DbOrTx;
  ctx: AppContext;
  actor: Actor;
  row: SubmissionRow;
  notes: SubmissionChanges;
  version?: number;
}

/**
 * PUT status 'returned' names the target: a returning item is marked delivered, a parcel that
 * never came is closed; an item Assay still holds must go through returning (a 409 saying so).
 */
async function markReturnedIn(input: UpdateInput) {
  const { tx, ctx, actor, row, notes, version } = input;
  if (row.status === 'returning') return markReturnDeliveredIn(tx, ctx, actor, row, notes, version);
  if (row.status === 'new') return returnIn(tx, ctx, actor, row, notes, { version });
  if (version !== undefined && version !== row.version) throw conflict(adminMessages.staleVersion);
  if (row.status === 'appraising' || row.status === 'offered') {
    throw conflict('An item we hold is returned in two steps: send it back (status "returning"), then mark it delivered.');
  }
  throw conflict(transitionErrorMessage(row.status, 'returned'));
}

/** A move SPEC 7's PUT may not make: explained from the row as it is. */
function refuseMove(row: SubmissionRow, to: string, version?: number): never {
  if (version !== undefined && version !== row.version) throw conflict(adminMessages.staleVersion);
  if (to === 'completed' && canTransition(row.status, 'completed')) {
    throw conflict('A submission is completed when the client accepts the offer and the payout is recorded.');
  }
  throw conflict(transitionErrorMessage(row.status, to));
}

/** One handler per command name: adding a command without its handler does not compile. */
const updateHandlers: {
  [N in UpdateCommandName]: (input: UpdateInput, command: Extract<UpdateCommand, { name: N }>) => Promise<SubmissionRow>;
} = {
  offer: ({ tx, ctx, actor, row, notes, version }, c) => offerIn(tx, ctx, actor, row, { ...c, notes, version }),
  itemisedOffer: ({ tx, ctx, actor, row, notes, version }, c) => itemisedOfferIn(tx, ctx, actor, row, { ...c, notes, version }),
  receive: ({ tx, ctx, actor, row, notes, version }, c) =>
    receiveIn(tx, ctx, actor, row, notes, { version, intakePhotoIds: c.intakePhotoIds }),
  return: ({ tx, ctx, actor, row, notes, version }) => returnIn(tx, ctx, actor, row, notes, { version }),
  markReturned: (input) => markReturnedIn(input),
  editNotes: ({ tx, actor, row, notes, version }) => editNotesIn(tx, actor, row, notes, version),
  refuseMove: async ({ row, version }, c) => refuseMove(row, c.to, version),
};

function runUpdate<N extends UpdateCommandName>(input: UpdateInput, command: Extract<UpdateCommand, { name: N }>) {
  return updateHandlers[command.name as N](input, command);
}

/**
 * PUT /api/submissions/{id} (SPEC 7): the offer, receive, return, or a notes edit, by what the
 * body means (update-command.ts). 'completed' only happens when a payout is recorded.
 */
export async function updateSubmission(
  ctx: AppContext,
  actor: Actor,
  { id, ...body }: AdminUpdateSubmissionBody & { id: string },
) {
  assertAppraiser(actor);
  const command = updateCommandOf(body);
  const notes = notesChange(body.adminNotes);
  return ctx.db.transaction(async (tx) =>
    runUpdate({ tx, ctx, actor, row: await loadForChange(tx, id), notes, version: body.version }, command),
  );
}
