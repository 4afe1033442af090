import { CurrentUserGate } from '../signed-in-gate';
import { AdminMailboxPage } from '../pages/admin-mailbox-page';
import { AdminsOnlyPage } from '../pages/admins-only-page';

/** '/admin': the mailbox for admins; a signed-in client sees why it is closed to them. */
export function AdminRoute() {
  return (
    <CurrentUserGate>
      {(user) => (user.isAdmin ? <AdminMailboxPage user={user} /> : <AdminsOnlyPage user={user} />)}
    </CurrentUserGate>
  );
}
