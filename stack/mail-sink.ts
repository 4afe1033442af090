// The stack's SMTP server: a real SMTP peer on loopback that keeps every message it accepts, parsed,
// and shows them on a small HTTP port (GET /messages), where a person reads a confirmation link
// and the chaos proof counts each e-mail's copies by Message-ID.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface SunkMessage {
  messageId: string;
  to: string[];
  subject: string;
  text: string;
  receivedAt: string;
}

export interface MailSink {
  smtpPort: number;
  httpPort: number;
  messages: SunkMessage[];
  close(): Promise<void>;
}

export async function startMailSink(ports: { smtp: number; http: number }): Promise<MailSink> {
  const messages: SunkMessage[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          messages.push({
            messageId: parsed.messageId ?? '',
            to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            receivedAt: new Date().toISOString(),
          });
          callback();
        })
        .catch((err: unknown) => callback(err instanceof Error ? err : new Error(String(err))));
    },
  });
  await new Promise<void>((resolve, reject) => {
    smtp.server.once('error', reject);
    smtp.listen(ports.smtp, '127.0.0.1', resolve);
  });
  // An instance killed in the middle of a message (the chaos proof's kill -9) resets its connection;
  // a real SMTP server drops that one session and goes on serving the others. The message it was
  // sending was never acknowledged, so the outbox sends it again and the proof still counts it once.
  smtp.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'ECONNRESET' && error.code !== 'EPIPE') console.error(`mail sink: ${error.message}`);
  });

  const web = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    if (request.method !== 'GET' || url.pathname !== '/messages') {
      response.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ message: 'GET /messages only' }));
      return;
    }
    const to = url.searchParams.get('to')?.toLowerCase();
    const shown = to ? messages.filter((m) => m.to.includes(to)) : messages;
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ messages: shown }));
  });
  await new Promise<void>((resolve, reject) => {
    web.once('error', reject);
    web.listen(ports.http, '127.0.0.1', resolve);
  });

  return {
    smtpPort: (smtp.server.address() as AddressInfo).port,
    httpPort: (web.address() as AddressInfo).port,
    messages,
    async close() {
      web.closeAllConnections();
      await new Promise<void>((resolve) => web.close(() => resolve()));
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    },
  };
}
