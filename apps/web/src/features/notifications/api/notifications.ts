import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationList } from '@assay/domain';
import { api, type ApiAnswer } from '@/lib/api';

export const notificationsQueryKey = ['/api/notifications'] as const;
/** The bell checks for news every minute while a signed-in page is open. */
export const NOTIFICATIONS_REFRESH_MS = 60_000;

export function getNotifications(signal?: AbortSignal): Promise<NotificationList> {
  return api.GET('/api/notifications', { signal });
}

export const notificationsQueryOptions = () =>
  queryOptions({
    queryKey: notificationsQueryKey,
    queryFn: ({ signal }) => getNotifications(signal),
    refetchInterval: NOTIFICATIONS_REFRESH_MS,
  });

export function useNotifications() {
  return useQuery(notificationsQueryOptions());
}

/** POST /api/notifications/read; without ids, everything is marked read. */
export function markNotificationsRead(ids?: string[]): Promise<ApiAnswer<'post', '/api/notifications/read'>> {
  return api.POST('/api/notifications/read', { body: ids ? { ids } : {} });
}

export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationsRead,
    onSuccess: (answer, ids) => {
      const now = new Date().toISOString();
      queryClient.setQueryData<NotificationList>(notificationsQueryKey, (current) =>
        current
          ? {
              unread: answer?.unread ?? 0,
              items: current.items.map((item) =>
                !ids || ids.includes(item.id) ? { ...item, readAt: item.readAt ?? now } : item,
              ),
            }
          : current,
      );
    },
  });
}
