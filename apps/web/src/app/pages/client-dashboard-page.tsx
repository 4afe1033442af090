import { useEffect } from 'react';
import type { CurrentUser } from '@assay/domain';
import { PricesNowPanel } from '@/components/prices-now-panel';
import { PremiumMemberCard } from '@/features/auth/components/premium-member-card';
import { useTransactions } from '@/features/payouts/api/get-transactions';
import { TotalValueCard } from '@/features/payouts/components/total-value-card';
import { usePricing } from '@/features/pricing/api/get-pricing';
import { OneClickLabelButton } from '@/features/shipping/components/one-click-label-button';
import { useDeclineOfferFlow } from '@/features/shipping/components/use-decline-offer';
import { usePrintLabel } from '@/features/shipping/components/use-print-label';
import { useSubmissions } from '@/features/submissions/api/get-submissions';
import { NewSubmissionButton } from '@/features/submissions/components/dashboard-actions';
import { LatestSubmissionTimeline } from '@/features/submissions/components/latest-submission-timeline';
import { MySubmissions } from '@/features/submissions/components/my-submissions';
import { CompletedSubmissionsCard, PendingSubmissionsCard } from '@/features/submissions/components/submission-stat-cards';
import { ClientLayout } from '../layouts/client-layout';
import { PageHeader } from '../layouts/signed-in-layout';

export function ClientDashboardPage({ user }: { user: CurrentUser }) {
  const greeting = user.firstName?.trim() ? `Welcome back, ${user.firstName.trim()}.` : 'Welcome back.';
  const submissions = useSubmissions();
  const pricing = usePricing();
  const label = usePrintLabel();
  const decline = useDeclineOfferFlow();
  // The same list Total Value reads: a card whose payout came back asks for new details.
  const payouts = useTransactions();

  useEffect(() => {
    document.title = 'Client Dashboard — Assay';
  }, []);

  return (
    <ClientLayout user={user}>
      <PageHeader
        title="Client Dashboard"
        subtitle={`${greeting} Track your items from quote to payout.`}
        actions={
          <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
            <OneClickLabelButton
              busy={label.printingId !== null}
              disabled={!submissions.data}
              onClick={() => {
                if (submissions.data) void label.printLatest(submissions.data);
              }}
            />
            <NewSubmissionButton />
          </div>
        }
      />
      <div className="flex flex-col gap-6 sm:gap-8">
        <section aria-label="Overview" className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
          <PendingSubmissionsCard />
          <TotalValueCard />
          <CompletedSubmissionsCard />
          <PremiumMemberCard user={user} />
        </section>
        <div className="grid grid-cols-1 items-start gap-6 sm:gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
          <MySubmissions
            onPrintLabel={(submission) => void label.printFor(submission.id, submission.parcelCount ?? 1)}
            onDecline={decline.start}
            printingId={label.printingId}
            payoutOf={(submissionId) => payouts.data?.find((t) => t.submissionId === submissionId) ?? null}
          />
          <div className="flex flex-col gap-6 sm:gap-8">
            <LatestSubmissionTimeline />
            <PricesNowPanel rows={pricing.data} loading={pricing.isPending} failed={pricing.isError} />
          </div>
        </div>
      </div>
      {label.dialog}
      {decline.dialog}
    </ClientLayout>
  );
}
