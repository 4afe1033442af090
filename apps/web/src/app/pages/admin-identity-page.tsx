import type { CurrentUser } from '@assay/domain';
import { KycReviewPanel } from '@/features/identity-review/components/kyc-review-panel';
import { AdminLayout } from '../layouts/admin-layout';

export function AdminIdentityPage({ user }: { user: CurrentUser }) {
  return (
    <AdminLayout user={user} title="Identity Review" subtitle="Sellers' ID checks waiting for a decision">
      <KycReviewPanel />
    </AdminLayout>
  );
}
