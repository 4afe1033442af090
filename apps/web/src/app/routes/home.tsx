import { CurrentUserGate } from '../signed-in-gate';
import { AdminMailboxPage } from '../pages/admin-mailbox-page';
import { ClientDashboardPage } from '../pages/client-dashboard-page';
import { LandingPage } from '../pages/landing-page';

/** '/': landing page for visitors, the mailbox for admins, the dashboard for clients. */
export function HomeRoute() {
  return (
    <CurrentUserGate visitor={<LandingPage />}>
      {(user) => (user.isAdmin ? <AdminMailboxPage user={user} /> : <ClientDashboardPage user={user} />)}
    </CurrentUserGate>
  );
}
