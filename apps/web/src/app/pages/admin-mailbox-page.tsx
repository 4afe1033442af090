import type { CurrentUser } from '@assay/domain';
import { AdminMailbox } from '@/features/admin-mailbox/components/admin-mailbox';
import { PageHeader, SignedInLayout } from '../layouts/signed-in-layout';

export function AdminMailboxPage({ user }: { user: CurrentUser }) {
  return (
    <SignedInLayout user={user}>
      <PageHeader title="Admin Mailbox" subtitle="Review and appraise submissions" />
      <AdminMailbox />
    </SignedInLayout>
  );
}
