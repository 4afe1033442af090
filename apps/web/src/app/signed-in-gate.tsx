import { useEffect, type ReactNode } from 'react';
import { AlertCircle } from 'lucide-react';
import type { CurrentUser } from '@assay/domain';
import { errorMessage } from '@/lib/api-client';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FullPageSpinner } from '@/components/ui/spinner';
import { useCurrentUser } from '@/features/auth/api/get-current-user';
import { redirectToSignIn } from '@/features/auth/lib/navigation';

/** Sends a visitor to sign in (and back here afterwards); shows a spinner meanwhile. */
function SignInRedirect() {
  useEffect(() => redirectToSignIn(), []);
  return <FullPageSpinner label="Redirecting to sign in..." />;
}

function UserLoadError({ error, retry }: { error: unknown; retry: () => void }) {
  return (
    <div className="mx-auto flex min-h-dvh max-w-md flex-col items-center justify-center gap-4 px-4 text-center">
      <Alert variant="error" className="w-full text-left">
        <AlertCircle aria-hidden="true" />
        <span>We could not reach Assay. {errorMessage(error, 'Please try again in a moment.')}</span>
      </Alert>
      <Button onClick={retry}>Try again</Button>
    </div>
  );
}

/**
 * Resolves the current user once for a route. `visitor` renders for a signed-out visitor; without
 * it the visitor is sent to sign in and back.
 */
export function CurrentUserGate({ children, visitor }: { children: (user: CurrentUser) => ReactNode; visitor?: ReactNode }) {
  const { data: user, isPending, isError, error, refetch } = useCurrentUser();
  if (isPending) return <FullPageSpinner />;
  if (isError) return <UserLoadError error={error} retry={() => void refetch()} />;
  if (!user) return visitor ?? <SignInRedirect />;
  return children(user);
}
