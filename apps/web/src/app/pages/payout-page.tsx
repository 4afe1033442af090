import type { CurrentUser } from '@assay/domain';
import { PayoutView } from '@/features/payouts/components/payout-view';
import { BackToDashboardLink, ClientLayout } from '../layouts/client-layout';
import { PageHeader } from '../layouts/signed-in-layout';
import { WithSubmission } from './with-submission';

/** SPEC 2 "Payout view": /client/submissions/<id>/payout. */
export function PayoutPage({ user, submissionId }: { user: CurrentUser; submissionId: string }) {
  return (
    <ClientLayout user={user}>
      <BackToDashboardLink />
      <PageHeader title="Process Payout" subtitle="Choose how you want to be paid for your accepted offer." />
      <WithSubmission submissionId={submissionId}>{(detail) => <PayoutView submission={detail} />}</WithSubmission>
    </ClientLayout>
  );
}
