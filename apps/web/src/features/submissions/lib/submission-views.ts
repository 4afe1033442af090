import type { Submission } from '@assay/domain';
import { clientPaths } from '@/lib/client-paths';

export const submissionPath = clientPaths.submission;

export function newestFirst(a: Pick<Submission, 'createdAt'>, b: Pick<Submission, 'createdAt'>): number {
  return new Date(b.createdAt).getTime() - new Date(a.createdAt).getTime();
}

/** One sentence on what happens next, per status. */
export function nextStepText(submission: Pick<Submission, 'status' | 'finalOffer'>): string {
  switch (submission.status) {
    case 'new':
      return 'Next: print your prepaid, insured label and send us your item.';
    case 'appraising':
      return 'We have your item. An expert is appraising it now.';
    case 'offered':
      return submission.finalOffer
        ? 'Your final offer is ready: accept it, consign, or decline.'
        : 'Your final offer is being prepared.';
    case 'completed':
      return 'Sale completed. Your payout has been recorded.';
    case 'returning':
      return 'We are shipping it back to you, fully insured.';
    case 'returned':
      return 'Your item has been delivered back to you.';
    default:
      return '';
  }
}
