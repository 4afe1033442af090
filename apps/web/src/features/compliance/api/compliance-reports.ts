import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { policeReportFileName, type ReportDay } from '@assay/domain';
import { api } from '@/lib/api';
import { downloadAttachment } from '@/lib/attachment-download';
import { queryKeys } from '@/lib/query-keys';

export const policeReportHref = (date: string) => `/api/admin/compliance/police-report?date=${encodeURIComponent(date)}`;

/** GET: the business's today (BUSINESS_TIME_ZONE), the report form's first date. */
export function useReportDay() {
  return useQuery(
    queryOptions({
      queryKey: [...queryKeys.admin.compliance, 'report-day'] as const,
      queryFn: ({ signal }): Promise<ReportDay> => api.GET('/api/admin/compliance/report-day', { signal }),
      staleTime: 60_000,
    }),
  );
}

/** GET the day's police report (CSV) and save it; answers the file's name. */
export function useDownloadPoliceReport() {
  return useMutation({ mutationFn: (date: string) => downloadAttachment(policeReportHref(date), policeReportFileName(date)) });
}
