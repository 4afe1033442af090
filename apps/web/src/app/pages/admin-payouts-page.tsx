import type { CurrentUser } from '@assay/domain';
import { PayoutsPanel } from '@/features/payouts/components/payouts-panel';
import { AdminLayout } from '../layouts/admin-layout';

export function AdminPayoutsPage({ user }: { user: CurrentUser }) {
  return (
    <AdminLayout user={user} title="Payouts" subtitle="Accepted offers to pay, approve or mark as sent">
      <PayoutsPanel />
    </AdminLayout>
  );
}
