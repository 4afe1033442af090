import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';

/**
 * Said back before anything that reaches the other side at once (an offer, a counter-offer) is
 * sent: the question, what will go, and "Send …" / "Back to edit". It takes the focus when it
 * appears, so a keyboard or screen-reader user lands on the question.
 */
export function ConfirmBeforeSending({
  question,
  children,
  sendLabel,
  sending,
  onSend,
  onBack,
}: {
  question: ReactNode;
  /** What will be sent, beneath the question (the offer's lines). */
  children?: ReactNode;
  sendLabel: string;
  sending: boolean;
  onSend: () => void;
  onBack: () => void;
}) {
  const panel = useRef<HTMLDivElement>(null);
  const questionId = useId();
  useEffect(() => panel.current?.focus(), []);
  return (
    <div
      ref={panel}
      tabIndex={-1}
      role="group"
      aria-labelledby={questionId}
      className="flex flex-col gap-3 rounded-lg border border-gold-300 bg-gold-50 p-3 outline-none focus-visible:outline-2 focus-visible:outline-ring"
    >
      <p id={questionId} className="text-sm text-navy-900">
        {question}
      </p>
      {children}
      {/* On a phone the amount can make "Send $X counter-offer" wider than the panel: it wraps. */}
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          variant="accent"
          onClick={onSend}
          disabled={sending}
          aria-busy={sending || undefined}
          className="h-auto min-h-10 max-w-full whitespace-normal"
        >
          {sending ? 'Sending…' : sendLabel}
        </Button>
        <Button type="button" variant="outline" onClick={onBack} disabled={sending}>
          Back to edit
        </Button>
      </div>
    </div>
  );
}
