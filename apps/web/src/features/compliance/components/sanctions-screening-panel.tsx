import { useId, useState } from 'react';
import { AlertTriangle, ShieldAlert } from 'lucide-react';
import { toast } from 'sonner';
import { type SanctionsListState, type SanctionsScreening, screeningDecisionSchema } from '@assay/domain';
import { LoadError } from '@/components/load-error';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { cn } from '@/lib/utils';
import { useDecideScreening, usePossibleMatches, useSanctionsList } from '../api/sanctions';

function ListDate({ state }: { state: SanctionsListState }) {
  if (!state.loaded) {
    return (
      <Alert variant="warning" data-testid="sanctions-list-state">
        <AlertTriangle aria-hidden="true" />
        <span>{state.message}</span>
      </Alert>
    );
  }
  const line = `OFAC SDN list published ${state.publishedOn} (${state.ageDays} ${state.ageDays === 1 ? 'day' : 'days'} old), ${state.entryCount.toLocaleString('en-US')} listings, loaded ${formatDateTime(state.loadedAt)}.`;
  if (state.stale) {
    return (
      <Alert variant="warning" data-testid="sanctions-list-state">
        <AlertTriangle aria-hidden="true" />
        <span>
          {line} It is older than 7 days: load OFAC&apos;s latest files with <code>npm run sanctions:load</code>.
        </span>
      </Alert>
    );
  }
  return (
    <p className="text-sm text-muted-foreground" data-testid="sanctions-list-state">
      {line}
    </p>
  );
}

/** One possible match: who, which listing and how close, and the decision with its reason first. */
function MatchRow({ screening }: { screening: SanctionsScreening }) {
  const decide = useDecideScreening();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const best = screening.matches[0];

  const submit = (decision: 'clear' | 'block') => {
    const parsed = screeningDecisionSchema.safeParse({ decision, reason });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    decide.mutate(
      { id: screening.id, ...parsed.data },
      {
        onSuccess: () =>
          toast.success(
            decision === 'clear' ? 'Match cleared; the payout is released' : 'Match confirmed; the payout stays blocked',
          ),
        onError: (err) => setError(errorMessage(err, 'The decision was not saved. Please try again.')),
      },
    );
  };

  return (
    <li className="border-t border-border py-4 first:border-t-0" data-testid="sanctions-match">
      <div className="flex flex-col gap-1 sm:flex-row sm:items-baseline sm:justify-between sm:gap-4">
        <p className="font-semibold text-navy-900">
          {screening.screenedName} <span className="font-normal text-muted-foreground">· {screening.customerLabel}</span>
        </p>
        <p className="text-xs text-muted-foreground">
          {screening.context === 'id-review' ? 'At ID review' : 'Before a payout'}, {formatDateTime(screening.createdAt)}
        </p>
      </div>
      <ul className="mt-2 flex flex-col gap-1 text-sm" aria-label="Listings matched">
        {screening.matches.map((m) => (
          <li key={m.entNum}>
            <span className="font-medium">{m.listedName}</span>
            {m.matchedOn === 'alias' && <span className="text-muted-foreground"> (alias “{m.matchedName}”)</span>}
            <span className="text-muted-foreground">
              {' '}
              · {m.type}
              {m.programs.length > 0 ? `, ${m.programs.join(', ')}` : ''} · entry {m.entNum} ·{' '}
            </span>
            <span className="font-semibold tabular-nums">{Math.round(m.score * 100)}% similar</span>
          </li>
        ))}
      </ul>
      <Field label="Reason for the decision" error={error} className="mt-3 gap-1.5">
        {(control) => (
          <Textarea
            {...control}
            rows={2}
            maxLength={500}
            value={reason}
            placeholder={best ? `Why this seller is or is not ${best.listedName}` : 'Why'}
            onChange={(e) => setReason(e.target.value)}
            disabled={decide.isPending}
          />
        )}
      </Field>
      <div className="mt-3 flex flex-col gap-2 sm:flex-row">
        <Button className="h-11" disabled={decide.isPending} onClick={() => submit('clear')}>
          Clear: not the listed person
        </Button>
        <Button variant="destructive" className="h-11" disabled={decide.isPending} onClick={() => submit('block')}>
          Block: never pay
        </Button>
      </div>
    </li>
  );
}

/**
 * Sanctions screening for appraisers (DECISIONS "Compliance"): how old the loaded OFAC list is, and
 * each possible match holding a seller's payouts, to clear or block with a reason.
 */
export function SanctionsScreeningPanel({ className }: { className?: string }) {
  const list = useSanctionsList();
  const matches = usePossibleMatches();
  const titleId = useId();

  let body;
  if (list.isPending || matches.isPending) {
    body = <Spinner label="Loading sanctions screening..." className="py-8" />;
  } else if (list.isError || matches.isError) {
    body = (
      <LoadError
        message={`Could not load sanctions screening. ${errorMessage(list.error ?? matches.error, '')}`}
        onRetry={() => {
          void list.refetch();
          void matches.refetch();
        }}
      />
    );
  } else {
    body = (
      <div className="flex flex-col gap-4">
        <ListDate state={list.data} />
        {matches.data.length === 0 ? (
          <p className="text-sm text-muted-foreground" data-testid="sanctions-no-matches">
            No possible matches wait for a decision.
          </p>
        ) : (
          <ul className="flex flex-col" aria-label="Possible matches">
            {matches.data.map((s) => (
              <MatchRow key={s.id} screening={s} />
            ))}
          </ul>
        )}
      </div>
    );
  }

  return (
    <Card className={cn(className)} aria-labelledby={titleId} role="region">
      <CardHeader>
        <CardTitle id={titleId} className="flex items-center gap-2">
          <ShieldAlert aria-hidden="true" className="size-5 text-navy-700" />
          Sanctions screening
        </CardTitle>
        <CardDescription>
          Sellers&apos; names are screened against OFAC&apos;s SDN list at ID review and before each payout. A possible match
          holds their payouts until you clear or block it.
        </CardDescription>
      </CardHeader>
      <CardContent>{body}</CardContent>
    </Card>
  );
}
