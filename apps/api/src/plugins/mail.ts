// How the app sends e-mail: the SMTP transport when configured (used by the outbox delivery jobs,
// see modules/notifications/outbox.jobs.ts), none otherwise, when e-mails simply stay in the outbox
// table (the embedded default, shown by the demo mailbox).
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { MailTransport } from '../adapters/mail/mail-transport.ts';
import type { Db } from '../db/client.ts';
import { deliverPendingEmails } from '../modules/notifications/outbox.service.ts';

export interface MailSetup {
  /** Null without SMTP_URL. */
  transport: MailTransport | null;
  from: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    mail: MailSetup;
    /** Delivers what is pending now; resolves to null when no SMTP server is configured. */
    flushOutbox(): Promise<{ sent: number; failed: number } | null>;
  }
}

export const mailPlugin = fp(
  // The transport is the composition root's (null without SMTP_URL); this plugin only closes it.
  async (app: FastifyInstance, opts: { db: Db; from: string; transport: MailTransport | null }) => {
    const { transport } = opts;
    app.decorate('mail', { transport, from: opts.from });
    let running: Promise<unknown> | null = null;

    app.decorate('flushOutbox', async () => {
      if (!transport) return null;
      // One pass at a time per process; other senders are kept apart by the rows' claims.
      while (running) await running;
      const pass = deliverPendingEmails(opts.db, transport, opts.from);
      running = pass.finally(() => (running = null));
      const result = await pass;
      if (result.failed) app.log.warn({ failed: result.failed }, 'some e-mails could not be delivered; they will be retried');
      return result;
    });

    app.addHook('onClose', async () => {
      if (running) await running.catch(() => undefined);
      transport?.close();
    });
  },
  { name: 'mail' },
);
