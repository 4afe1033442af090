import { lazy, Suspense, type ReactNode } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import type { CurrentUser } from '@assay/domain';
import { paths, routePatterns } from '@/lib/paths';
import { Spinner } from '@/components/ui/spinner';
import { CurrentUserGate } from '../signed-in-gate';
import { ClientLayout } from '../layouts/client-layout';
import { ClientDashboardPage } from '../pages/client-dashboard-page';
import { NotFoundPage } from '../pages/not-found-page';
import { SubmissionDetailPage } from '../pages/submission-detail-page';
import { PayoutPage } from '../pages/payout-page';
import { ConsignmentPage } from '../pages/consignment-page';

// The new-submission view carries Uppy (and its styles): loaded only when a client opens it.
const NewSubmissionPage = lazy(() => import('../pages/new-submission-page').then((m) => ({ default: m.NewSubmissionPage })));

type ClientView = { path: string; render: (user: CurrentUser, params: { id?: string }) => ReactNode };

/**
 * '/client' and its internal views (SPEC 2: not routes there; here they have URLs so back/forward
 * and links work): /client/new, /client/submissions/<id>, .../payout, .../consignment.
 */
export const clientViews: readonly ClientView[] = [
  {
    path: routePatterns.clientDashboard,
    // An appraiser's work is the mailbox; the client views below stay open to them (a seller's
    // submission, opened from a link, reads the same for both).
    render: (user) => (user.isAdmin ? <Redirect to={paths.admin} replace /> : <ClientDashboardPage user={user} />),
  },
  {
    path: routePatterns.newSubmission,
    render: (user) => (
      <Suspense
        fallback={
          <ClientLayout user={user}>
            <Spinner className="py-24" />
          </ClientLayout>
        }
      >
        <NewSubmissionPage user={user} />
      </Suspense>
    ),
  },
  { path: routePatterns.submission, render: (user, { id = '' }) => <SubmissionDetailPage user={user} submissionId={id} /> },
  { path: routePatterns.payout, render: (user, { id = '' }) => <PayoutPage user={user} submissionId={id} /> },
  { path: routePatterns.consignment, render: (user, { id = '' }) => <ConsignmentPage user={user} submissionId={id} /> },
];

export function ClientRoute() {
  return (
    <CurrentUserGate>
      {(user) => (
        <Switch>
          {clientViews.map((view) => (
            <Route key={view.path} path={view.path}>
              {(params) => view.render(user, params)}
            </Route>
          ))}
          <Route component={NotFoundPage} />
        </Switch>
      )}
    </CurrentUserGate>
  );
}
