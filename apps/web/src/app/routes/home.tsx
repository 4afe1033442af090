import { lazy } from 'react';
import { CurrentUserGate } from '../signed-in-gate';

// Every page of '/' is a chunk of its own, like the other public pages: the server's HTML shows
// the landing page at once, and the browser hydrates it when its chunk has arrived, so the first
// load carries only React, the router and the query cache (issue 15: at most 100 KB gzipped).
// The router's Suspense shows the spinner when '/' is reached by a link instead.
const LandingPage = lazy(() => import('../pages/landing-page').then((m) => ({ default: m.LandingPage })));
const AdminHome = lazy(() => import('./admin').then((m) => ({ default: m.AdminHome })));
const ClientDashboardPage = lazy(() =>
  import('../pages/client-dashboard-page').then((m) => ({ default: m.ClientDashboardPage })),
);

/** '/': landing page for visitors, the mailbox for admins, the dashboard for clients. */
export function HomeRoute() {
  return (
    <CurrentUserGate visitor={<LandingPage />}>
      {(user) => (user.isAdmin ? <AdminHome user={user} /> : <ClientDashboardPage user={user} />)}
    </CurrentUserGate>
  );
}
