import { useId, useRef, useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import { toast } from 'sonner';
import {
  centsToDecimalString,
  dollarsToCents,
  formatCents,
  itemDecisionsSentence,
  MAX_COUNTER_MESSAGE_LENGTH,
  maxCounterCents,
  offerMessages,
  settleItemDecisions,
  type ItemDecision,
  type ItemDecisionKind,
  type ItemDecisionsResponse,
  type OfferedItem,
  type OfferView,
  type SubmissionItem,
} from '@assay/domain';
import { errorMessage } from '@/lib/api-client';
import { clientPaths } from '@/lib/client-paths';
import { plainDollarAmount } from '@/lib/dollar-input';
import { formatDollars } from '@/lib/format';
import { itemHeading, itemsLeftOut, offerItemGroups, type OfferItemGroup } from '@/lib/offer-items';
import { cn } from '@/lib/utils';
import { Button } from '@/components/ui/button';
import { Field, FieldMessage } from '@/components/ui/field';
import { TextField } from '@/components/ui/text-field';
import { Textarea } from '@/components/ui/textarea';
import { Spinner } from '@/components/ui/spinner';
import { useItemDecisions, type ItemDecisionsRequest } from '../api/item-decisions';
import type { SubmissionDetail } from '../api/get-submission';

interface Choice {
  decision: ItemDecisionKind | null;
  /** The counter-offer as typed, in dollars. */
  amount: string;
}

const choiceLabels: Record<ItemDecisionKind, string> = { accept: 'Accept', decline: 'Decline', counter: 'Counter' };

/** The item as the domain's rule reads it, named by its position. */
const offeredItem = (group: OfferItemGroup): OfferedItem => ({
  itemId: String(group.position),
  description: group.description,
  amountCents: group.subtotalCents,
});

/** The choices made so far; an unreadable counter amount counts as $0 so the rule says why. */
function decisionsOf(groups: readonly OfferItemGroup[], choices: Record<number, Choice>): ItemDecision[] {
  return groups.flatMap((group): ItemDecision[] => {
    const choice = choices[group.position];
    if (!choice?.decision) return [];
    const itemId = String(group.position);
    if (choice.decision !== 'counter') return [{ itemId, decision: choice.decision }];
    return [{ itemId, decision: 'counter', counterCents: dollarsToCents(plainDollarAmount(choice.amount)) ?? 0 }];
  });
}

function requestOf(offerVersion: number, decisions: readonly ItemDecision[], message: string): ItemDecisionsRequest {
  const countered = decisions.some((decision) => decision.decision === 'counter');
  return {
    offerVersion,
    decisions: decisions.map((decision) =>
      decision.decision === 'counter'
        ? { item: Number(decision.itemId), decision: 'counter', amount: Number(centsToDecimalString(decision.counterCents)) }
        : { item: Number(decision.itemId), decision: decision.decision },
    ),
    // The message goes with a counter only: nobody reads it otherwise.
    ...(countered && message.trim() ? { message: message.trim() } : {}),
  };
}

function ItemChoice({
  group,
  choice,
  locked,
  onChange,
}: {
  group: OfferItemGroup;
  choice: Choice;
  locked: boolean;
  onChange: (choice: Choice) => void;
}) {
  const name = useId();
  const heading = itemHeading(group.position, group.description);
  const offered = formatCents(group.subtotalCents);
  return (
    <fieldset className="flex min-w-0 flex-col gap-2 border-b border-border pb-3 last:border-0 last:pb-0" disabled={locked}>
      <legend className="float-left flex w-full flex-wrap items-baseline justify-between gap-x-3 text-sm">
        <span className="min-w-0 font-medium text-navy-900 [overflow-wrap:anywhere]">{heading}</span>
        <span className="shrink-0 tabular-nums text-muted-foreground">{`our offer ${offered}`}</span>
      </legend>
      <div className="grid grid-cols-3 gap-1 rounded-md bg-muted/60 p-1">
        {(['accept', 'decline', 'counter'] as const).map((decision) => (
          <label
            key={decision}
            className={cn(
              'flex min-h-10 cursor-pointer items-center justify-center rounded px-2 text-sm font-medium text-navy-900',
              'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring',
              choice.decision === decision && 'bg-navy-900 text-white shadow-sm',
            )}
          >
            <input
              type="radio"
              name={name}
              value={decision}
              checked={choice.decision === decision}
              onChange={() => onChange({ ...choice, decision })}
              className="sr-only"
            />
            {choiceLabels[decision]}
          </label>
        ))}
      </div>
      {choice.decision === 'counter' && (
        <TextField
          label={`Your counter-offer for item ${group.position} ($)`}
          inputMode="decimal"
          autoComplete="off"
          placeholder="0.00"
          hint={`Our offer is ${offered}; you can ask up to ${formatCents(maxCounterCents(group.subtotalCents))}.`}
          value={choice.amount}
          onChange={(event) => onChange({ ...choice, amount: event.target.value })}
        />
      )}
    </fieldset>
  );
}

/**
 * The seller's choice for each item of an offer that prices several (issue 27 item 5): accept,
 * decline or counter each, the domain's sentence for what that comes to as they choose, and one
 * request for them all. One item keeps the whole-offer buttons instead.
 */
export function ItemDecisionsForm({
  detail,
  groups,
  onAnswer,
}: {
  detail: SubmissionDetail;
  groups: readonly OfferItemGroup[];
  onAnswer: (answer: ItemDecisionsResponse) => void;
}) {
  const offerVersion = detail.offer?.version ?? 0;
  const [choices, setChoices] = useState<Record<number, Choice>>({});
  const [message, setMessage] = useState('');
  const [tried, setTried] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  // isPending lags a render behind: a double click would otherwise send the choices twice.
  const sending = useRef(false);
  const sentenceId = useId();
  const send = useItemDecisions(detail.id, {
    onSuccess: (answer) => {
      toast.success('Your choices were sent', { description: answer.sentence });
      onAnswer(answer);
    },
    onError: (err) => {
      sending.current = false;
      setServerError(errorMessage(err, 'Your choices were not sent. Please try again.'));
      toast.error('Your choices were not sent', { description: errorMessage(err, '') || undefined });
    },
  });

  const decisions = decisionsOf(groups, choices);
  const settled = settleItemDecisions(groups.map(offeredItem), decisions);
  const countered = decisions.some((decision) => decision.decision === 'counter');
  const messageProblem =
    countered && message.trim().length > MAX_COUNTER_MESSAGE_LENGTH ? offerMessages.counterMessageTooLong : null;
  const locked = send.isPending;

  const submit = () => {
    setTried(true);
    if (!settled.ok || messageProblem || sending.current) return;
    sending.current = true;
    setServerError(null);
    send.mutate(requestOf(offerVersion, decisions, message));
  };

  return (
    <section aria-label="Your choice for each item" className="flex flex-col gap-3 rounded-lg border border-border p-3">
      <div>
        <h4 className="text-sm font-semibold text-navy-900">Your choice for each item</h4>
        <p className="text-xs text-muted-foreground">
          Take the items you are happy with and leave the others: we send back the ones you decline, insured, in one parcel.
        </p>
      </div>
      {groups.map((group) => (
        <ItemChoice
          key={group.position}
          group={group}
          choice={choices[group.position] ?? { decision: null, amount: '' }}
          locked={locked}
          onChange={(choice) => {
            setServerError(null);
            setChoices((current) => ({ ...current, [group.position]: choice }));
          }}
        />
      ))}
      {countered && (
        <Field
          label="Message (optional)"
          hint={`What you think we missed, up to ${MAX_COUNTER_MESSAGE_LENGTH} characters.`}
          error={messageProblem ?? undefined}
        >
          {(control) => (
            <Textarea
              {...control}
              rows={3}
              className="min-h-20"
              readOnly={locked}
              value={message}
              onChange={(event) => setMessage(event.target.value)}
            />
          )}
        </Field>
      )}
      <p
        id={sentenceId}
        aria-live="polite"
        data-testid="item-decisions-sentence"
        className={cn(
          'rounded-md p-2 text-sm',
          settled.ok ? 'bg-gold-50 font-medium text-navy-900' : tried ? 'bg-red-50 text-destructive' : 'text-muted-foreground',
        )}
      >
        {settled.ok ? itemDecisionsSentence(settled) : settled.message}
      </p>
      <FieldMessage role="alert">{serverError ?? undefined}</FieldMessage>
      <Button
        variant="accent"
        className="self-start"
        onClick={submit}
        disabled={locked}
        aria-busy={locked || undefined}
        aria-describedby={sentenceId}
      >
        {locked ? 'Sending…' : 'Send my choices'}
      </Button>
    </section>
  );
}

/**
 * An open version that leaves some of the parcel's items out is the one a partial answer made for
 * the kept items: said as that answer would be, so the seller goes on to the payout.
 */
export function keptItemsAnswer(offer: OfferView, items: readonly SubmissionItem[] | undefined): ItemDecisionsResponse | null {
  if (offer.status !== 'open' || offer.counter || itemsLeftOut(offer, items).length === 0) return null;
  const kept = offerItemGroups(offer, items).length;
  const total = formatDollars(offer.total) ?? offer.total;
  return {
    outcome: 'partial',
    sentence: `This offer is for the ${kept === 1 ? 'item' : `${kept} items`} you kept, ${total} together.`,
    offerVersion: offer.version,
  };
}

/**
 * After a sale or a partial sale of the items: the offer version to accept, with the payout form
 * of a whole offer (the payout page). A partial's new version arrives with the refetch.
 */
export function ItemsPayoutStep({
  detail,
  answer,
  expired,
  idNote,
  onChangeChoices,
}: {
  detail: SubmissionDetail;
  answer: ItemDecisionsResponse;
  expired: boolean;
  /** The ID step, said before accepting as on the whole offer. */
  idNote?: ReactNode;
  /** Back to the item choices (on the version now open). */
  onChangeChoices?: () => void;
}) {
  const ready = detail.offer?.version === answer.offerVersion;
  const total = ready && detail.offer ? (formatDollars(detail.offer.total) ?? detail.offer.total) : null;
  return (
    <section
      aria-label="Your next step"
      aria-live="polite"
      className="flex flex-col gap-2 rounded-lg border border-gold-300 bg-gold-50/60 p-3 text-sm"
    >
      <p className="font-medium text-navy-900">{answer.sentence}</p>
      {total ? (
        <>
          <p className="text-muted-foreground">Next, choose how you want to be paid. Nothing is accepted until you confirm it.</p>
          {!expired && idNote}
          <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
            {expired ? (
              <Button variant="accent" disabled>
                {`Accept ${total}`}
              </Button>
            ) : (
              <Button asChild variant="accent">
                <Link href={clientPaths.payout(detail.id)}>{`Accept ${total}`}</Link>
              </Button>
            )}
            {onChangeChoices && (
              <Button variant="ghost" onClick={onChangeChoices}>
                Change my choices
              </Button>
            )}
          </div>
        </>
      ) : (
        <Spinner label="Loading your new offer..." className="py-1" />
      )}
    </section>
  );
}
