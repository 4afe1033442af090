import { isPendingStatus, type Submission } from '@assay/domain';

/**
 * The submission the 1-click button labels (DECISIONS "Shipping labels"): the most recent one
 * still waiting for appraisal (new or appraising). Null when there is none.
 */
export function pickLabelSubmission<S extends Pick<Submission, 'status' | 'createdAt'>>(submissions: readonly S[]): S | null {
  let best: S | null = null;
  for (const submission of submissions) {
    if (!isPendingStatus(submission.status)) continue;
    if (!best || new Date(submission.createdAt).getTime() > new Date(best.createdAt).getTime()) best = submission;
  }
  return best;
}
