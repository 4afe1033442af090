import { useMemo, useState } from 'react';
import { AlertCircle, Clock, Inbox, Layers, Search, ShieldAlert } from 'lucide-react';
import { isNearingDeadline, type Submission } from '@assay/domain';
import { errorMessage } from '@/lib/api-client';
import { useNow } from '@/lib/use-now';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Spinner } from '@/components/ui/spinner';
import { StatCard } from '@/components/ui/stat-card';
import { Tabs, type TabItem } from '@/components/ui/tabs';
import { useSubmissions } from '../api/get-submissions';
import { AdminSubmissionCard } from './admin-submission-card';

type CategoryFilter = 'all' | 'scrap' | 'gems' | 'jewelry';

const tabLabels: Record<CategoryFilter, string> = {
  all: 'All',
  scrap: 'Raw & Scrap Metals',
  gems: 'Loose Gems',
  jewelry: 'Finished Jewelry',
};

function newestFirst(a: Submission, b: Submission): number {
  return new Date(b.createdAt).getTime() - new Date(a.createdAt).getTime();
}

function MailboxStats({ submissions, now, loading }: { submissions: Submission[]; now: number; loading: boolean }) {
  const fresh = submissions.filter((s) => s.status === 'new');
  const nearing = fresh.filter((s) => isNearingDeadline(s.guaranteeDeadline, s.status, new Date(now))).length;
  const show = (n: number) => (loading ? '…' : n);
  return (
    <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
      <StatCard
        title="New Submissions"
        icon={<Inbox />}
        value={show(fresh.length)}
        caption={nearing > 0 ? `${nearing} nearing 48h deadline` : 'Awaiting review'}
        captionTone={nearing > 0 ? 'warning' : 'muted'}
      />
      <StatCard title="In Appraisal" icon={<Search />} value={show(submissions.filter((s) => s.status === 'appraising').length)} caption="Being appraised" />
      <StatCard title="KYC Required" icon={<ShieldAlert />} value={show(submissions.filter((s) => s.requiresKyc).length)} caption="Over $10,000 threshold" />
      <StatCard title="Total Submissions" icon={<Layers />} value={show(submissions.length)} caption="All time" />
    </div>
  );
}

export function AdminMailbox() {
  const query = useSubmissions();
  const now = useNow();
  const [filter, setFilter] = useState<CategoryFilter>('all');
  const submissions = useMemo(() => [...(query.data ?? [])].sort(newestFirst), [query.data]);

  const tabs: TabItem<CategoryFilter>[] = (Object.keys(tabLabels) as CategoryFilter[]).map((value) => ({
    value,
    label: tabLabels[value],
    count: value === 'all' ? submissions.length : submissions.filter((s) => s.category === value).length,
  }));
  const shown = filter === 'all' ? submissions : submissions.filter((s) => s.category === filter);

  let body;
  if (query.isPending) {
    body = <Spinner label="Loading submissions..." className="py-12" />;
  } else if (query.isError) {
    body = (
      <div className="flex flex-col items-start gap-3">
        <Alert variant="error" className="w-full">
          <AlertCircle aria-hidden="true" />
          <span>Could not load submissions. {errorMessage(query.error, '')}</span>
        </Alert>
        <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </div>
    );
  } else if (shown.length === 0) {
    body = <EmptyState icon={<Clock />} title="No submissions found" />;
  } else {
    body = (
      <ul className="flex flex-col gap-4" aria-label="Submissions">
        {shown.map((submission) => (
          <li key={submission.id}>
            <AdminSubmissionCard submission={submission} now={now} />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <div className="flex flex-col gap-6 sm:gap-8">
      <MailboxStats submissions={submissions} now={now} loading={query.isPending} />
      <section aria-labelledby="mailbox-heading">
        <h2 id="mailbox-heading" className="sr-only">
          Submissions
        </h2>
        <Tabs items={tabs} value={filter} onValueChange={setFilter} label="Filter by category">
          {body}
        </Tabs>
      </section>
    </div>
  );
}
