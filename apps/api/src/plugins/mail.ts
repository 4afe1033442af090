// With SMTP configured, a background loop delivers the outbox every few seconds; without it the
// e-mails simply stay in the outbox table (the embedded default).
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type MailTransport, smtpTransport } from '../adapters/mail/mail-transport.ts';
import type { Db } from '../db/client.ts';
import { deliverPendingEmails } from '../modules/notifications/outbox.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Delivers what is pending now; resolves to null when no SMTP server is configured. */
    flushOutbox(): Promise<{ sent: number; failed: number } | null>;
  }
}

export const mailPlugin = fp(
  async (
    app: FastifyInstance,
    opts: { db: Db; smtpUrl?: string; from: string; intervalMs?: number; transport?: MailTransport },
  ) => {
    const transport = opts.transport ?? (opts.smtpUrl ? smtpTransport(opts.smtpUrl) : null);
    let running: Promise<unknown> | null = null;

    const flush = async () => {
      if (!transport) return null;
      // One delivery pass at a time per process; other instances are kept apart by SKIP LOCKED.
      while (running) await running;
      const pass = deliverPendingEmails(opts.db, transport, opts.from);
      running = pass.finally(() => (running = null));
      const result = await pass;
      if (result.failed) app.log.warn({ failed: result.failed }, 'some e-mails could not be delivered; they will be retried');
      return result;
    };
    app.decorate('flushOutbox', flush);

    if (!transport || opts.intervalMs === 0) return;
    const timer = setInterval(() => {
      flush().catch((err: unknown) => app.log.warn({ err }, 'outbox delivery failed'));
    }, opts.intervalMs ?? 5_000);
    timer.unref();
    app.addHook('onClose', async () => {
      clearInterval(timer);
      if (running) await running.catch(() => undefined);
      transport.close();
    });
  },
  { name: 'mail' },
);
