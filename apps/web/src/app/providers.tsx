import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { Toaster } from 'sonner';
import { queryClient } from '@/lib/query-client';
import { useNetworkStatusToasts } from '@/lib/network-status';

function NetworkStatus() {
  useNetworkStatusToasts();
  return null;
}

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <NetworkStatus />
      {/* SPEC 8: toasts are at most 420px wide. */}
      <Toaster position="top-right" richColors closeButton toastOptions={{ style: { maxWidth: '420px' } }} />
    </QueryClientProvider>
  );
}
