import type { CurrentUser } from '@assay/domain';
import { useBusiness } from '@/lib/business';
import { PayoutView } from '@/features/payouts/components/payout-view';
import { BackToDashboardLink, ClientLayout } from '../layouts/client-layout';
import { PageHeader } from '../layouts/signed-in-layout';
import { WithSubmission } from './with-submission';

/** SPEC 2 "Payout view": /client/submissions/<id>/payout. */
export function PayoutPage({ user, submissionId }: { user: CurrentUser; submissionId: string }) {
  const business = useBusiness();
  return (
    <ClientLayout user={user}>
      <BackToDashboardLink />
      {/* The view below says what this step does, and then that the offer was accepted. */}
      <PageHeader title="Process Payout" />
      <WithSubmission submissionId={submissionId}>
        {(detail) => <PayoutView submission={detail} payoutRails={business.data?.payoutRails} />}
      </WithSubmission>
    </ClientLayout>
  );
}
