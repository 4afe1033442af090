import { RefreshCw } from 'lucide-react';
import { toast } from 'sonner';
import { PRICING_REFRESH_FAILED_MESSAGE, PRICING_UPDATED_MESSAGE } from '@assay/domain';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/utils';
import { Button } from '@/components/ui/button';
import { useRefreshPricing } from '../api/refresh-pricing';

const [updatedTitle, updatedDescription] = PRICING_UPDATED_MESSAGE.split(' - ');

/** SPEC "Admin mailbox": 'Refresh Pricing', with SPEC 8's success and failure messages. */
export function RefreshPricingButton() {
  const refresh = useRefreshPricing();
  return (
    <Button
      variant="outline"
      disabled={refresh.isPending}
      onClick={() =>
        refresh.mutate(undefined, {
          onSuccess: () => toast.success(updatedTitle ?? PRICING_UPDATED_MESSAGE, { description: updatedDescription }),
          onError: (err) => toast.error(errorMessage(err, PRICING_REFRESH_FAILED_MESSAGE)),
        })
      }
    >
      <RefreshCw aria-hidden="true" className={cn(refresh.isPending && 'animate-spin')} />
      {refresh.isPending ? 'Refreshing…' : 'Refresh Pricing'}
    </Button>
  );
}
