import type { ReactNode } from 'react';
import { useLocation } from 'wouter';
import { useQueryClient, useQueryErrorResetBoundary } from '@tanstack/react-query';
import { ErrorBoundary } from './error-boundary';
import { ErrorPage, ErrorPanel } from './error-fallback';
import { refetchAfterError } from './refetch-after-error';

/**
 * The boundary around one route (`page`: the whole screen) or around a page's content inside its
 * frame (`content`: header and footer stay). Going to another URL clears it; "Try again" reads the
 * data afresh first (it never goes stale by itself here, SPEC 7).
 */
export function RouteErrorBoundary({ children, scope }: { children: ReactNode; scope: 'page' | 'content' }) {
  const [location] = useLocation();
  const queryClient = useQueryClient();
  const { reset: resetQueryErrors } = useQueryErrorResetBoundary();
  return (
    <ErrorBoundary
      resetKeys={[location]}
      onReset={() => {
        resetQueryErrors();
        return refetchAfterError(queryClient);
      }}
      fallback={scope === 'page' ? ErrorPage : ErrorPanel}
    >
      {children}
    </ErrorBoundary>
  );
}
