// Reads the e-mails the SMTP sink received: the subject and the plain-text and HTML parts, decoded
// (quoted-printable or base64, UTF-8), enough for tests to check what a person would read.
import type { ReceivedMail } from './smtp-sink.ts';

export interface ReadMail {
  subject: string;
  text: string | null;
  html: string | null;
}

function splitHead(raw: string): { headers: Map<string, string>; body: string } {
  const at = raw.search(/\r?\n\r?\n/);
  const head = at < 0 ? raw : raw.slice(0, at);
  const body = at < 0 ? '' : raw.slice(at).replace(/^\r?\n\r?\n/, '');
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodeBody(body: string, encoding: string | undefined): string {
  switch ((encoding ?? '').toLowerCase()) {
    case 'quoted-printable': {
      const bytes: number[] = [];
      const text = body.replace(/=\r?\n/g, '');
      for (let i = 0; i < text.length; i++) {
        if (text[i] === '=' && /^[0-9A-F]{2}$/i.test(text.slice(i + 1, i + 3))) {
          bytes.push(parseInt(text.slice(i + 1, i + 3), 16));
          i += 2;
        } else bytes.push(...Buffer.from(text[i]!, 'utf8'));
      }
      return Buffer.from(bytes).toString('utf8').replace(/\r\n/g, '\n');
    }
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8').replace(/\r\n/g, '\n');
    default:
      return body.replace(/\r\n/g, '\n');
  }
}

/** RFC 2047 encoded words in a header (nodemailer writes them for non-ASCII subjects). */
function decodeHeader(value: string): string {
  return value.replace(/=\?utf-8\?([qb])\?([^?]*)\?=\s*/gi, (_, kind: string, data: string) =>
    kind.toLowerCase() === 'b'
      ? Buffer.from(data, 'base64').toString('utf8')
      : decodeBody(data.replace(/_/g, ' '), 'quoted-printable'),
  );
}

export function readMail(mail: ReceivedMail): ReadMail {
  const { headers, body } = splitHead(mail.raw);
  const result: ReadMail = { subject: decodeHeader(headers.get('subject') ?? ''), text: null, html: null };
  const visit = (partHeaders: Map<string, string>, partBody: string) => {
    const type = partHeaders.get('content-type') ?? 'text/plain';
    const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
    if (type.toLowerCase().startsWith('multipart/') && boundary) {
      for (const chunk of partBody.split(`--${boundary}`).slice(1)) {
        if (chunk.startsWith('--')) break;
        const part = splitHead(chunk.replace(/^\r?\n/, ''));
        visit(part.headers, part.body.replace(/\r?\n$/, ''));
      }
      return;
    }
    const decoded = decodeBody(partBody, partHeaders.get('content-transfer-encoding'));
    if (type.toLowerCase().startsWith('text/html')) result.html = decoded;
    else if (type.toLowerCase().startsWith('text/plain')) result.text = decoded;
  };
  visit(headers, body);
  return result;
}
