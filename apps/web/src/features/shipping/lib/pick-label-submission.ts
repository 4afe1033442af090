import type { Submission } from '@assay/domain';

/**
 * The submission the 1-click button labels (DECISIONS "Shipping labels"): the most recent one
 * still with the seller (new). Never one Assay already holds (DECISIONS "Returning", issue 11:
 * the seller is never told to print a label for an item that is with us). Null when there is none.
 */
export function pickLabelSubmission<S extends Pick<Submission, 'status' | 'createdAt'>>(submissions: readonly S[]): S | null {
  let best: S | null = null;
  for (const submission of submissions) {
    if (submission.status !== 'new') continue;
    if (!best || new Date(submission.createdAt).getTime() > new Date(best.createdAt).getTime()) best = submission;
  }
  return best;
}
