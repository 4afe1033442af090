import type { ReserveState } from '@assay/domain';
import { formatDateTime, formatDollars } from '@/lib/format';
import { cn } from '@/lib/utils';

/**
 * What the appraiser must know of the seller's reserve before offering (decision 040): an offer at
 * or above it is accepted for the seller, below it the parcel goes back free.
 */
export function SellerReserveNote({ reserve, className }: { reserve: ReserveState | null | undefined; className?: string }) {
  if (!reserve) return null;
  const amount = formatDollars(reserve.amount);
  return (
    <p role="note" className={cn('rounded-md border border-gold-200 bg-gold-50 p-3 text-sm text-navy-900', className)}>
      <span className="font-medium">Seller&apos;s reserve: {amount}</span>
      {reserve.declineUntil
        ? `: met, the offer was accepted for them; they may decline until ${formatDateTime(reserve.declineUntil)}.`
        : ': an offer at or above it is accepted for them; below it, the parcel goes back free.'}
    </p>
  );
}
