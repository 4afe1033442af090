import type { ReactElement, ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'sonner';
import { createQueryClient } from '@/lib/query-client';

/**
 * Renders a component as the app does: a fresh QueryClient with the app's defaults, and the toast
 * host, so what a person would read (toasts included) is on the screen.
 */
export function renderWithApp(ui: ReactElement) {
  const queryClient = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      {children}
      <Toaster />
    </QueryClientProvider>
  );
  // No pause between keystrokes: the tests check outcomes, not timing.
  return { user: userEvent.setup({ delay: null }), queryClient, ...render(ui, { wrapper }) };
}
