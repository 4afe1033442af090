import type { CurrentUser } from '@assay/domain';
import { AdminMailbox } from '@/features/appraisal/components/admin-mailbox';
import { BenchPanel } from '@/features/bench/components/bench-panel';
import { RefreshPricingButton } from '@/features/pricing/components/refresh-pricing-button';
import { AdminLayout } from '../layouts/admin-layout';

/** A submission past its first offer has offer lines to test. */
const hasOfferLines = (status: string) => status !== 'new' && status !== 'appraising';

/** SPEC "Admin mailbox": the cards, the tabs and the submissions; the other work areas have pages of their own. */
export function AdminMailboxPage({ user }: { user: CurrentUser }) {
  return (
    <AdminLayout user={user} title="Admin Mailbox" subtitle="Review and appraise submissions" actions={<RefreshPricingButton />}>
      {/* Each card with an offer gets the bench: its lines' tests (issue 28 item 1). */}
      <AdminMailbox
        cardExtras={(submission) => (hasOfferLines(submission.status) ? <BenchPanel submissionId={submission.id} /> : null)}
      />
    </AdminLayout>
  );
}
