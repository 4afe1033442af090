import type { CurrentUser } from '@assay/domain';
import { ConsignmentView } from '@/features/consignment/components/consignment-view';
import { BackToDashboardLink, ClientLayout } from '../layouts/client-layout';
import { PageHeader } from '../layouts/signed-in-layout';
import { WithSubmission } from './with-submission';

/** SPEC 2 "Consignment view": /client/submissions/<id>/consignment. */
export function ConsignmentPage({ user, submissionId }: { user: CurrentUser; submissionId: string }) {
  return (
    <ClientLayout user={user}>
      <BackToDashboardLink />
      <PageHeader title="Consignment Sale" subtitle="Sell through our buyer network instead of accepting our direct offer." />
      <WithSubmission submissionId={submissionId}>
        {(detail) => (
          <ConsignmentView
            submissionId={detail.id}
            status={detail.status}
            consignmentRequestedAt={detail.consignmentRequestedAt}
            finalOffer={detail.status === 'offered' ? detail.finalOffer : null}
          />
        )}
      </WithSubmission>
    </ClientLayout>
  );
}
