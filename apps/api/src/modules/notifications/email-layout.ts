// The one place an e-mail gets its final form, when the outbox sends it (and when the demo mailbox
// shows it): the stored plain text with its submission links made absolute, the business identity
// (legal name, address) at the end, and an HTML part. A template writes plain text (the words, the
// same in both parts) and says what the HTML adds around them (`EmailLayout`): its heading, the
// figures a person acts on, and one button. The HTML is built here only, every value escaped.
import { z } from 'zod';
import { businessSignatureLines, submissionPagePath } from '@assay/domain';
import type { MailSender } from '../../adapters/mail/mail-transport.ts';
import type { Config } from '../../config/index.ts';

/** Who sends, and what every e-mail ends with (composeEmail also takes a bare address: delivery tests). */
export type { MailSender };

export function mailSenderOf(config: Pick<Config, 'mail' | 'publicUrl' | 'business'>): MailSender {
  return { from: config.mail.from, publicUrl: config.publicUrl, business: config.business };
}

/**
 * What the HTML part shows besides the text, stored with the e-mail in the outbox (so a sender that
 * restarts sends the same HTML). `facts` are figures worth a glance (an offer and until when it is
 * valid); `button.href` is a `submissionLinkToken` or an address of Assay itself.
 */
export const emailLayoutSchema = z.object({
  heading: z.string().min(1).max(200),
  facts: z
    .array(z.object({ label: z.string().min(1).max(60), value: z.string().min(1).max(200) }))
    .max(6)
    .optional(),
  button: z.object({ label: z.string().min(1).max(60), href: z.string().min(1).max(2000) }).optional(),
});
export type EmailLayout = z.infer<typeof emailLayoutSchema>;
export type EmailFact = NonNullable<EmailLayout['facts']>[number];

export interface ComposedEmail {
  subject: string;
  text: string;
  html: string;
}

/**
 * What a template writes for "link to this submission"; the outbox stores it as is (it knows no
 * PUBLIC_URL) and composeEmail() turns it into `${PUBLIC_URL}/client/submissions/<id>`. Only an id
 * (letters, digits, dashes) matches, and the link is always PUBLIC_URL's: text a person typed can
 * at most point at another page of Assay.
 */
export function submissionLinkToken(submissionId: string): string {
  return `[[submission:${submissionId}]]`;
}
const TOKEN = /\[\[submission:([A-Za-z0-9_-]{1,64})\]\]/g;

export function submissionUrl(publicUrl: string, submissionId: string): string {
  return `${publicUrl.replace(/\/+$/, '')}${submissionPagePath(submissionId)}`;
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const FONT = 'font-family:Arial,Helvetica,sans-serif';
const INK = '#1f2937';
const NAVY = '#1e2b4a';
const LINK = `color:${NAVY};text-decoration:underline;word-break:break-all`;

/** One paragraph of text as HTML: escaped, line breaks kept, links to Assay itself clickable. */
function paragraphHtml(paragraph: string, origin: string | null): string {
  const parts: string[] = [];
  // Only Assay's own addresses become links: a URL someone typed into a note stays text.
  const link = origin ? new RegExp(`${escapeRegExp(origin)}(?:[/?#][^\\s<>"]*)?`, 'g') : null;
  let last = 0;
  for (const match of link ? paragraph.matchAll(link) : []) {
    const url = match[0].replace(/[.,;:!?)]+$/, '');
    parts.push(escapeHtml(paragraph.slice(last, match.index)));
    parts.push(`<a href="${escapeHtml(url)}" style="${LINK}">${escapeHtml(url)}</a>`);
    last = match.index + url.length;
  }
  parts.push(escapeHtml(paragraph.slice(last)));
  return parts.join('').replace(/\n/g, '<br>\n');
}

/** The stored layout, or null when there is none or it is not one (an e-mail then reads as its text). */
function layoutOf(stored: unknown): EmailLayout | null {
  const parsed = emailLayoutSchema.safeParse(stored);
  return parsed.success ? parsed.data : null;
}

/** The button's address, only when it is Assay's own (a token, or under PUBLIC_URL). */
function buttonUrl(href: string, origin: string): string | null {
  const url = href.replace(TOKEN, (_, id: string) => submissionUrl(origin, id));
  return url === origin || url.startsWith(`${origin}/`) || url.startsWith(`${origin}?`) ? url : null;
}

/** A link drawn as a button with a table cell: it stays a working link with images off and no CSS. */
function buttonHtml(label: string, url: string): string {
  return (
    '<table role="presentation" cellspacing="0" cellpadding="0" border="0" style="margin:8px 0 24px">' +
    `<tr><td style="border-radius:6px;background:${NAVY}">` +
    `<a href="${escapeHtml(url)}" style="display:inline-block;padding:14px 24px;border-radius:6px;${FONT};` +
    `font-size:16px;font-weight:bold;line-height:20px;color:#ffffff;text-decoration:none">${escapeHtml(label)}</a>` +
    '</td></tr></table>'
  );
}

function factsHtml(facts: EmailFact[]): string {
  const rows = facts.map(
    (fact) =>
      `<tr><td style="padding:6px 0;white-space:nowrap;${FONT};font-size:14px;color:#4b5563">${escapeHtml(fact.label)}</td>` +
      `<td align="right" style="padding:6px 0 6px 12px;${FONT};font-size:16px;font-weight:bold;color:${INK}">` +
      `${escapeHtml(fact.value)}</td></tr>`,
  );
  return (
    '<table role="presentation" width="100%" cellspacing="0" cellpadding="0" border="0" ' +
    'style="margin:0 0 20px;border:1px solid #e5e1d8;border-radius:6px;background:#faf8f3">' +
    `<tr><td style="padding:10px 16px"><table role="presentation" width="100%" cellspacing="0" cellpadding="0" border="0">` +
    `${rows.join('')}</table></td></tr></table>`
  );
}

/** The e-mail as sent: plain text and HTML, both ending with the business identity. */
export function composeEmail(
  stored: { subject: string; text: string; layout?: unknown },
  sender: MailSender | string,
): ComposedEmail {
  const full = typeof sender === 'string' ? null : sender;
  const origin = full ? full.publicUrl.replace(/\/+$/, '') : null;
  const body = stored.text
    .replace(TOKEN, (_, id: string) => (origin ? submissionUrl(origin, id) : submissionPagePath(id)))
    .trimEnd();
  const identity = full ? businessSignatureLines(full.business) : [];
  const text = identity.length ? `${body}\n\n--\n${identity.join('\n')}\n` : `${body}\n`;

  const layout = layoutOf(stored.layout);
  const button = layout?.button && origin ? buttonUrl(layout.button.href, origin) : null;
  const paragraphs = body
    .split(/\n{2,}/)
    .map((p) => p.trim())
    .filter(Boolean);
  // The button goes just above the paragraph with its address (that address then reads as the
  // way in for a mail client that mangles the button), or after the words when none has it.
  const buttonAt = button ? paragraphs.findIndex((p) => p.includes(button)) : -1;
  const blocks = paragraphs.map(
    (p) => `<p style="margin:0 0 16px;${FONT};font-size:16px;line-height:1.5;color:${INK}">${paragraphHtml(p, origin)}</p>`,
  );
  if (button && layout?.button)
    blocks.splice(buttonAt < 0 ? blocks.length : buttonAt, 0, buttonHtml(layout.button.label, button));

  const heading = layout
    ? `<h1 style="margin:0 0 20px;${FONT};font-size:22px;line-height:1.3;color:${NAVY}">${escapeHtml(layout.heading)}</h1>\n`
    : '';
  const facts = layout?.facts?.length ? `${factsHtml(layout.facts)}\n` : '';
  const masthead = full
    ? `<tr><td style="padding:18px 24px;background:${NAVY};${FONT};font-size:18px;font-weight:bold;color:#ffffff">` +
      `${escapeHtml(full.business.legalName)}</td></tr>\n`
    : '';
  const footer = identity.length
    ? `<tr><td style="padding:16px 24px 24px;border-top:1px solid #e5e1d8;${FONT};font-size:13px;line-height:1.5;color:#4b5563">` +
      `${identity.map(escapeHtml).join('<br>\n')}</td></tr>\n`
    : '';
  const html =
    '<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n' +
    '<meta name="viewport" content="width=device-width, initial-scale=1">\n' +
    `<title>${escapeHtml(stored.subject)}</title>\n</head>\n` +
    '<body style="margin:0;padding:0;background:#f6f5f2">\n' +
    '<table role="presentation" width="100%" cellspacing="0" cellpadding="0" border="0" style="background:#f6f5f2">\n' +
    '<tr><td align="center" style="padding:16px 8px">\n' +
    '<table role="article" aria-roledescription="email" lang="en" width="100%" cellspacing="0" cellpadding="0" border="0" ' +
    'style="max-width:600px;border-collapse:separate;background:#ffffff;border:1px solid #e5e1d8">\n' +
    masthead +
    `<tr><td style="padding:24px;${FONT};font-size:16px;line-height:1.5;color:${INK}">\n` +
    `${heading}${facts}${blocks.join('\n')}\n</td></tr>\n` +
    footer +
    '</table>\n</td></tr>\n</table>\n</body>\n</html>\n';
  return { subject: stored.subject, text, html };
}
