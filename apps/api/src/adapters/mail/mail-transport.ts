// How an e-mail leaves the building. SMTP when configured; without it nothing is sent and the
// outbox table keeps every message (the embedded default).
import nodemailer from 'nodemailer';

export interface MailMessage {
  from: string;
  to: string;
  subject: string;
  text: string;
  /** The same message as HTML (modules/notifications/email-layout.ts). */
  html?: string;
  /** `<id@domain>`: the same for every try of one e-mail, so a copy sent twice is recognisably one. */
  messageId?: string;
}

/**
 * Who sends: the From address, PUBLIC_URL (where links point) and the business identity every
 * e-mail ends with (modules/notifications/email-layout.ts puts them together).
 */
export interface MailSender {
  from: string;
  publicUrl: string;
  business: { legalName: string; address: string };
}

export interface MailTransport {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

export function smtpTransport(smtpUrl: string, options: { timeoutMs?: number } = {}): MailTransport {
  const timeout = options.timeoutMs ?? 15_000;
  const transporter = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout,
  });
  return {
    async send(message) {
      await transporter.sendMail(message);
    },
    close: () => transporter.close(),
  };
}
