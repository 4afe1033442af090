import { CheckCircle2, Clock } from 'lucide-react';
import { isPendingStatus } from '@assay/domain';
import { StatCard } from '@/components/ui/stat-card';
import { useSubmissions } from '../api/get-submissions';

function useCounts() {
  const { data, isPending: loading } = useSubmissions();
  const submissions = data ?? [];
  return {
    loading,
    pending: submissions.filter((s) => isPendingStatus(s.status)).length,
    completed: submissions.filter((s) => s.status === 'completed').length,
  };
}

function Count({ loading, value }: { loading: boolean; value: number }) {
  if (!loading) return <>{value}</>;
  return (
    <span className="text-muted-foreground">
      <span aria-hidden="true">…</span>
      <span className="sr-only">Loading</span>
    </span>
  );
}

export function PendingSubmissionsCard() {
  const { loading, pending } = useCounts();
  return (
    <StatCard
      title="Pending Submissions"
      icon={<Clock />}
      value={<Count loading={loading} value={pending} />}
      caption="Awaiting appraisal"
    />
  );
}

export function CompletedSubmissionsCard() {
  const { loading, completed } = useCounts();
  return (
    <StatCard
      title="Completed"
      icon={<CheckCircle2 />}
      value={<Count loading={loading} value={completed} />}
      caption={completed === 1 ? 'Sale completed' : 'Sales completed'}
    />
  );
}
