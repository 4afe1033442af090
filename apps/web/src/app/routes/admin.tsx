import type { ReactNode } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import type { CurrentUser } from '@assay/domain';
import { StepUpDialogHost } from '@/components/step-up-dialog';
import { routePatterns } from '@/lib/paths';
import { CurrentUserGate } from '../signed-in-gate';
import { AdminCompliancePage } from '../pages/admin-compliance-page';
import { AdminCustodyPage } from '../pages/admin-custody-page';
import { AdminIdentityPage } from '../pages/admin-identity-page';
import { AdminLotsPage } from '../pages/admin-lots-page';
import { AdminMarginPage } from '../pages/admin-margin-page';
import { AdminRefinersPage } from '../pages/admin-refiners-page';
import { AdminMailboxPage } from '../pages/admin-mailbox-page';
import { AdminPayoutsPage } from '../pages/admin-payouts-page';
import { AdminBenchPage } from '../pages/admin-bench-page';
import { AdminPricesPage } from '../pages/admin-prices-page';
import { AdminRailsPage } from '../pages/admin-rails-page';
import { AdminsOnlyPage } from '../pages/admins-only-page';
import { AuthenticatorSetupPage } from '../pages/authenticator-setup-page';
import { NotFoundPage } from '../pages/not-found-page';

type AdminView = { path: string; render: (user: CurrentUser) => ReactNode };

/** The appraiser's work areas: '/admin' is SPEC's mailbox, each other area a page under it. */
export const adminViews: readonly AdminView[] = [
  { path: routePatterns.admin, render: (user) => <AdminMailboxPage user={user} /> },
  { path: routePatterns.adminIdentity, render: (user) => <AdminIdentityPage user={user} /> },
  { path: routePatterns.adminPayouts, render: (user) => <AdminPayoutsPage user={user} /> },
  { path: routePatterns.adminRails, render: (user) => <AdminRailsPage user={user} /> },
  { path: routePatterns.adminCompliance, render: (user) => <AdminCompliancePage user={user} /> },
  { path: routePatterns.adminCustody, render: (user) => <AdminCustodyPage user={user} /> },
  { path: routePatterns.adminLots, render: (user) => <AdminLotsPage user={user} /> },
  { path: routePatterns.adminRefiners, render: (user) => <AdminRefinersPage user={user} /> },
  { path: routePatterns.adminMargin, render: (user) => <AdminMarginPage user={user} /> },
  { path: routePatterns.adminPrices, render: (user) => <AdminPricesPage user={user} /> },
  { path: routePatterns.adminBench, render: (user) => <AdminBenchPage user={user} /> },
];

/**
 * Every admin page goes through here: a signed-in client sees why it is closed to them, and an
 * appraiser who must set up an authenticator app first (decision 026) sees that set-up, then comes
 * back to the page they asked for. The money and identity decisions ask for a fresh code through
 * the step-up dialog.
 */
export function AdminGate({ user, children }: { user: CurrentUser; children: ReactNode }) {
  const [location] = useLocation();
  if (!user.isAdmin) return <AdminsOnlyPage user={user} />;
  if (user.mustEnrolSecondFactor) return <AuthenticatorSetupPage user={user} returnTo={location} />;
  return (
    <>
      {children}
      <StepUpDialogHost />
    </>
  );
}

/** SPEC 2: an appraiser's '/' is the mailbox, behind the same gate as '/admin'. */
export function AdminHome({ user }: { user: CurrentUser }) {
  return (
    <AdminGate user={user}>
      <AdminMailboxPage user={user} />
    </AdminGate>
  );
}

/** '/admin' and the work areas under it (only their own paths reach here: see app/router.tsx). */
export function AdminRoute() {
  return (
    <CurrentUserGate>
      {(user) => (
        <AdminGate user={user}>
          <Switch>
            {adminViews.map((view) => (
              <Route key={view.path} path={view.path}>
                {() => view.render(user)}
              </Route>
            ))}
            <Route component={NotFoundPage} />
          </Switch>
        </AdminGate>
      )}
    </CurrentUserGate>
  );
}
