import { queryClient } from '@/lib/query-client';
import { ErrorBoundary } from './errors/error-boundary';
import { ErrorPage } from './errors/error-fallback';
import { refetchAfterError } from './errors/refetch-after-error';
import { AppProviders } from './providers';
import { AppRouter } from './router';

/** The root boundary catches what the route boundaries cannot: the providers and the router itself. */
export function App() {
  return (
    <ErrorBoundary fallback={ErrorPage} onReset={() => refetchAfterError(queryClient)}>
      <AppProviders>
        <AppRouter />
      </AppProviders>
    </ErrorBoundary>
  );
}
