import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { policeReportFileName, type ReportDay } from '@assay/domain';
import { apiFetch, apiJson } from '@/lib/api-client';
import { saveBlob } from '@/lib/download';
import { adminKeys } from './admin-query-keys';

const COMPLIANCE = '/api/admin/compliance';

export const policeReportHref = (date: string) => `${COMPLIANCE}/police-report?date=${encodeURIComponent(date)}`;
export const sellerRecordsHref = (userId: string) => `${COMPLIANCE}/seller/${encodeURIComponent(userId)}/records`;

/** The name the server gave the attachment, else ours. */
function attachmentName(response: Response, fallback: string): string {
  const match = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '');
  return match?.[1] ?? fallback;
}

/**
 * Fetched rather than followed as a link: a refusal (a day to come, an unknown seller) then reads
 * as the server's sentence instead of a downloaded error page.
 */
async function download(href: string, fallbackName: string): Promise<string> {
  const response = await apiFetch(href, { headers: { Accept: 'text/csv, application/json' } });
  const fileName = attachmentName(response, fallbackName);
  saveBlob(await response.blob(), fileName);
  return fileName;
}

/** GET: the business's today (BUSINESS_TIME_ZONE), the report form's first date. */
export function useReportDay() {
  return useQuery(
    queryOptions({
      queryKey: [...adminKeys.all, 'compliance', 'report-day'] as const,
      queryFn: ({ signal }) => apiJson<ReportDay>(`${COMPLIANCE}/report-day`, { signal }),
      staleTime: 60_000,
    }),
  );
}

/** GET the day's police report (CSV) and save it; answers the file's name. */
export function useDownloadPoliceReport() {
  return useMutation({ mutationFn: (date: string) => download(policeReportHref(date), policeReportFileName(date)) });
}

/** GET one seller's records (JSON) and save them; answers the file's name. */
export function useExportSellerRecords() {
  return useMutation({ mutationFn: (userId: string) => download(sellerRecordsHref(userId), 'assay-seller-records.json') });
}
