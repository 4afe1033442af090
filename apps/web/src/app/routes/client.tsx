import { CurrentUserGate } from '../signed-in-gate';
import { ClientDashboardPage } from '../pages/client-dashboard-page';

/** '/client': the client dashboard for any signed-in user (admins included). */
export function ClientRoute() {
  return <CurrentUserGate>{(user) => <ClientDashboardPage user={user} />}</CurrentUserGate>;
}
