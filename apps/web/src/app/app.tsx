import type { QueryClient } from '@tanstack/react-query';
import { ErrorBoundary } from './errors/error-boundary';
import { ErrorPage } from './errors/error-fallback';
import { refetchAfterError } from './errors/refetch-after-error';
import { AppProviders } from './providers';
import { AppRouter } from './router';

/**
 * The root boundary catches what the route boundaries cannot: the providers and the router itself.
 * The browser passes its one cache; the server a fresh one per page it renders.
 */
export function App({ client }: { client: QueryClient }) {
  return (
    <ErrorBoundary fallback={ErrorPage} onReset={() => refetchAfterError(client)}>
      <AppProviders client={client}>
        <AppRouter />
      </AppProviders>
    </ErrorBoundary>
  );
}
