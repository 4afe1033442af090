import { LoadError } from '@/components/load-error';
import { useState } from 'react';
import { PackageOpen, Sparkles } from 'lucide-react';
import { isPendingStatus, type Submission } from '@assay/domain';
import { errorMessage } from '@/lib/api-client';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Spinner } from '@/components/ui/spinner';
import { Tabs, type TabItem } from '@/components/ui/tabs';
import { useSubmissions } from '../api/get-submissions';
import { newestFirst } from '../lib/submission-views';
import { NewSubmissionButton } from './dashboard-actions';
import { SubmissionCard, type DeclineHandler, type PayoutLookup, type PrintLabelHandler } from './submission-card';

type Filter = 'all' | 'pending' | 'completed';

const filters: readonly TabItem<Filter>[] = [
  { value: 'all', label: 'All' },
  { value: 'pending', label: 'Pending' },
  { value: 'completed', label: 'Completed' },
];

const matches: Record<Filter, (s: Submission) => boolean> = {
  all: () => true,
  pending: (s: Submission) => isPendingStatus(s.status),
  completed: (s) => s.status === 'completed',
};

/**
 * 'My Submissions' with its tabs. Printing a label and declining are the shipping feature's, and a
 * submission's payout the payouts feature's; the page passes them in.
 */
export function MySubmissions({
  onPrintLabel,
  onDecline,
  printingId,
  payoutOf,
}: {
  onPrintLabel?: PrintLabelHandler;
  onDecline?: DeclineHandler;
  printingId?: string | null;
  payoutOf?: PayoutLookup;
}) {
  const submissions = useSubmissions();
  const [filter, setFilter] = useState<Filter>('all');

  let body;
  if (submissions.isPending) {
    body = <Spinner label="Loading your submissions..." className="py-12" />;
  } else if (submissions.isError) {
    body = (
      <LoadError
        message={`Could not load your submissions. ${errorMessage(submissions.error, '')}`}
        onRetry={() => void submissions.refetch()}
      />
    );
  } else if (submissions.data.length === 0) {
    body = (
      <EmptyState
        icon={<Sparkles />}
        title="Start Your Journey"
        action={<NewSubmissionButton>Create First Submission</NewSubmissionButton>}
      >
        Send us photos of your gold, silver, platinum, gems or jewelry and get a preliminary quote within 24 hours.
      </EmptyState>
    );
  } else {
    const shown = submissions.data.filter(matches[filter]).sort(newestFirst);
    body =
      shown.length === 0 ? (
        <EmptyState
          icon={<PackageOpen />}
          title={filter === 'pending' ? 'No pending submissions' : 'No completed submissions yet'}
        />
      ) : (
        <ul className="@container divide-y divide-border rounded-lg border border-border bg-card" aria-label="Submissions">
          {shown.map((submission) => (
            <SubmissionCard
              key={submission.id}
              submission={submission}
              onPrintLabel={onPrintLabel}
              onDecline={onDecline}
              printing={printingId === submission.id}
              payoutOf={payoutOf}
            />
          ))}
        </ul>
      );
  }

  return (
    <Card>
      <CardHeader className="px-4 pb-4 sm:px-6">
        <h2 className="text-xl font-semibold">My Submissions</h2>
      </CardHeader>
      <CardContent className="px-3 sm:px-6">
        <Tabs items={filters} value={filter} onValueChange={setFilter} label="Filter submissions">
          {body}
        </Tabs>
      </CardContent>
    </Card>
  );
}
