import { useEffect } from 'react';
import { shortId, type CurrentUser } from '@assay/domain';
import { useBusiness } from '@/lib/business';
import { useNotifications } from '@/features/notifications/api/notifications';
import { GoodwillClaim } from '@/features/payouts/components/goodwill-claim';
import { PayoutRetry } from '@/features/payouts/components/payout-retry';
import { useDeclineOfferFlow } from '@/features/shipping/components/use-decline-offer';
import { usePrintLabel } from '@/features/shipping/components/use-print-label';
import { SubmissionDetailView } from '@/features/submissions/components/submission-detail';
import { BackToDashboardLink, ClientLayout } from '../layouts/client-layout';
import { PageHeader } from '../layouts/signed-in-layout';
import { WithSubmission } from './with-submission';

/** 'View Details': /client/submissions/<id>. */
export function SubmissionDetailPage({ user, submissionId }: { user: CurrentUser; submissionId: string }) {
  const label = usePrintLabel();
  const decline = useDeclineOfferFlow();
  const payoutRails = useBusiness().data?.payoutRails;
  // Newest first: a photo request counts only while nothing newer was said about this submission.
  const latest = useNotifications().data?.items.find((item) => item.submissionId === submissionId);
  const photoRequest = latest?.kind === 'photos_requested' ? latest : null;
  useEffect(() => {
    document.title = `Submission #${shortId(submissionId)} — Assay`;
  }, [submissionId]);
  return (
    <ClientLayout user={user}>
      <BackToDashboardLink />
      <PageHeader title={`Submission #${shortId(submissionId)}`} subtitle="Photos, status history, shipping and payout." />
      <WithSubmission submissionId={submissionId}>
        {(detail) => (
          <SubmissionDetailView
            detail={detail}
            onPrintLabel={(s) => void label.printFor(s.id, s.parcelCount ?? 1)}
            onDecline={decline.start}
            printing={label.printingId === detail.id}
            photoRequest={photoRequest}
            payoutRetry={(transaction) => <PayoutRetry transaction={transaction} headingLevel="h3" payoutRails={payoutRails} />}
            goodwillClaim={(goodwill) => <GoodwillClaim submissionId={detail.id} goodwill={goodwill} payoutRails={payoutRails} />}
          />
        )}
      </WithSubmission>
      {label.dialog}
      {decline.dialog}
    </ClientLayout>
  );
}
