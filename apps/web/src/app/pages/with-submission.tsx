import type { ReactNode } from 'react';
import { AlertCircle } from 'lucide-react';
import type { SubmissionDetail } from '@assay/domain';
import { ApiError, errorMessage } from '@/lib/api-client';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useSubmission } from '@/features/submissions/api/get-submission';

/** Loads GET /api/submissions/<id> for a view; not found (or not yours: also 404) says so plainly. */
export function WithSubmission({ submissionId, children }: { submissionId: string; children: (detail: SubmissionDetail) => ReactNode }) {
  const detail = useSubmission(submissionId);
  if (detail.isPending) return <Spinner label="Loading your submission..." className="py-24" />;
  if (detail.isError) {
    const notFound = detail.error instanceof ApiError && detail.error.status === 404;
    return (
      <div className="flex flex-col items-start gap-3">
        <Alert variant="error" className="w-full">
          <AlertCircle aria-hidden="true" />
          <span>{notFound ? 'We could not find this submission in your account.' : `Could not load this submission. ${errorMessage(detail.error, '')}`}</span>
        </Alert>
        {!notFound && (
          <Button variant="outline" size="sm" onClick={() => void detail.refetch()}>
            Try again
          </Button>
        )}
      </div>
    );
  }
  return <>{children(detail.data)}</>;
}
