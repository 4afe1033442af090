import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { TaxYearReport } from '@assay/domain';
import { api } from '@/lib/api';
import { downloadAttachment } from '@/lib/attachment-download';
import { queryKeys } from '@/lib/query-keys';

export const taxYearCsvHref = (year: number) => `/api/admin/tax-reporting/sellers.csv?year=${year}`;

/** GET: the sellers paid at least the threshold in `year`, with their totals. */
export function useTaxYearReport(year: number) {
  return useQuery(
    queryOptions({
      queryKey: [...queryKeys.admin.compliance, 'tax-year', year] as const,
      queryFn: ({ signal }): Promise<TaxYearReport> =>
        api.GET('/api/admin/tax-reporting/sellers', { params: { query: { year } }, signal }),
      placeholderData: keepPreviousData,
    }),
  );
}

/** GET the year's list with full addresses (CSV) and save it; answers the file's name. */
export function useDownloadTaxYearCsv() {
  return useMutation({ mutationFn: (year: number) => downloadAttachment(taxYearCsvHref(year), `assay-sellers-${year}.csv`) });
}
