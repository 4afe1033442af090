import type { SellerParcel, Submission } from '@assay/domain';
import { clientPaths } from '@/lib/client-paths';

export const submissionPath = clientPaths.submission;

export function newestFirst(a: Pick<Submission, 'createdAt'>, b: Pick<Submission, 'createdAt'>): number {
  return new Date(b.createdAt).getTime() - new Date(a.createdAt).getTime();
}

/** One sentence on what happens next, per status (and, before intake, where the carrier says the parcel is). */
export function nextStepText(
  submission: Pick<Submission, 'status' | 'finalOffer'> & { parcel?: Pick<SellerParcel, 'status'> | null },
): string {
  switch (submission.status) {
    case 'new':
      if (submission.parcel?.status === 'delivered') return 'Your parcel has reached us. Our appraiser opens it next.';
      if (submission.parcel?.status === 'in_transit' || submission.parcel?.status === 'out_for_delivery') {
        return 'Your parcel is on its way to us.';
      }
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
