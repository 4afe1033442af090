import { Link } from 'wouter';
import { History } from 'lucide-react';
import { shortId, type Submission } from '@assay/domain';
import { errorMessage } from '@/lib/api-client';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { SubmissionStatusBadge } from '@/components/submission-status-badge';
import { useSubmissions } from '../api/get-submissions';
import { useSubmission } from '../api/get-submission';
import { newestFirst, nextStepText, submissionPath } from '../lib/submission-views';
import { SubmissionTimeline } from './submission-timeline';

/** The dashboard's status timeline of the most recent submission (nothing before the first one). */
export function LatestSubmissionTimeline() {
  const submissions = useSubmissions();
  const latest: Submission | undefined = [...(submissions.data ?? [])].sort(newestFirst)[0];
  const detail = useSubmission(latest?.id);
  if (!latest) return null;

  let body;
  if (detail.isPending) body = <p className="text-sm text-muted-foreground">Loading the history...</p>;
  else if (detail.isError)
    body = <p className="text-sm text-muted-foreground">Could not load the history. {errorMessage(detail.error, '')}</p>;
  else body = <SubmissionTimeline entries={detail.data.timeline} />;

  return (
    <Card role="region" aria-labelledby="latest-timeline-heading">
      <CardHeader className="pb-3">
        <h2 id="latest-timeline-heading" className="flex items-center gap-2 text-lg font-semibold">
          <History aria-hidden="true" className="size-5 text-gold-700" />
          Latest submission
        </h2>
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <span className="min-w-0 font-medium text-foreground [overflow-wrap:anywhere]">{latest.description}</span>
          <span className="font-mono text-xs text-muted-foreground">#{shortId(latest.id)}</span>
          <SubmissionStatusBadge status={latest.status} />
        </div>
        <p className="text-sm text-muted-foreground">{nextStepText(latest)}</p>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {body}
        <Link
          href={submissionPath(latest.id)}
          className="self-start rounded-sm text-sm font-semibold text-navy-700 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
        >
          Open this submission
        </Link>
      </CardContent>
    </Card>
  );
}
