import { LogOut } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { signOut } from '../lib/navigation';

/** Ends the session on the server (GET /api/logout clears the cookie and returns to '/'). */
export function LogoutButton() {
  return (
    <Button variant="ghost" size="sm" onClick={signOut} aria-label="Log out" title="Log out">
      <LogOut aria-hidden="true" />
      <span className="hidden sm:inline">Log out</span>
    </Button>
  );
}
