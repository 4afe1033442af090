import type { CurrentUser } from '@assay/domain';
import { ComplianceQueuePanel } from '@/features/compliance/components/compliance-queue-panel';
import { ComplianceReportsPanel } from '@/features/compliance/components/compliance-reports-panel';
import { SanctionsScreeningPanel } from '@/features/compliance/components/sanctions-screening-panel';
import { RecordsRetentionPanel } from '@/features/compliance/components/records-retention-panel';
import { TaxYearPanel } from '@/features/compliance/components/tax-year-panel';
import { AdminLayout } from '../layouts/admin-layout';

export function AdminCompliancePage({ user }: { user: CurrentUser }) {
  return (
    <AdminLayout
      user={user}
      title="Compliance"
      subtitle="What blocks a payout or a melt, sanctions matches, reports, the year-end seller list and records past retention"
    >
      <div className="flex flex-col gap-6 sm:gap-8">
        <ComplianceQueuePanel />
        <SanctionsScreeningPanel />
        <ComplianceReportsPanel />
        <TaxYearPanel />
        <RecordsRetentionPanel />
      </div>
    </AdminLayout>
  );
}
