// The demo's mailbox. Without SMTP every e-mail stays in the outbox, so a newcomer trying the demo
// could never open the link that confirms a new account. This page shows the outbox, only in demo
// mode (never in production) and only to a browser on the same machine: it holds other people's
// one-time links, so it must never be reachable over a network.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { demoMailboxSchema } from '@assay/domain';
import { notFound } from '../../lib/app-error.ts';
import { composeEmail, latestEmails } from '../notifications/outbox.service.ts';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/** The socket's own peer, not X-Forwarded-For: a proxy in front would make every visitor "local". */
export function isSameMachine(request: FastifyRequest): boolean {
  return LOOPBACK.has(request.socket.remoteAddress ?? '');
}

export async function demoMailRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/demo/mail',
    {
      schema: {
        tags: ['demo'],
        summary: 'Lists the latest e-mails in the outbox, to a browser on the same machine.',
        response: { 200: demoMailboxSchema },
      },
    },
    async (request) => {
      if (!isSameMachine(request)) throw notFound('This page');
      const rows = await latestEmails(app.ctx.db, 50);
      return {
        messages: rows.map((row) => ({
          id: row.id,
          to: row.toAddress,
          subject: row.subject,
          text: composeEmail({ subject: row.subject, text: row.textBody }, app.mail.sender).text,
          createdAt: row.createdAt.toISOString(),
        })),
      };
    },
  );
}
