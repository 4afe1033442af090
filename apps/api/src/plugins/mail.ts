// How the app sends e-mail: the SMTP transport when configured (used by the outbox delivery jobs,
// see modules/notifications/outbox.jobs.ts), none otherwise, when e-mails simply stay in the outbox
// table (the embedded default, shown by the demo mailbox).
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { MailSender, MailTransport } from '../adapters/mail/mail-transport.ts';

export interface MailSetup {
  /** Null without SMTP_URL. */
  transport: MailTransport | null;
  from: string;
  /** The address, PUBLIC_URL for links and the business identity every e-mail ends with. */
  sender: MailSender;
}

declare module 'fastify' {
  interface FastifyInstance {
    mail: MailSetup;
  }
}

export const mailPlugin = fp(
  // The transport is the composition root's (null without SMTP_URL); this plugin only closes it.
  async (app: FastifyInstance, opts: { sender: MailSender; transport: MailTransport | null }) => {
    const { transport } = opts;
    app.decorate('mail', { transport, from: opts.sender.from, sender: opts.sender });
    app.addHook('onClose', async () => {
      transport?.close();
    });
  },
  { name: 'mail' },
);
