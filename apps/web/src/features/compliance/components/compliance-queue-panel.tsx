import { useId } from 'react';
import { ListChecks } from 'lucide-react';
import { Link } from 'wouter';
import { toast } from 'sonner';
import type { ComplianceBlockKind, ComplianceQueueItem } from '@assay/domain';
import { LoadError } from '@/components/load-error';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { paths } from '@/lib/paths';
import { cn } from '@/lib/utils';
import { useComplianceQueue, useRequestId } from '../api/compliance-queue';

const kindLabels: Record<ComplianceBlockKind, string> = {
  id: 'ID',
  statement: 'Statement',
  report: 'Police report line',
  sanctions: 'Sanctions review',
  hold: 'Hold',
};

function QueueRow({ item }: { item: ComplianceQueueItem }) {
  const requestId = useRequestId();
  return (
    <li className="flex flex-col gap-2 border-b border-border py-3 last:border-b-0 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0 text-sm">
        <p className="font-medium [overflow-wrap:anywhere]">
          <span className="mr-2 inline-block rounded-full border border-border px-2 py-0.5 text-xs font-semibold">
            {kindLabels[item.kind]}
          </span>
          {item.description} <span className="font-mono text-xs text-muted-foreground">#{item.shortId}</span>
        </p>
        <p className="text-muted-foreground">
          {item.customerLabel} · {item.message}
        </p>
        <p>{item.action}</p>
      </div>
      {item.clearedBy === 'request-id' && (
        <Button
          variant="outline"
          className="h-11 shrink-0"
          disabled={requestId.isPending}
          onClick={() =>
            requestId.mutate(item.submissionId, {
              onSuccess: () => toast.success('ID verification requested', { description: `Submission #${item.shortId}` }),
              onError: (err) => toast.error(errorMessage(err, 'Could not ask for the ID.')),
            })
          }
          aria-label={`Request ID verification for submission #${item.shortId}`}
        >
          Request ID
        </Button>
      )}
      {item.clearedBy === 'review-id' && (
        // The ID waits in another work area: one click there.
        <Button asChild variant="outline" className="h-11 shrink-0">
          <Link href={paths.adminIdentity}>Open identity checks</Link>
        </Button>
      )}
    </li>
  );
}

/**
 * The appraisers' compliance queue (DECISIONS "Compliance", issue 13 item 6): what blocks paying each
 * seller (their ID, the signed statement, a sanctions review) or melting each bought item (its
 * hold), in the gate's own words, with what clears it.
 */
export function ComplianceQueuePanel({ className }: { className?: string }) {
  const queue = useComplianceQueue();
  const titleId = useId();

  let body;
  if (queue.isPending) {
    body = <Spinner label="Loading the compliance queue..." className="py-8" />;
  } else if (queue.isError) {
    body = (
      <LoadError
        message={`Could not load the compliance queue. ${errorMessage(queue.error, '')}`}
        onRetry={() => void queue.refetch()}
      />
    );
  } else if (queue.data.length === 0) {
    body = <p className="text-sm text-muted-foreground">Nothing blocks a payout or a melt.</p>;
  } else {
    body = (
      <ul className="flex flex-col" aria-label="Blocks">
        {queue.data.map((item, index) => (
          // A submission may have several items lacking a report line: the index keeps their keys apart.
          <QueueRow key={`${item.submissionId}-${item.kind}-${index}`} item={item} />
        ))}
      </ul>
    );
  }

  return (
    <Card className={cn(className)} aria-labelledby={titleId} role="region">
      <CardHeader>
        <CardTitle id={titleId} className="flex items-center gap-2">
          <ListChecks aria-hidden="true" className="size-5 text-navy-700" />
          Compliance queue
        </CardTitle>
        <CardDescription>
          What stops paying a seller (ID, signed statement, an item&apos;s police report line, sanctions review) or melting an
          item (its hold), and what clears it.
        </CardDescription>
      </CardHeader>
      <CardContent>{body}</CardContent>
    </Card>
  );
}
