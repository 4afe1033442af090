import type { CurrentUser } from '@assay/domain';
import { CustodyPanel } from '@/features/custody/components/custody-panel';
import { AdminLayout } from '../layouts/admin-layout';

export function AdminCustodyPage({ user }: { user: CurrentUser }) {
  return (
    <AdminLayout user={user} title="Custody" subtitle="Where every received item is, its tag, and when its hold clears">
      <CustodyPanel />
    </AdminLayout>
  );
}
