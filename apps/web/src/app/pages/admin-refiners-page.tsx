import type { CurrentUser } from '@assay/domain';
import { RefinersPanel } from '@/features/refiners/components/refiners-panel';
import { AdminLayout } from '../layouts/admin-layout';

export function AdminRefinersPage({ user }: { user: CurrentUser }) {
  return (
    <AdminLayout user={user} title="Refiners" subtitle="The refiners lots go to, and the settlements they send back">
      <RefinersPanel />
    </AdminLayout>
  );
}
