import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GemItemType, PricingRow } from '@assay/domain';
import { api } from '@/lib/api';
import { invalidatePricingQueries } from './pricing-queries';

export interface UpdateGemPriceVariables {
  itemType: GemItemType;
  /** Already checked with gemPricePerCaratSchema: "1500.00". */
  pricePerCarat: string;
}

/** PUT /api/pricing/{itemType} (admins, gems only): a new per-carat reference price, kept in history. */
export function updateGemPrice({ itemType, pricePerCarat }: UpdateGemPriceVariables): Promise<PricingRow> {
  return api.PUT('/api/pricing/{itemType}', { params: { path: { itemType } }, body: { pricePerCarat } });
}

/** On success every pricing query refetches (the table, the calculator, the charts, the status). */
export function useUpdateGemPrice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateGemPrice,
    onSuccess: () => invalidatePricingQueries(queryClient),
  });
}
