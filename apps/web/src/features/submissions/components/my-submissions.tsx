import { useState } from 'react';
import { AlertCircle, PackageOpen, Plus, Sparkles } from 'lucide-react';
import { isPendingStatus, type Submission } from '@assay/domain';
import { errorMessage } from '@/lib/api-client';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Spinner } from '@/components/ui/spinner';
import { Tabs, type TabItem } from '@/components/ui/tabs';
import { useSubmissions } from '../api/get-submissions';
import { notifyComingSoon } from './dashboard-actions';
import { SubmissionRow } from './submission-row';

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

function newestFirst(a: Submission, b: Submission): number {
  return new Date(b.createdAt).getTime() - new Date(a.createdAt).getTime();
}

export function MySubmissions() {
  const submissions = useSubmissions();
  const [filter, setFilter] = useState<Filter>('all');

  let body;
  if (submissions.isPending) {
    body = <Spinner label="Loading your submissions..." className="py-12" />;
  } else if (submissions.isError) {
    body = (
      <div className="flex flex-col items-start gap-3">
        <Alert variant="error" className="w-full">
          <AlertCircle aria-hidden="true" />
          <span>Could not load your submissions. {errorMessage(submissions.error, '')}</span>
        </Alert>
        <Button variant="outline" size="sm" onClick={() => void submissions.refetch()}>
          Try again
        </Button>
      </div>
    );
  } else if (submissions.data.length === 0) {
    body = (
      <EmptyState
        icon={<Sparkles />}
        title="Start Your Journey"
        action={
          <Button variant="accent" onClick={notifyComingSoon}>
            <Plus aria-hidden="true" />
            Create First Submission
          </Button>
        }
      >
        Send us photos of your gold, silver, platinum, gems or jewelry and get a preliminary quote within 24 hours.
      </EmptyState>
    );
  } else {
    const shown = submissions.data.filter(matches[filter]).sort(newestFirst);
    body =
      shown.length === 0 ? (
        <EmptyState icon={<PackageOpen />} title={filter === 'pending' ? 'No pending submissions' : 'No completed submissions yet'} />
      ) : (
        <ul className="divide-y divide-border rounded-lg border border-border bg-card" aria-label="Submissions">
          {shown.map((submission) => (
            <SubmissionRow key={submission.id} submission={submission} />
          ))}
        </ul>
      );
  }

  return (
    <Card>
      <CardHeader className="pb-4">
        <h2 className="text-xl font-semibold">My Submissions</h2>
      </CardHeader>
      <CardContent>
        <Tabs items={filters} value={filter} onValueChange={setFilter} label="Filter submissions">
          {body}
        </Tabs>
      </CardContent>
    </Card>
  );
}
