import { useEffect, type ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { ArrowLeft } from 'lucide-react';
import type { CurrentUser } from '@assay/domain';
import { clientPaths } from '@/lib/client-paths';
import { SupportChatButton } from '@/components/support-chat-button';
import { SignedInLayout } from './signed-in-layout';

// Kept across mounts: going from '/' (the home route) to '/client/new' mounts a new layout.
let lastViewLocation: string | null = null;

/**
 * After a move between views (not on the first load): start at the top and put keyboard and
 * screen-reader focus on the new content.
 */
function useViewChangeFocus() {
  const [location] = useLocation();
  useEffect(() => {
    const previous = lastViewLocation;
    lastViewLocation = location;
    if (previous === null || previous === location) return;
    window.scrollTo(0, 0);
    document.getElementById('main')?.focus({ preventScroll: true });
  }, [location]);
}

/** Every client view: the signed-in frame plus the floating support button (SPEC 2). */
export function ClientLayout({ user, children }: { user: CurrentUser; children: ReactNode }) {
  useViewChangeFocus();
  return (
    <SignedInLayout user={user}>
      {children}
      <SupportChatButton />
    </SignedInLayout>
  );
}

/** The way back from an internal view to the dashboard. */
export function BackToDashboardLink() {
  return (
    <Link
      href={clientPaths.dashboard}
      className="mb-4 inline-flex items-center gap-1.5 rounded-sm text-sm font-medium text-navy-700 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      Dashboard
    </Link>
  );
}
