// What a PUT /api/submissions/{id} body asks for (SPEC 7), as one named appraisal command. The
// body has six meanings (offer, receive, return, mark the return delivered, notes only, or a move
// nobody may make here);
// naming them first lets update-submission.ts run exactly one handler, and lets this rule be tested alone.
import {
  type AdminUpdateSubmissionBody,
  intakeMessages,
  type OfferLineBody,
  type SubmissionStatus,
  validationMessages,
} from '@assay/domain';
import { badRequest } from '../../lib/app-error.ts';

export type UpdateCommand =
  | { name: 'offer'; finalOffer: string; actualWeight: number }
  /** An itemised offer: the lines make the total; finalOffer, when sent, must be their sum. */
  | { name: 'itemisedOffer'; offerLines: OfferLineBody[]; finalOffer?: string; actualWeight?: number }
  | { name: 'receive'; intakePhotoIds: string[] }
  /** 'returning': send the item back (a parcel that never came is closed, as by POST .../return). */
  | { name: 'return' }
  /**
   * 'returned': the target status itself. A returning item was delivered back; a submission whose
   * parcel never came is closed; an item Assay still holds is refused (it must be returned first).
   */
  | { name: 'markReturned' }
  | { name: 'editNotes' }
  /** 'completed' (only a recorded payout completes), 'new' (nothing moves back) or the same status. */
  | { name: 'refuseMove'; to: SubmissionStatus };

export type UpdateCommandName = UpdateCommand['name'];

/** The command a body means; a 400 with a sentence for a body that means nothing coherent. */
export function updateCommandOf(body: AdminUpdateSubmissionBody): UpdateCommand {
  const hasOfferFields = body.finalOffer !== undefined || body.actualWeight !== undefined || body.offerLines !== undefined;
  const to = body.status ?? (hasOfferFields ? 'offered' : undefined);
  if (hasOfferFields && to !== 'offered') {
    throw badRequest('A final offer and actual weight can only be sent with status "offered".');
  }
  if (body.intakePhotoIds !== undefined && body.intakePhotoIds.length > 0 && to !== 'appraising') {
    throw badRequest(intakeMessages.onlyWhenReceiving);
  }
  switch (to) {
    case undefined:
      return { name: 'editNotes' };
    case 'offered':
      if (body.offerLines !== undefined) {
        return {
          name: 'itemisedOffer',
          offerLines: body.offerLines,
          ...(body.finalOffer !== undefined ? { finalOffer: body.finalOffer } : {}),
          ...(body.actualWeight !== undefined ? { actualWeight: body.actualWeight } : {}),
        };
      }
      if (body.finalOffer === undefined || body.actualWeight === undefined) throw badRequest(validationMessages.offerAndWeight);
      return { name: 'offer', finalOffer: body.finalOffer, actualWeight: body.actualWeight };
    case 'appraising':
      return { name: 'receive', intakePhotoIds: body.intakePhotoIds ?? [] };
    case 'returning':
      return { name: 'return' };
    case 'returned':
      return { name: 'markReturned' };
    case 'new':
    case 'completed':
      return { name: 'refuseMove', to };
  }
}
