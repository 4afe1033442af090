import { useEffect, useMemo, useRef, useState } from 'react';
import { toast } from 'sonner';
import { z } from 'zod';
import { MessageSquareReply } from 'lucide-react';
import {
  counterOfferProblem,
  counterOfferSchema,
  dollarsToCents,
  formatCents,
  MAX_COUNTER_MESSAGE_LENGTH,
  maxCounterCents,
  type CounterOfferView,
  type CounterableOffer,
  type CounterOfferStatus,
  type OfferStatus,
  type OfferView,
} from '@assay/domain';
import { errorMessage } from '@/lib/api-client';
import { plainDollarAmount } from '@/lib/dollar-input';
import { formatDateTime, formatDollars } from '@/lib/format';
import { counterItemRows, type CounterItemRow } from '@/lib/offer-items';
import { textInput } from '@/lib/forms/form-schemas';
import { applyServerIssues } from '@/lib/forms/server-issues';
import { useZodForm } from '@/lib/forms/use-zod-form';
import { useOfferExpired } from '@/components/offer-validity';
import { Button } from '@/components/ui/button';
import { ConfirmBeforeSending } from '@/components/confirm-before-sending';
import { Field } from '@/components/ui/field';
import { TextField } from '@/components/ui/text-field';
import { Textarea } from '@/components/ui/textarea';
import { useCounterOffer } from '../api/counter-offer';
import type { SubmissionDetail } from '../api/get-submission';

/** The offer as the domain's counter-offer rule reads it. */
function counterable(offer: OfferView): CounterableOffer {
  return {
    status: offer.status as OfferStatus,
    totalCents: dollarsToCents(offer.total) ?? 0,
    validUntil: new Date(offer.validUntil),
    counterStatus: (offer.counter?.status as CounterOfferStatus | undefined) ?? null,
  };
}

/**
 * The counter-offer as typed, checked by the domain's counterOfferSchema fields and then by
 * counterOfferProblem (more than $0, at most 3 times this offer, once, before it lapses), so the
 * browser says the server's sentences on the amount field.
 */
function counterFormSchema(offer: OfferView) {
  return z
    .object({
      amount: textInput(counterOfferSchema.shape.amount, plainDollarAmount),
      message: textInput(counterOfferSchema.shape.message),
    })
    .superRefine((body, ctx) => {
      const problem = counterOfferProblem(counterable(offer), dollarsToCents(body.amount) ?? 0, new Date());
      if (problem) ctx.addIssue({ code: 'custom', path: ['amount'], message: problem });
    });
}

type CheckedCounter = z.output<ReturnType<typeof counterFormSchema>>;

/** Whether the seller may counter this offer now: open, not lapsed, not countered yet. */
export function canCounter(detail: SubmissionDetail, expired: boolean): boolean {
  const offer = detail.offer;
  return detail.status === 'offered' && offer !== null && offer.status === 'open' && !expired && offer.counter === null;
}

function askedText(counter: CounterOfferView): string {
  const amount = formatDollars(counter.amount) ?? `$${counter.amount}`;
  return `You asked ${amount} on ${formatDateTime(counter.at)}`;
}

/** Where this offer's counter-offer stands, in one sentence. */
export function counterStatusText(counter: CounterOfferView): string {
  // Made item by item: the amount asked is several figures, each said beside its item.
  if (counter.items) {
    const sent = `Your choices of ${formatDateTime(counter.at)}`;
    if (counter.status === 'accepted') return `${sent}: we accepted them, and they became the offer.`;
    if (counter.status === 'answered') return `${sent}: we answered with a new offer.`;
    return `${sent}: waiting for our appraiser.`;
  }
  if (counter.status === 'accepted') return `${askedText(counter)}: we accepted it, and it became the offer.`;
  if (counter.status === 'answered') return `${askedText(counter)}: we answered with a new offer.`;
  return `${askedText(counter)}: waiting for our appraiser.`;
}

/** On a new version: what became of the counter-offer made on the version it replaced. */
export function previousCounterText(counter: CounterOfferView, offer: OfferView): string | null {
  const total = formatDollars(offer.total) ?? offer.total;
  if (counter.items) {
    const sent = `Your choices of ${formatDateTime(counter.at)}`;
    if (counter.status === 'accepted') return `${sent}: we accepted them, so our offer is now ${total}.`;
    if (counter.status === 'answered') return `${sent}: we answered with this new offer of ${total}.`;
    return null;
  }
  if (counter.status === 'accepted') return `${askedText(counter)}: we accepted it, so our offer is now ${total}.`;
  if (counter.status === 'answered') return `${askedText(counter)}: we answered with this new offer of ${total}.`;
  return null;
}

/** Each item of a counter made item by item: accepted at $X, countered at $Y, or declined. */
function CounterItems({ rows }: { rows: readonly CounterItemRow[] }) {
  return (
    <ul aria-label="Your choice for each item" className="flex flex-col gap-0.5">
      {rows.map((row) => (
        <li key={row.position} className="flex flex-wrap justify-between gap-x-3">
          <span className="min-w-0 [overflow-wrap:anywhere]">{row.heading}</span>
          <span className="font-medium text-navy-900">{row.text}</span>
        </li>
      ))}
    </ul>
  );
}

function CounterStatus({
  counter,
  rows = [],
  focusOnMount = false,
}: {
  counter: CounterOfferView;
  rows?: readonly CounterItemRow[];
  focusOnMount?: boolean;
}) {
  const box = useRef<HTMLDivElement>(null);
  // Just sent: the form it replaces had the focus, so keyboard users land on its outcome.
  useEffect(() => {
    if (focusOnMount) box.current?.focus();
  }, [focusOnMount]);
  return (
    <div
      ref={box}
      tabIndex={-1}
      className="flex flex-col gap-1 rounded-md border border-border bg-muted/40 p-3 text-sm outline-none focus-visible:outline-2 focus-visible:outline-ring"
      role="status"
    >
      <p className="font-medium text-navy-900">{counterStatusText(counter)}</p>
      {rows.length > 0 && <CounterItems rows={rows} />}
      {counter.message && (
        <p className="text-muted-foreground [overflow-wrap:anywhere]">
          Your message: <q>{counter.message}</q>
        </p>
      )}
      {counter.status === 'open' && (
        <p className="text-xs text-muted-foreground">
          {counter.items
            ? 'Nothing is paid or sent back until they answer. They will accept your counter-offers or answer with a new offer.'
            : 'They will accept it or answer with a new offer. Each offer can be countered once.'}
        </p>
      )}
    </div>
  );
}

/**
 * Said back before anything is sent: each offer can be countered once, so a slip of a digit must
 * be caught here rather than used up.
 */
function ConfirmCounter({
  counter,
  offerTotal,
  sending,
  onSend,
  onBack,
}: {
  counter: CheckedCounter;
  offerTotal: string;
  sending: boolean;
  onSend: () => void;
  onBack: () => void;
}) {
  const amount = formatCents(dollarsToCents(counter.amount) ?? 0);
  return (
    <ConfirmBeforeSending
      question={
        <>
          Ask <strong className="tabular-nums">{amount}</strong> instead of our {offerTotal}? You can counter this offer only
          once; our appraiser will accept it or answer with a new offer.
        </>
      }
      sendLabel={`Send ${amount} counter-offer`}
      sending={sending}
      onSend={onSend}
      onBack={onBack}
    />
  );
}

function CounterOfferForm({
  submissionId,
  offer,
  onClose,
  onSent,
}: {
  submissionId: string;
  offer: OfferView;
  onClose: () => void;
  onSent: () => void;
}) {
  const schema = useMemo(() => counterFormSchema(offer), [offer]);
  const form = useZodForm(schema, { defaultValues: { amount: '', message: '' } });
  const { errors } = form.formState;
  const [toConfirm, setToConfirm] = useState<CheckedCounter | null>(null);
  // isPending lags a render behind: a double click would otherwise send two counter-offers.
  const sent = useRef(false);
  const offerTotal = formatDollars(offer.total) ?? offer.total;
  const max = formatCents(maxCounterCents(dollarsToCents(offer.total) ?? 0));
  const counter = useCounterOffer(submissionId, {
    onSuccess: (_offer, body) => {
      onSent();
      toast.success('Counter-offer sent', {
        description: `You asked ${formatDollars(body.amount) ?? body.amount}. We'll tell you when our appraiser answers.`,
      });
    },
    onError: (err) => {
      sent.current = false;
      setToConfirm(null);
      applyServerIssues(form, err);
      toast.error('Your counter-offer was not sent', { description: errorMessage(err, '') || undefined });
    },
  });
  useEffect(() => form.setFocus('amount'), [form]);

  const onSubmit = form.handleSubmit((checked) => setToConfirm(checked));
  const locked = toConfirm !== null || counter.isPending;

  return (
    <form
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      aria-label="Counter-offer"
      className="flex flex-col gap-3 rounded-lg border border-border p-3"
    >
      <TextField
        label="Your counter-offer ($)"
        inputMode="decimal"
        autoComplete="off"
        placeholder="0.00"
        hint={`Our offer is ${offerTotal}; you can ask up to ${max}.`}
        error={errors.amount?.message}
        readOnly={locked}
        {...form.register('amount')}
      />
      <Field
        label="Message (optional)"
        hint={`What you think we missed, up to ${MAX_COUNTER_MESSAGE_LENGTH} characters.`}
        error={errors.message?.message}
      >
        {(control) => <Textarea {...control} rows={3} className="min-h-20" readOnly={locked} {...form.register('message')} />}
      </Field>
      {toConfirm ? (
        <ConfirmCounter
          counter={toConfirm}
          offerTotal={offerTotal}
          sending={counter.isPending}
          onSend={() => {
            if (sent.current) return;
            sent.current = true;
            counter.mutate(toConfirm);
          }}
          onBack={() => setToConfirm(null)}
        />
      ) : (
        <div className="flex flex-wrap gap-2">
          <Button type="submit" variant="accent">
            Review counter-offer
          </Button>
          <Button type="button" variant="ghost" onClick={onClose}>
            Cancel
          </Button>
        </div>
      )}
    </form>
  );
}

/**
 * The seller's side of a counter-offer (DECISIONS "The honest offer": once per offer version): the
 * form while this offer can be countered, else where the counter-offer stands; on a new version,
 * what became of the one made on the version before.
 */
export function CounterOfferSection({
  detail,
  byItem = false,
  justSent = false,
}: {
  detail: SubmissionDetail;
  /** The offer prices several items: each is countered in the item choices, not here. */
  byItem?: boolean;
  /** The item choices just sent a counter: its state takes the focus, as after this form. */
  justSent?: boolean;
}) {
  const offer = detail.offer;
  const expired = useOfferExpired(offer?.validUntil, offer?.lapsed ?? false);
  const [open, setOpen] = useState(false);
  const [sent, setSent] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  if (!offer) return null;
  const previous = detail.previousOffers[0]?.counter;
  const previousNote = previous ? previousCounterText(previous, offer) : null;
  const close = () => {
    setOpen(false);
    // Back to the button that opened the form, so keyboard users are not dropped at the page top.
    requestAnimationFrame(() => opener.current?.focus());
  };

  const body = offer.counter ? (
    <CounterStatus
      counter={offer.counter}
      rows={offer.counter.items ? counterItemRows(offer.counter, offer, detail.items) : []}
      focusOnMount={sent || justSent}
    />
  ) : canCounter(detail, expired) && !byItem ? (
    open ? (
      <CounterOfferForm submissionId={detail.id} offer={offer} onClose={close} onSent={() => setSent(true)} />
    ) : (
      <div className="flex flex-col items-start gap-1.5">
        <Button ref={opener} variant="outline" onClick={() => setOpen(true)}>
          <MessageSquareReply aria-hidden="true" />
          Make a counter-offer
        </Button>
        <p className="text-xs text-muted-foreground">Think it is worth more? You can counter each offer once.</p>
      </div>
    )
  ) : null;

  if (!body && !previousNote) return null;
  return (
    <section aria-label="Your counter-offer" className="flex flex-col gap-3">
      {previousNote && <p className="text-sm text-muted-foreground">{previousNote}</p>}
      {body}
    </section>
  );
}
