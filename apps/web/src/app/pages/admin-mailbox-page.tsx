import type { CurrentUser } from '@assay/domain';
import { AdminMailbox } from '@/features/appraisal/components/admin-mailbox';
import { RefreshPricingButton } from '@/features/pricing/components/refresh-pricing-button';
import { AdminLayout } from '../layouts/admin-layout';

/** SPEC "Admin mailbox": the cards, the tabs and the submissions; the other work areas have pages of their own. */
export function AdminMailboxPage({ user }: { user: CurrentUser }) {
  return (
    <AdminLayout user={user} title="Admin Mailbox" subtitle="Review and appraise submissions" actions={<RefreshPricingButton />}>
      <AdminMailbox />
    </AdminLayout>
  );
}
