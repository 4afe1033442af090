import type { CurrentUser } from '@assay/domain';
import { MeltLotsPanel } from '@/features/melt-lots/components/melt-lots-panel';
import { AdminLayout } from '../layouts/admin-layout';

export function AdminLotsPage({ user }: { user: CurrentUser }) {
  return (
    <AdminLayout
      user={user}
      title="Melt lots"
      subtitle="Bought items gathered by sort category, shipped to the refiner, settled and closed"
    >
      <MeltLotsPanel />
    </AdminLayout>
  );
}
