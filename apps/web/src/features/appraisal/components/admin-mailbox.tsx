import { LoadError } from '@/components/load-error';
import { type ReactNode, useId, useState } from 'react';
import { AlertCircle, Clock, Inbox, Layers, Search, ShieldAlert } from 'lucide-react';
import {
  statusBadgeLabels,
  submissionStatuses,
  type SubmissionCategory,
  type SubmissionCounts,
  type AdminSubmission,
  type SubmissionStatus,
} from '@assay/domain';
import { errorMessage } from '@/lib/api-client';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Spinner } from '@/components/ui/spinner';
import { StatCard } from '@/components/ui/stat-card';
import { Tabs, type TabItem } from '@/components/ui/tabs';
import { useMailboxCounts, useMailboxPages, type MailboxFilters } from '../api/mailbox';
import { AdminSubmissionCard } from './admin-submission-card';
import { MailboxSearch } from './mailbox-search';

type CategoryTab = SubmissionCategory | 'all';

const tabLabels: Record<CategoryTab, string> = {
  all: 'All',
  scrap: 'Raw & Scrap Metals',
  gems: 'Loose Gems',
  jewelry: 'Finished Jewelry',
};

/** The four cards of SPEC "Admin mailbox", from the server's maintained counters. */
function MailboxStats({ counts }: { counts: SubmissionCounts | undefined }) {
  const show = (n: number | undefined) => (n === undefined ? '…' : n);
  const nearing = counts?.nearingDeadline ?? 0;
  return (
    <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
      <StatCard
        title="New Submissions"
        icon={<Inbox />}
        value={show(counts?.new)}
        caption={nearing > 0 ? `${nearing} nearing 48h deadline` : 'None nearing 48h deadline'}
        captionTone={nearing > 0 ? 'warning' : 'muted'}
      />
      <StatCard title="In Appraisal" icon={<Search />} value={show(counts?.appraising)} caption="Being appraised" />
      {/* The count is of flagged offers; a state that asks for ID at any amount is named on each card ("ID rule"). */}
      <StatCard
        title="KYC Required"
        icon={<ShieldAlert />}
        value={show(counts?.kycRequired)}
        caption="Over $10,000 or requested; state rules on each card"
      />
      <StatCard title="Total Submissions" icon={<Layers />} value={show(counts?.total)} caption="All time" />
    </div>
  );
}

/** What the page adds to each card from another feature (the bench panel): features never import each other. */
export type CardExtras = (submission: AdminSubmission) => ReactNode;

function SubmissionList({ filters, cardExtras }: { filters: MailboxFilters; cardExtras?: CardExtras }) {
  const pages = useMailboxPages(filters);

  if (pages.isPending) return <Spinner label="Loading submissions..." className="py-12" />;
  // A failed "Load more" also puts the query in error, but keeps the pages already shown.
  if (pages.isError && !pages.isFetchNextPageError) {
    return (
      <LoadError message={`Could not load submissions. ${errorMessage(pages.error, '')}`} onRetry={() => void pages.refetch()} />
    );
  }

  const submissions = pages.data?.pages.flatMap((page) => page.items) ?? [];
  if (submissions.length === 0) return <EmptyState icon={<Clock />} title="No submissions found" />;
  return (
    <div className="flex flex-col gap-4">
      <ul className="flex flex-col gap-4" aria-label="Submissions" aria-busy={pages.isPlaceholderData || undefined}>
        {submissions.map((submission) => (
          <li key={submission.id}>
            <AdminSubmissionCard
              key={`${submission.id}-${submission.version}`}
              submission={submission}
              extras={cardExtras?.(submission)}
            />
          </li>
        ))}
      </ul>
      {pages.hasNextPage && (
        <Button
          variant="outline"
          className="self-center"
          disabled={pages.isFetchingNextPage}
          onClick={() => void pages.fetchNextPage()}
        >
          {pages.isFetchingNextPage ? 'Loading…' : 'Load more submissions'}
        </Button>
      )}
      {pages.isFetchNextPageError && (
        <Alert variant="error">
          <AlertCircle aria-hidden="true" />
          <span>Could not load more submissions. {errorMessage(pages.error, '')}</span>
        </Alert>
      )}
    </div>
  );
}

/** SPEC "Admin mailbox": the cards, the category tabs with counts, and the submissions, newest first. */
export function AdminMailbox({ cardExtras }: { cardExtras?: CardExtras } = {}) {
  const counts = useMailboxCounts();
  const statusSelectId = useId();
  const [filters, setFilters] = useState<MailboxFilters>({ category: 'all', status: 'all', search: '' });

  const tabs: TabItem<CategoryTab>[] = (Object.keys(tabLabels) as CategoryTab[]).map((value) => ({
    value,
    label: tabLabels[value],
    count: counts.data?.byCategory[value],
  }));

  return (
    <div className="flex flex-col gap-6 sm:gap-8">
      {counts.isError && (
        <Alert variant="error">
          <AlertCircle aria-hidden="true" />
          <span>Could not load the counts. {errorMessage(counts.error, '')}</span>
        </Alert>
      )}
      <MailboxStats counts={counts.data} />
      <section aria-labelledby="mailbox-heading" className="flex flex-col gap-3">
        <div className="flex flex-col gap-2 sm:flex-row sm:items-end sm:justify-between">
          <h2 id="mailbox-heading" className="text-lg font-semibold text-navy-900">
            Submissions
          </h2>
          <MailboxSearch
            search={filters.search}
            // A parcel in hand is found wherever it is: a search starts from all tabs and statuses.
            onSearch={(search) => setFilters({ category: 'all', status: 'all', search })}
          />
          <div className="flex items-center gap-2">
            <Label htmlFor={statusSelectId} className="shrink-0">
              Status
            </Label>
            <NativeSelect
              id={statusSelectId}
              wrapperClassName="w-44"
              value={filters.status}
              onChange={(e) => setFilters((f) => ({ ...f, status: e.target.value as MailboxFilters['status'] }))}
            >
              <option value="all">All statuses</option>
              {submissionStatuses.map((status: SubmissionStatus) => (
                <option key={status} value={status}>
                  {statusBadgeLabels[status]}
                </option>
              ))}
            </NativeSelect>
          </div>
        </div>
        <Tabs
          items={tabs}
          value={filters.category}
          onValueChange={(category) => setFilters((f) => ({ ...f, category }))}
          label="Filter by category"
        >
          <SubmissionList filters={filters} cardExtras={cardExtras} />
        </Tabs>
      </section>
    </div>
  );
}
