import { useCallback, useId, useRef, useState } from 'react';
import { Mail, MessageCircle, Phone, X } from 'lucide-react';
import { supportContact } from '@/lib/site';
import { useDismiss } from '@/lib/use-dismiss';

/**
 * SPEC 2's floating chat button. There is no live chat behind it (and we do not pretend there
 * is): it opens a small panel with the ways to reach a person on the support team.
 */
export function SupportChatButton() {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const headingId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  const close = useCallback(() => setOpen(false), []);
  useDismiss(open, close, rootRef, buttonRef);

  const link = 'flex items-center gap-3 rounded-md px-3 py-2.5 text-sm font-medium text-foreground hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring';

  return (
    <div ref={rootRef} className="fixed bottom-4 right-4 z-30 flex flex-col items-end gap-3 sm:bottom-6 sm:right-6 print:hidden">
      <section
        id={panelId}
        aria-labelledby={headingId}
        hidden={!open}
        className="w-72 max-w-[calc(100vw-2rem)] rounded-lg border border-border bg-card p-4 text-card-foreground shadow-xl"
      >
        <h2 id={headingId} className="text-base font-semibold text-navy-900">
          Talk to our team
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">
          Questions about a quote, a label or a payout? We answer e-mail within 24 hours. {supportContact.hours}.
        </p>
        <ul className="mt-3 flex flex-col gap-1">
          <li>
            <a href={`mailto:${supportContact.email}`} className={link}>
              <Mail aria-hidden="true" className="size-4 text-navy-700" />
              {supportContact.email}
            </a>
          </li>
          <li>
            <a href={supportContact.phoneHref} className={link}>
              <Phone aria-hidden="true" className="size-4 text-navy-700" />
              {supportContact.phone}
            </a>
          </li>
        </ul>
      </section>
      <button
        ref={buttonRef}
        type="button"
        aria-label={open ? 'Close support contacts' : 'Contact support'}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
        className="inline-flex size-14 cursor-pointer items-center justify-center rounded-full bg-navy-900 text-white shadow-lg transition-colors hover:bg-navy-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
      >
        {open ? <X aria-hidden="true" className="size-6" /> : <MessageCircle aria-hidden="true" className="size-6" />}
      </button>
    </div>
  );
}
