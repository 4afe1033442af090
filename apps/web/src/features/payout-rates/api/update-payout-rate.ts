import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ItemType, PayoutRateView } from '@assay/domain';
import { api } from '@/lib/api';
import { payoutRatesQueryKey } from './get-payout-rates';

export interface UpdatePayoutRateVariables {
  itemType: ItemType;
  /** Already checked with payoutRateInputSchema: "80.00". */
  minPercent: string;
  maxPercent: string;
}

/** PUT /api/admin/payout-rates/{itemType} (appraisers): a new rate, kept in history and audited. */
export function updatePayoutRate({ itemType, minPercent, maxPercent }: UpdatePayoutRateVariables): Promise<PayoutRateView> {
  return api.PUT('/api/admin/payout-rates/{itemType}', { params: { path: { itemType } }, body: { minPercent, maxPercent } });
}

/** On success the rates and their history refetch (the editor, the landing page, the calculator). */
export function useUpdatePayoutRate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePayoutRate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: payoutRatesQueryKey }),
  });
}
