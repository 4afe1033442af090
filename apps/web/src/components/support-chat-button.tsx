import { useId, useState } from 'react';
import { Mail, MessageCircle, Phone, X } from 'lucide-react';
import { supportContact } from '@/lib/site';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';

/**
 * SPEC 2's floating chat button. There is no live chat behind it (and we do not pretend there
 * is): it opens a small panel with the ways to reach a person on the support team. On a phone a
 * floating button sits on top of the page's own buttons, so there it closes the page instead, in
 * the flow after the content; from 640 px up it floats in the corner.
 */
export function SupportChatButton() {
  const [open, setOpen] = useState(false);
  const headingId = useId();

  const link =
    'flex items-center gap-3 rounded-md px-3 py-2.5 text-sm font-medium text-foreground hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring';

  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>
        <button
          type="button"
          aria-label={open ? 'Close support contacts' : 'Contact support'}
          className="relative z-30 mt-8 ml-auto flex size-14 sm:fixed sm:bottom-6 sm:right-6 sm:mt-0 sm:inline-flex cursor-pointer items-center justify-center rounded-full bg-navy-900 text-white shadow-lg transition-colors hover:bg-navy-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring print:hidden"
        >
          {open ? <X aria-hidden="true" className="size-6" /> : <MessageCircle aria-hidden="true" className="size-6" />}
        </button>
      </PopoverTrigger>
      <PopoverContent
        role="region"
        aria-labelledby={headingId}
        side="top"
        align="end"
        sideOffset={12}
        className="w-72 p-4 shadow-xl print:hidden"
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
      </PopoverContent>
    </Popover>
  );
}
