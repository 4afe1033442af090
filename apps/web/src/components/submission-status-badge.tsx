import { Badge } from '@/components/ui/badge';
import { statusBadge } from '@/lib/display';

/** SPEC 4 badge: New, Appraising, Offer Ready, Completed, Returned, else the raw value or Unknown. */
export function SubmissionStatusBadge({ status }: { status: string | null | undefined }) {
  const { label, tone } = statusBadge(status);
  return (
    <Badge tone={tone} data-status={status ?? ''}>
      {label}
    </Badge>
  );
}
