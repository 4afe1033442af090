import { Toaster } from 'sonner';
import { useNetworkStatusToasts } from '@/lib/network-status';

function NetworkStatus() {
  useNetworkStatusToasts();
  return null;
}

/**
 * The toast host and the offline/online notices. Loaded lazily by AppProviders so that the toast
 * library is not part of a visitor's first JavaScript (issue 3 budget). NetworkStatus comes after
 * Toaster so that the host is subscribed before the first notice can be raised.
 */
export function AppToaster() {
  return (
    <>
      {/* SPEC 8: toasts are at most 420px wide. */}
      <Toaster position="top-right" richColors closeButton toastOptions={{ style: { maxWidth: '420px' } }} />
      <NetworkStatus />
    </>
  );
}
