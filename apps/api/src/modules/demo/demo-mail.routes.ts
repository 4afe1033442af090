// The demo's mailbox. Without SMTP every e-mail stays in the outbox, so a newcomer trying the demo
// could never open the link that confirms a new account. This page shows the outbox, only in demo
// mode (never in production) and only to a browser on the same machine: it holds other people's
// one-time links (confirmations, password resets), so it must never be reachable over a network.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { demoMailboxSchema } from '@assay/domain';
import { notFound } from '../../lib/app-error.ts';
import { composeEmail, latestEmails } from '../notifications/index.ts';
import { isLoopbackAddress } from './demo-mode.ts';

/**
 * The client's address as Fastify reads it after TRUST_PROXY (request.ip), loopback only. Not the
 * socket's peer: behind a proxy on this machine that peer is always loopback, so every visitor
 * would look local; X-Forwarded-For counts only from a proxy TRUST_PROXY names.
 */
export function isSameMachine(request: FastifyRequest): boolean {
  return isLoopbackAddress(request.ip);
}

/**
 * What the mailbox shows instead of a message to an ADMIN_EMAILS address: its link (a confirmation
 * makes whoever opens it that admin) is delivered by SMTP only, never read off this page.
 */
export const WITHHELD_FOR_ADMIN =
  'Withheld: this e-mail is addressed to an administrator (ADMIN_EMAILS). Its link would make whoever opens it ' +
  'that administrator, so the demo mailbox never shows it; set SMTP_URL to deliver it.';

export async function demoMailRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const adminEmails = new Set(app.ctx.config.adminEmails);
  r.get(
    '/api/demo/mail',
    {
      schema: {
        tags: ['demo'],
        summary: 'Lists the latest e-mails in the outbox, to a browser on the same machine.',
        description:
          'Answers only a client whose address (after TRUST_PROXY) is loopback; anyone else gets 404. ' +
          'Each e-mail has its text and its HTML part; one to an ADMIN_EMAILS address is listed with both withheld.',
        response: { 200: demoMailboxSchema },
      },
    },
    async (request) => {
      if (!isSameMachine(request)) throw notFound('This page');
      const rows = await latestEmails(app.ctx.db, 50);
      return {
        messages: rows.map((row) => {
          const withheld = adminEmails.has(row.toAddress.trim().toLowerCase());
          const mail = withheld
            ? null
            : composeEmail({ subject: row.subject, text: row.textBody, layout: row.layout }, app.mail.sender);
          return {
            id: row.id,
            to: row.toAddress,
            subject: row.subject,
            text: mail?.text ?? WITHHELD_FOR_ADMIN,
            html: mail?.html ?? null,
            createdAt: row.createdAt.toISOString(),
          };
        }),
      };
    },
  );
}
