import { LoadError } from '@/components/load-error';
import type { ReactNode } from 'react';
import type { SubmissionDetail } from '@assay/domain';
import { ApiError, errorMessage } from '@/lib/api-client';
import { Spinner } from '@/components/ui/spinner';
import { useSubmission } from '@/features/submissions/api/get-submission';

/** Loads GET /api/submissions/<id> for a view; not found (or not yours: also 404) says so plainly. */
export function WithSubmission({
  submissionId,
  children,
}: {
  submissionId: string;
  children: (detail: SubmissionDetail) => ReactNode;
}) {
  const detail = useSubmission(submissionId);
  if (detail.isPending) return <Spinner label="Loading your submission..." className="py-24" />;
  if (detail.isError) {
    const notFound = detail.error instanceof ApiError && detail.error.status === 404;
    return (
      <LoadError
        message={
          notFound
            ? 'We could not find this submission in your account.'
            : `Could not load this submission. ${errorMessage(detail.error, '')}`
        }
        onRetry={notFound ? undefined : () => void detail.refetch()}
      />
    );
  }
  return <>{children(detail.data)}</>;
}
