// The appraisers' mailbox, read only: the paged list, its counts and one submission in full.
// Admins only: visitors hear 401 and clients 403 before any input is read.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminSubmissionDetailSchema,
  adminSubmissionListQuerySchema,
  adminSubmissionPageSchema,
  idSchema,
  submissionCountsSchema,
} from '@assay/domain';
import { getSubmissionDetail, listMailbox, mailboxCounts } from './admin-mailbox.service.ts';
import { adminOnly } from '../../access/route-guards.ts';
import { SIGNED_IN } from '../../plugins/api-docs.ts';

const submissionParams = z.object({ id: idSchema('submission') });

export async function adminMailboxRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  // This plugin is encapsulated, so the hook guards exactly the routes below, before validation.
  app.addHook('onRequest', adminOnly(app));

  r.get(
    '/api/admin/submissions',
    {
      schema: {
        tags: ['admin'],
        summary: 'Lists the mailbox: submissions by status, category or search, a page at a time.',
        security: SIGNED_IN,
        querystring: adminSubmissionListQuerySchema,
        response: { 200: adminSubmissionPageSchema },
      },
    },
    async (request) => listMailbox(ctx, await app.requireAdmin(request), request.query),
  );

  r.get(
    '/api/admin/submissions/counts',
    {
      schema: {
        tags: ['admin'],
        summary: 'Counts the submissions waiting in each part of the mailbox.',
        security: SIGNED_IN,
        response: { 200: submissionCountsSchema },
      },
    },
    async (request) => mailboxCounts(ctx, await app.requireAdmin(request)),
  );

  r.get(
    '/api/admin/submissions/:id',
    {
      schema: {
        tags: ['admin'],
        summary: "Shows one submission with its history, the client's identity check and the payout.",
        security: SIGNED_IN,
        params: submissionParams,
        response: { 200: adminSubmissionDetailSchema },
      },
    },
    async (request) => getSubmissionDetail(ctx, await app.requireAdmin(request), request.params),
  );
}
