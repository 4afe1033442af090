// What other modules may read or change of the labels: a submission's labels for its answer, and
// the sender of sample labels when the client corrects the address. Its own file (not the service)
// so the modules the service reads from can use it too.
import type { ShippingAddress } from '@assay/domain';
import type { DbOrTx } from '../../db/client.ts';
import { listLabelsOfSubmission, updateSenderOfUnshippedSampleLabels } from './shipping-labels.repository.ts';

/** The submission's labels (inbound, return), oldest first, as a summary. */
export function labelsOfSubmission(db: DbOrTx, submissionId: string) {
  return listLabelsOfSubmission(db, submissionId);
}

/** The client's sample labels of parcels not yet received take the corrected sender. */
export function followCorrectedSender(tx: DbOrTx, userId: string, sender: ShippingAddress) {
  return updateSenderOfUnshippedSampleLabels(tx, userId, sender);
}
