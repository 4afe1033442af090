import type { CurrentUser } from '@assay/domain';
import { MarginPanel } from '@/features/margin/components/margin-panel';
import { AdminLayout } from '../layouts/admin-layout';

export function AdminMarginPage({ user }: { user: CurrentUser }) {
  return (
    <AdminLayout
      user={user}
      title="Margin"
      subtitle="Paid to sellers against what refiners paid, per lot and month, and how well we test"
    >
      <MarginPanel />
    </AdminLayout>
  );
}
