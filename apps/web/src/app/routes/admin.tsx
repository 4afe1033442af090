import { StepUpDialogHost } from '@/components/step-up-dialog';
import { paths } from '@/lib/paths';
import { CurrentUserGate } from '../signed-in-gate';
import { AdminMailboxPage } from '../pages/admin-mailbox-page';
import { AdminsOnlyPage } from '../pages/admins-only-page';
import { AuthenticatorSetupPage } from '../pages/authenticator-setup-page';

/**
 * '/admin': the mailbox for admins; a signed-in client sees why it is closed to them, and an
 * appraiser who must set up an authenticator app first (decision 026) sees that set-up. The
 * mailbox's money and identity decisions ask for a fresh code through the step-up dialog.
 */
export function AdminRoute() {
  return (
    <CurrentUserGate>
      {(user) =>
        !user.isAdmin ? (
          <AdminsOnlyPage user={user} />
        ) : user.mustEnrolSecondFactor ? (
          <AuthenticatorSetupPage user={user} returnTo={paths.admin} />
        ) : (
          <>
            <AdminMailboxPage user={user} />
            <StepUpDialogHost />
          </>
        )
      }
    </CurrentUserGate>
  );
}
