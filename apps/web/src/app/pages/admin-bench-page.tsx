import type { CurrentUser } from '@assay/domain';
import { InstrumentsPanel } from '@/features/bench/components/instruments-panel';
import { AdminLayout } from '../layouts/admin-layout';

/** The bench's register of instruments (issue 28 item 1); each submission's tests are on its mailbox card. */
export function AdminBenchPage({ user }: { user: CurrentUser }) {
  return (
    <AdminLayout user={user} title="Bench" subtitle="The instruments items are tested with, and their calibration">
      <InstrumentsPanel />
    </AdminLayout>
  );
}
