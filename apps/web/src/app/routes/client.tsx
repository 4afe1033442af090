import { lazy, Suspense } from 'react';
import { Route, Switch } from 'wouter';
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

/**
 * '/client' and its internal views (SPEC 2: not routes there; here they have URLs so back/forward
 * and links work): /client/new, /client/submissions/<id>, .../payout, .../consignment.
 */
export function ClientRoute() {
  return (
    <CurrentUserGate>
      {(user) => (
        <Switch>
          <Route path="/client">
            <ClientDashboardPage user={user} />
          </Route>
          <Route path="/client/new">
            <Suspense
              fallback={
                <ClientLayout user={user}>
                  <Spinner className="py-24" />
                </ClientLayout>
              }
            >
              <NewSubmissionPage user={user} />
            </Suspense>
          </Route>
          <Route path="/client/submissions/:id">{(params) => <SubmissionDetailPage user={user} submissionId={params.id} />}</Route>
          <Route path="/client/submissions/:id/payout">{(params) => <PayoutPage user={user} submissionId={params.id} />}</Route>
          <Route path="/client/submissions/:id/consignment">{(params) => <ConsignmentPage user={user} submissionId={params.id} />}</Route>
          <Route component={NotFoundPage} />
        </Switch>
      )}
    </CurrentUserGate>
  );
}
