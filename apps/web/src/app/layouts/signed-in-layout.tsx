import type { ReactNode } from 'react';
import { Link } from 'wouter';
import type { CurrentUser } from '@assay/domain';
import { Logo } from '@/components/logo';
import { LogoutButton } from '@/features/auth/components/logout-button';
import { UserSummary } from '@/features/auth/components/user-summary';
import { NotificationsButton } from '@/features/notifications/components/notifications-button';
import { paths } from '@/lib/paths';
import { RouteErrorBoundary } from '../errors/route-error-boundary';
import { FooterIdentity } from './public-layout';

/** SPEC 2 signed-in header: logo, notifications, initials and name, log out. A page that fails keeps it. */
export function SignedInLayout({ user, children }: { user: CurrentUser; children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-3 focus:z-50 focus:rounded-md focus:bg-card focus:px-3 focus:py-2 focus:shadow"
      >
        Skip to content
      </a>
      <header className="sticky top-0 z-40 border-b border-border bg-card/95 backdrop-blur supports-[backdrop-filter]:bg-card/85">
        <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-2 px-3 sm:px-6 lg:px-8">
          <div className="flex min-w-0 items-center gap-2">
            <Link href={paths.home} aria-label="Assay home" className="rounded-md">
              <Logo />
            </Link>
            {user.isAdmin && (
              <span className="hidden rounded-full border border-gold-300 bg-gold-50 px-2 py-0.5 text-xs font-semibold text-gold-800 sm:inline">
                Appraiser
              </span>
            )}
          </div>
          <div className="flex min-w-0 items-center gap-1 sm:gap-3">
            <NotificationsButton linkToSubmissions={!user.isAdmin} />
            <UserSummary user={user} />
            <LogoutButton />
          </div>
        </div>
      </header>
      <main id="main" tabIndex={-1} className="mx-auto w-full max-w-7xl flex-1 px-4 py-6 outline-none sm:px-6 sm:py-10 lg:px-8">
        <RouteErrorBoundary scope="content">{children}</RouteErrorBoundary>
      </main>
      <footer className="border-t border-border py-6 text-center text-xs text-muted-foreground">
        <FooterIdentity tone="light" />
      </footer>
    </div>
  );
}

/** The title row of a signed-in page. */
export function PageHeader({ title, subtitle, actions }: { title: string; subtitle?: ReactNode; actions?: ReactNode }) {
  return (
    <div className="mb-6 flex flex-col gap-4 sm:mb-8 sm:flex-row sm:items-end sm:justify-between">
      <div>
        <h1 className="text-2xl font-bold text-navy-900 sm:text-3xl">{title}</h1>
        {subtitle && <p className="mt-1 text-muted-foreground">{subtitle}</p>}
      </div>
      {actions}
    </div>
  );
}
