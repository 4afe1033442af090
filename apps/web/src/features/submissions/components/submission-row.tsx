import type { Submission } from '@assay/domain';
import { shortId } from '@assay/domain';
import { categoryLabel, formatWeight } from '@/lib/display';
import { formatDateTime } from '@/lib/format';
import { SubmissionPhotos } from '@/components/submission-photos';
import { SubmissionStatusBadge } from '@/components/submission-status-badge';

/** One line of 'My Submissions': up to two photos, what it is, when, and its status. */
export function SubmissionRow({ submission }: { submission: Submission }) {
  return (
    <li className="flex gap-3 p-4 sm:gap-4 sm:p-5" aria-label={submission.description} data-submission-id={submission.id}>
      <SubmissionPhotos images={submission.images} description={submission.description} slots={2} className="hidden sm:flex" />
      <SubmissionPhotos images={submission.images} description={submission.description} slots={1} className="sm:hidden" />
      <div className="flex min-w-0 flex-1 flex-col gap-1.5">
        <div className="flex flex-col items-start gap-2 sm:flex-row sm:justify-between">
          <p className="min-w-0 font-semibold text-foreground [overflow-wrap:anywhere]">{submission.description}</p>
          <SubmissionStatusBadge status={submission.status} />
        </div>
        <p className="flex flex-wrap gap-x-3 gap-y-1 text-sm text-muted-foreground">
          <span>{categoryLabel(submission.category)}</span>
          <span aria-hidden="true">·</span>
          <span>{formatWeight(submission)}</span>
        </p>
        <p className="flex flex-wrap gap-x-3 gap-y-1 text-xs text-muted-foreground">
          <time dateTime={submission.createdAt}>Submitted {formatDateTime(submission.createdAt)}</time>
          <span className="font-mono">#{shortId(submission.id)}</span>
        </p>
      </div>
    </li>
  );
}
