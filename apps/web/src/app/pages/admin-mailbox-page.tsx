import type { CurrentUser } from '@assay/domain';
import { AdminMailbox } from '@/features/admin-mailbox/components/admin-mailbox';
import { ComplianceQueuePanel } from '@/features/compliance/components/compliance-queue-panel';
import { SanctionsScreeningPanel } from '@/features/compliance/components/sanctions-screening-panel';
import { PayoutRatesAdminPanel } from '@/features/payout-rates/components/payout-rates-admin-panel';
import { PricingAdminPanel } from '@/features/pricing/components/pricing-admin-panel';
import { RefreshPricingButton } from '@/features/pricing/components/refresh-pricing-button';
import { PageHeader, SignedInLayout } from '../layouts/signed-in-layout';

export function AdminMailboxPage({ user }: { user: CurrentUser }) {
  return (
    <SignedInLayout user={user}>
      <PageHeader title="Admin Mailbox" subtitle="Review and appraise submissions" actions={<RefreshPricingButton />} />
      <AdminMailbox />
      <ComplianceQueuePanel className="mt-6 sm:mt-8" />
      <SanctionsScreeningPanel className="mt-6 sm:mt-8" />
      <PricingAdminPanel className="mt-6 sm:mt-8" />
      <PayoutRatesAdminPanel className="mt-6 sm:mt-8" />
    </SignedInLayout>
  );
}
