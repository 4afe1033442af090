import { lazy } from 'react';
import { CurrentUserGate } from '../signed-in-gate';
import { LandingPage } from '../pages/landing-page';

// Signed-in pages are split out so that a visitor's first load carries only the landing page
// (issue 3: at most 150 KB of gzipped JavaScript on '/'). The router's Suspense shows the spinner.
const AdminMailboxPage = lazy(() => import('../pages/admin-mailbox-page').then((m) => ({ default: m.AdminMailboxPage })));
const ClientDashboardPage = lazy(() =>
  import('../pages/client-dashboard-page').then((m) => ({ default: m.ClientDashboardPage })),
);

/** '/': landing page for visitors, the mailbox for admins, the dashboard for clients. */
export function HomeRoute() {
  return (
    <CurrentUserGate visitor={<LandingPage />}>
      {(user) => (user.isAdmin ? <AdminMailboxPage user={user} /> : <ClientDashboardPage user={user} />)}
    </CurrentUserGate>
  );
}
