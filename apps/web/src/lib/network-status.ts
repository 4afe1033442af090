import { useEffect } from 'react';
import { toast } from 'sonner';

const OFFLINE_TOAST_ID = 'network-offline';
const ONLINE_TOAST_ID = 'network-online';

/**
 * SPEC 8: 'No Internet connection' stays up while offline; 'Connected to the Internet' shows for
 * 3 seconds when the connection returns. Two ids, so the persistent toast is dismissed rather
 * than mutated (sonner keeps the first duration when a toast is updated in place).
 */
export function useNetworkStatusToasts(): void {
  useEffect(() => {
    const showOffline = () => {
      toast.dismiss(ONLINE_TOAST_ID);
      toast.error('No Internet connection', { id: OFFLINE_TOAST_ID, duration: Infinity });
    };
    const showOnline = () => {
      toast.dismiss(OFFLINE_TOAST_ID);
      toast.success('Connected to the Internet', { id: ONLINE_TOAST_ID, duration: 3000 });
    };
    if (!navigator.onLine) showOffline();
    window.addEventListener('offline', showOffline);
    window.addEventListener('online', showOnline);
    return () => {
      window.removeEventListener('offline', showOffline);
      window.removeEventListener('online', showOnline);
    };
  }, []);
}
