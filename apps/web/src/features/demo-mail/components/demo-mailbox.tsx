import { Fragment, useState } from 'react';
import { Link } from 'wouter';
import { Inbox, Mail } from 'lucide-react';
import type { DemoMail } from '@assay/domain';
import { Logo } from '@/components/logo';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { FullPageSpinner } from '@/components/ui/spinner';
import { formatDateTime } from '@/lib/format';
import { paths } from '@/lib/paths';
import { useDemoMail } from '../api/get-demo-mail';

/** Text with its web addresses made clickable (the e-mails are plain text). */
function LinkedText({ text }: { text: string }) {
  const parts = text.split(/(https?:\/\/\S+)/g);
  return (
    <p className="whitespace-pre-wrap break-words text-sm text-foreground">
      {parts.map((part, i) =>
        /^https?:\/\//.test(part) ? (
          <a key={i} href={part} className="font-medium text-navy-700 underline underline-offset-2 hover:text-navy-900 break-all">
            {part}
          </a>
        ) : (
          <Fragment key={i}>{part}</Fragment>
        ),
      )}
    </p>
  );
}

/**
 * The HTML part as a mail client shows it, in a frame that runs no script and is its own origin
 * (sandbox without allow-scripts or allow-same-origin); its links open in a new tab.
 */
function HtmlPreview({ mail }: { mail: DemoMail & { html: string } }) {
  // The frame exists only while open: a mailbox of fifty e-mails loads none until asked.
  const [open, setOpen] = useState(false);
  const srcDoc = mail.html.replace(/<head>/i, '<head><base target="_blank">');
  return (
    <details className="mt-4 rounded-md border" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary className="cursor-pointer px-3 py-2 text-sm font-medium text-navy-700">Show as HTML e-mail</summary>
      {open ? (
        <iframe
          title={`HTML e-mail: ${mail.subject}`}
          sandbox="allow-popups allow-popups-to-escape-sandbox"
          srcDoc={srcDoc}
          className="h-[36rem] w-full border-t bg-white"
        />
      ) : null}
    </details>
  );
}

function MailCard({ mail }: { mail: DemoMail }) {
  return (
    <Card>
      <CardHeader className="gap-1 pb-3">
        <h2 className="text-base font-semibold text-navy-900">{mail.subject}</h2>
        <p className="text-xs text-muted-foreground">
          To {mail.to} · {formatDateTime(mail.createdAt)}
        </p>
      </CardHeader>
      <CardContent>
        <LinkedText text={mail.text} />
        {mail.html !== null ? <HtmlPreview mail={{ ...mail, html: mail.html }} /> : null}
      </CardContent>
    </Card>
  );
}

export function DemoMailbox() {
  const mail = useDemoMail();
  if (mail.isPending) return <FullPageSpinner />;
  return (
    <div className="min-h-dvh bg-muted/40 px-4 py-8 sm:py-12">
      <div className="mx-auto flex max-w-3xl flex-col gap-6">
        <Link href={paths.home} aria-label="Assay home" className="self-start rounded-md">
          <Logo />
        </Link>
        <main className="flex flex-col gap-6">
          <div className="flex flex-col gap-2">
            <h1 className="flex items-center gap-2 text-2xl font-bold text-navy-900">
              <Inbox aria-hidden="true" className="size-6 text-gold-600" />
              Demo mailbox
            </h1>
            <p className="text-muted-foreground">
              This Assay is a demo without an e-mail server, so the e-mails it would send are kept here instead, newest first.
              Only this computer can open this page.
            </p>
          </div>
          {mail.isError ? (
            <p className="rounded-md border bg-background p-4 text-sm">
              There is no demo mailbox here: this Assay sends its e-mail for real, or this page was opened from another computer.
            </p>
          ) : mail.data.messages.length === 0 ? (
            <p className="flex items-center gap-2 rounded-md border bg-background p-4 text-sm text-muted-foreground">
              <Mail aria-hidden="true" className="size-4" /> No e-mail yet.
            </p>
          ) : (
            <ul className="flex flex-col gap-4">
              {mail.data.messages.map((m) => (
                <li key={m.id}>
                  <MailCard mail={m} />
                </li>
              ))}
            </ul>
          )}
        </main>
      </div>
    </div>
  );
}

/** Under "check your inbox": on a demo, where that inbox really is. Nothing anywhere else. */
export function DemoMailboxHint() {
  const mail = useDemoMail();
  if (!mail.isSuccess) return null;
  return (
    <p className="text-sm text-muted-foreground">
      Trying the demo? It sends no e-mail:{' '}
      <Link href={paths.demoMail} className="font-semibold text-navy-700 underline underline-offset-2">
        open the demo mailbox
      </Link>{' '}
      to find the link.
    </p>
  );
}
