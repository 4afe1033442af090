// How an e-mail leaves the building. SMTP when configured; without it nothing is sent and the
// outbox table keeps every message (the embedded default).
//
// SMTP has no way to ask a server "did you take my message?", so a sender that dies between the
// server's yes and its own record of it would send the e-mail again. The transport narrows that
// window to nothing a process can die in, with SMTP's own commit point: the server delivers a
// message only once it reads the final dot after the body. `send` hands over the envelope and the
// whole body, then lets the caller commit its record of the sending and write the dot in the same
// instant (`atCommitPoint`). A sender killed before that leaves the server an unfinished message,
// which it discards, and its own transaction is rolled back; one killed after it has both.
import { Readable } from 'node:stream';
import MailComposer from 'nodemailer/lib/mail-composer';
import { parseConnectionUrl } from 'nodemailer/lib/shared';
import SMTPConnection from 'nodemailer/lib/smtp-connection';

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

export interface SendOptions {
  /**
   * Called once the server holds the envelope and the whole body. `release` writes the final dot
   * that makes the server deliver; the caller calls it in the same instant as its own commit (just
   * before its transaction's COMMIT, with no I/O between). Rejecting before `release` abandons
   * the message (never delivered) and `send` rejects with that error; an error after `release` is
   * the caller's to handle, and `send` goes on to the server's answer.
   */
  atCommitPoint?: (release: () => void) => Promise<void>;
}

export interface MailTransport {
  send(message: MailMessage, options?: SendOptions): Promise<void>;
  close(): void;
}

/**
 * Why `send` failed once the dot was released: the server refused the message in so many words
 * (`refused`: not delivered), or its answer never came (`in-doubt`: it may have delivered it).
 * Null: the dot was never released, so nothing was delivered.
 */
export class MailSendError extends Error {
  constructor(
    message: string,
    readonly afterRelease: 'refused' | 'in-doubt' | null,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'MailSendError';
  }
}

/** The MIME message, and its envelope (bare addresses, whatever display names the headers carry). */
async function composeMime(message: MailMessage) {
  const mime = new MailComposer({
    from: message.from,
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html,
    messageId: message.messageId,
  }).compile();
  const { from, to } = mime.getEnvelope();
  return { body: await mime.build(), envelope: { from, to } };
}

interface Handover {
  released: boolean;
  /** The caller's error from before it released: the message was abandoned for it. */
  abandonedFor?: Error;
}

/**
 * The body as a stream SMTPConnection reads only after the server said "go ahead" to DATA: the
 * bytes go at once, the end (the dot) only when the caller releases it at its commit point.
 */
function bodyEndingAt(body: Buffer, atCommitPoint: (release: () => void) => Promise<void>, handover: Handover) {
  let started = false;
  return new Readable({
    read() {
      if (started) return;
      started = true;
      this.push(body);
      const release = () => {
        if (handover.released) return;
        handover.released = true;
        this.push(null);
      };
      atCommitPoint(release).catch((err: unknown) => {
        if (handover.released) return;
        handover.abandonedFor = err instanceof Error ? err : new Error(String(err));
        this.destroy(handover.abandonedFor);
      });
    },
  });
}

const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

export function smtpTransport(smtpUrl: string, options: { timeoutMs?: number } = {}): MailTransport {
  const timeout = options.timeoutMs ?? 15_000;
  const { auth, ...server } = parseConnectionUrl(smtpUrl);
  const connectionOptions = {
    ...server,
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout,
  };
  const open = new Set<SMTPConnection>();

  async function send(message: MailMessage, sendOptions: SendOptions = {}): Promise<void> {
    const { body, envelope } = await composeMime(message);
    const connection = new SMTPConnection(connectionOptions);
    open.add(connection);
    const handover: Handover = { released: false };
    const atCommitPoint = sendOptions.atCommitPoint ?? (async (release: () => void) => release());
    // Every failure also reaches a callback below; without a listener an 'error' event would throw.
    connection.on('error', () => {});
    try {
      await new Promise<void>((resolve, reject) => {
        connection.once('error', reject);
        connection.connect(() => {
          if (!auth) return resolve();
          connection.login(auth, (err) => (err ? reject(err) : resolve()));
        });
      });
      await new Promise<void>((resolve, reject) => {
        connection.once('error', reject);
        const stream = bodyEndingAt(body, atCommitPoint, handover);
        connection.send(envelope, stream, (err) => (err ? reject(err) : resolve()));
      });
      connection.quit();
    } catch (err) {
      // Without the dot the server drops what it has; closing is what tells it.
      connection.close();
      // The caller's own error (the database's, say) rather than the stream error it became.
      if (handover.abandonedFor !== undefined) throw handover.abandonedFor;
      if (!handover.released) throw new MailSendError(messageOf(err), null, { cause: err });
      const refused = typeof (err as SMTPConnection.SMTPError).responseCode === 'number';
      throw new MailSendError(messageOf(err), refused ? 'refused' : 'in-doubt', { cause: err });
    } finally {
      open.delete(connection);
    }
  }

  return {
    send,
    close() {
      for (const connection of open) connection.close();
      open.clear();
    },
  };
}
