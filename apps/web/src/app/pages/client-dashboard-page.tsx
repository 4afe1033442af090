import type { CurrentUser } from '@assay/domain';
import { PremiumMemberCard } from '@/features/auth/components/premium-member-card';
import { TotalValueCard } from '@/features/payouts/components/total-value-card';
import { DashboardActions } from '@/features/submissions/components/dashboard-actions';
import { MySubmissions } from '@/features/submissions/components/my-submissions';
import { CompletedSubmissionsCard, PendingSubmissionsCard } from '@/features/submissions/components/submission-stat-cards';
import { PageHeader, SignedInLayout } from '../layouts/signed-in-layout';

export function ClientDashboardPage({ user }: { user: CurrentUser }) {
  const greeting = user.firstName?.trim() ? `Welcome back, ${user.firstName.trim()}.` : 'Welcome back.';
  return (
    <SignedInLayout user={user}>
      <PageHeader title="Client Dashboard" subtitle={`${greeting} Track your items from quote to payout.`} actions={<DashboardActions />} />
      <div className="flex flex-col gap-6 sm:gap-8">
        <section aria-label="Overview" className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
          <PendingSubmissionsCard />
          <TotalValueCard />
          <CompletedSubmissionsCard />
          <PremiumMemberCard user={user} />
        </section>
        <MySubmissions />
      </div>
    </SignedInLayout>
  );
}
