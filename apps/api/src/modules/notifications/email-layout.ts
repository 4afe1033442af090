// The one place an e-mail gets its final form, when the outbox sends it (and when the demo mailbox
// shows it): the stored plain text with its submission links made absolute, the business identity
// (legal name, address) at the end, and an HTML part built from that same text with everything
// escaped. Templates only write plain text, so a new template gets all of this for free.
import { businessSignatureLines, submissionPagePath } from '@assay/domain';
import type { MailSender } from '../../adapters/mail/mail-transport.ts';
import type { Config } from '../../config/index.ts';

/** Who sends, and what every e-mail ends with (composeEmail also takes a bare address: delivery tests). */
export type { MailSender };

export function mailSenderOf(config: Pick<Config, 'mail' | 'publicUrl' | 'business'>): MailSender {
  return { from: config.mail.from, publicUrl: config.publicUrl, business: config.business };
}

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

/** One paragraph of text as HTML: escaped, line breaks kept, links to Assay itself clickable. */
function paragraphHtml(paragraph: string, publicUrl: string | null): string {
  const origin = publicUrl ? publicUrl.replace(/\/+$/, '') : null;
  const parts: string[] = [];
  // Only Assay's own addresses become links: a URL someone typed into a note stays text.
  const link = origin ? new RegExp(`${origin.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?:[/?#][^\\s<>"]*)?`, 'g') : null;
  let last = 0;
  for (const match of link ? paragraph.matchAll(link) : []) {
    const url = match[0].replace(/[.,;:!?)]+$/, '');
    parts.push(escapeHtml(paragraph.slice(last, match.index)));
    parts.push(
      `<a href="${escapeHtml(url)}" style="color:#8a6d1d;text-decoration:underline;word-break:break-all">${escapeHtml(url)}</a>`,
    );
    last = match.index + url.length;
  }
  parts.push(escapeHtml(paragraph.slice(last)));
  return parts.join('').replace(/\n/g, '<br>\n');
}

/** The e-mail as sent: plain text and HTML, both ending with the business identity. */
export function composeEmail(stored: { subject: string; text: string }, sender: MailSender | string): ComposedEmail {
  const full = typeof sender === 'string' ? null : sender;
  const body = stored.text
    .replace(TOKEN, (_, id: string) => (full ? submissionUrl(full.publicUrl, id) : submissionPagePath(id)))
    .trimEnd();
  const identity = full ? businessSignatureLines(full.business) : [];
  const text = identity.length ? `${body}\n\n--\n${identity.join('\n')}\n` : `${body}\n`;

  const paragraphs = body
    .split(/\n{2,}/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p style="margin:0 0 16px">${paragraphHtml(p, full?.publicUrl ?? null)}</p>`);
  const footer = identity.length
    ? `<footer style="margin-top:24px;padding-top:16px;border-top:1px solid #e5e1d8;font-size:14px;color:#4b5563">` +
      `<p style="margin:0">${identity.map(escapeHtml).join('<br>\n')}</p></footer>`
    : '';
  const html =
    '<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n' +
    '<meta name="viewport" content="width=device-width, initial-scale=1">\n' +
    `<title>${escapeHtml(stored.subject)}</title>\n</head>\n` +
    '<body style="margin:0;padding:0;background:#f6f5f2">\n' +
    '<div role="article" aria-roledescription="email" lang="en" style="max-width:600px;margin:0 auto;padding:24px 16px;' +
    'font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5;color:#1f2937;background:#ffffff">\n' +
    `${paragraphs.join('\n')}\n${footer}\n</div>\n</body>\n</html>\n`;
  return { subject: stored.subject, text, html };
}
