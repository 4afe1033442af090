import { useQueryClient } from '@tanstack/react-query';
import type { CurrentUser } from '@assay/domain';
import { Card } from '@/components/ui/card';
import { currentUserQueryKey } from '@/features/auth/api/get-current-user';
import { AuthenticatorAlreadySetUp, AuthenticatorSetup } from '@/features/auth/components/authenticator-setup';
import { navigateAfterSignIn } from '@/features/auth/lib/navigation';
import { SignedInLayout } from '../layouts/signed-in-layout';

/**
 * Setting up the authenticator app (decision 026): at /account/authenticator, and in place of the
 * admin pages for an appraiser who must set one up first. `returnTo`: where to go once it is done.
 */
export function AuthenticatorSetupPage({ user, returnTo }: { user: CurrentUser; returnTo: string | null }) {
  const queryClient = useQueryClient();
  return (
    <SignedInLayout user={user}>
      <Card className="mx-auto mt-4 flex max-w-xl flex-col gap-5 px-5 py-6 sm:mt-10 sm:px-8 sm:py-8">
        <div className="flex flex-col gap-1.5">
          <h1 className="text-2xl font-bold text-navy-900">Set up your authenticator app</h1>
          {user.mustEnrolSecondFactor && (
            <p className="text-sm font-medium text-amber-900">The admin pages open once this is done.</p>
          )}
        </div>
        {user.twoFactorEnabled ? (
          <AuthenticatorAlreadySetUp />
        ) : (
          <AuthenticatorSetup
            onDone={() => {
              void queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
              // A full load: the session was replaced by one that proved the code.
              navigateAfterSignIn(returnTo);
            }}
          />
        )}
      </Card>
    </SignedInLayout>
  );
}
