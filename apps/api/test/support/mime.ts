// Reads the e-mails the SMTP sink received the way a mail client does (mailparser, the parser of
// Nodemailer's project): the subject and the decoded plain-text and HTML parts, and where the
// HTML's links go, so tests check what a person would read and click.
import { simpleParser } from 'mailparser';
import type { ReceivedMail } from './smtp-sink.ts';

export interface ReadMail {
  subject: string;
  text: string | null;
  html: string | null;
}

export async function readMail(mail: ReceivedMail): Promise<ReadMail> {
  const parsed = await simpleParser(mail.raw);
  return {
    subject: parsed.subject ?? '',
    text: parsed.text ?? null,
    html: parsed.html || null,
  };
}
