import type { CurrentUser } from '@assay/domain';
import { AchBatchesPanel } from '@/features/payout-rails/components/ach-batches-panel';
import { ChecksPanel } from '@/features/payout-rails/components/checks-panel';
import { AdminLayout } from '../layouts/admin-layout';

export function AdminRailsPage({ user }: { user: CurrentUser }) {
  return (
    <AdminLayout user={user} title="Payout Rails" subtitle="ACH files for the bank and the check register">
      <div className="flex flex-col gap-6 sm:gap-8">
        <AchBatchesPanel />
        <ChecksPanel />
      </div>
    </AdminLayout>
  );
}
