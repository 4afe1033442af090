import { useState } from 'react';
import { Link } from 'wouter';
import { Bell, BellOff } from 'lucide-react';
import type { NotificationItem } from '@assay/domain';
import { clientPaths } from '@/lib/client-paths';
import { formatDateTime } from '@/lib/format';
import { cn } from '@/lib/utils';
import { Button } from '@/components/ui/button';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { useMarkNotificationsRead, useNotifications } from '../api/notifications';

function NotificationEntry({
  item,
  wasUnread,
  linkToSubmission,
  onNavigate,
}: {
  item: NotificationItem;
  wasUnread: boolean;
  linkToSubmission: boolean;
  onNavigate: () => void;
}) {
  const content = (
    <>
      <span className="flex items-start justify-between gap-2">
        <span className={cn('text-sm text-foreground', wasUnread ? 'font-semibold' : 'font-medium')}>{item.title}</span>
        {wasUnread && (
          <span className="mt-1.5 size-2 shrink-0 rounded-full bg-gold-500">
            <span className="sr-only">New</span>
          </span>
        )}
      </span>
      {item.body && <span className="mt-0.5 block text-sm text-muted-foreground">{item.body}</span>}
      <time dateTime={item.createdAt} className="mt-1 block text-xs text-muted-foreground">
        {formatDateTime(item.createdAt)}
      </time>
    </>
  );
  const box = 'block rounded-md px-2 py-2.5';
  if (linkToSubmission && item.submissionId) {
    return (
      <Link
        href={clientPaths.submission(item.submissionId)}
        onClick={onNavigate}
        className={cn(box, 'hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring')}
      >
        {content}
      </Link>
    );
  }
  return <div className={box}>{content}</div>;
}

/**
 * The header bell: the unread count from GET /api/notifications (every 60 s); opening the panel
 * lists the latest and marks them read. Those that were new keep their marker while it is open.
 */
export function NotificationsButton({ linkToSubmissions = true }: { linkToSubmissions?: boolean }) {
  const [open, setOpen] = useState(false);
  const [newWhenOpened, setNewWhenOpened] = useState<ReadonlySet<string>>(new Set());
  const notifications = useNotifications();
  const markRead = useMarkNotificationsRead();
  const unread = notifications.data?.unread ?? 0;
  const items = notifications.data?.items ?? [];

  const onOpenChange = (opening: boolean) => {
    setOpen(opening);
    if (!opening) return;
    const fresh = items.filter((item) => !item.readAt).map((item) => item.id);
    setNewWhenOpened(new Set(fresh));
    if (unread > 0 && !markRead.isPending) markRead.mutate(undefined);
  };

  const label = unread > 0 ? `Notifications, ${unread} unread` : 'Notifications';

  return (
    <Popover open={open} onOpenChange={onOpenChange}>
      <PopoverTrigger asChild>
        <Button variant="ghost" size="icon" aria-label={label} className="relative">
          <Bell aria-hidden="true" className="size-5!" />
          {unread > 0 && (
            <span
              aria-hidden="true"
              data-testid="notifications-unread"
              className="absolute right-1 top-1 flex min-w-4.5 items-center justify-center rounded-full bg-destructive px-1 text-[10px] font-bold leading-4.5 text-white"
            >
              {unread > 99 ? '99+' : unread}
            </span>
          )}
        </Button>
      </PopoverTrigger>
      <PopoverContent role="region" aria-label="Notifications panel" align="end" className="w-[calc(100vw-1.5rem)] p-3 sm:w-80">
        <h2 className="px-2 text-sm font-semibold">Notifications</h2>
        {notifications.isError && items.length === 0 ? (
          <p className="px-2 py-4 text-sm text-muted-foreground">
            Could not load your notifications. We will try again in a minute.
          </p>
        ) : items.length === 0 ? (
          <div className="mt-3 flex flex-col items-center gap-2 py-4 text-center text-sm text-muted-foreground">
            <BellOff aria-hidden="true" className="size-6" />
            <p>No notifications yet</p>
          </div>
        ) : (
          <ul className="mt-2 flex max-h-[min(24rem,70dvh)] flex-col divide-y divide-border overflow-y-auto">
            {items.map((item) => (
              <li key={item.id}>
                <NotificationEntry
                  item={item}
                  wasUnread={newWhenOpened.has(item.id)}
                  linkToSubmission={linkToSubmissions}
                  onNavigate={() => setOpen(false)}
                />
              </li>
            ))}
          </ul>
        )}
      </PopoverContent>
    </Popover>
  );
}
