// DECISIONS "Compliance": the seller's statement of ownership (signed-in owners), and for admins the
// compliance queue and the disposition of a bought item after its hold.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminSubmissionSchema,
  complianceQueueSchema,
  dispositionBodySchema,
  idSchema,
  sellerStatementResponseSchema,
  signedStatementSchema,
  signSellerStatementSchema,
} from '@assay/domain';
import { adminOnly, signedInOnly } from '../../access/route-guards.ts';
import { SIGNED_IN } from '../../plugins/api-docs.ts';
import { adminSubmissionOf } from '../admin-mailbox/admin-mailbox.service.ts';
import { complianceQueue } from './compliance-queue.service.ts';
import { disposeItem, getSellerStatement, signSellerStatement } from './compliance.service.ts';

const submissionParams = z.object({ id: idSchema('submission') });

export async function sellerStatementRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  app.addHook('onRequest', signedInOnly(app));

  r.get(
    '/api/submissions/:id/statement',
    {
      schema: {
        tags: ['submissions'],
        summary: 'Shows the statement of ownership to sign for a submission, and whether it is signed.',
        security: SIGNED_IN,
        params: submissionParams,
        response: { 200: sellerStatementResponseSchema },
      },
    },
    async (request) => getSellerStatement(ctx, await app.requireUser(request), request.params),
  );

  r.post(
    '/api/submissions/:id/statement',
    {
      schema: {
        tags: ['submissions'],
        summary: 'Signs the statement of ownership for a submission with the typed name.',
        security: SIGNED_IN,
        params: submissionParams,
        body: signSellerStatementSchema,
        response: { 201: signedStatementSchema },
      },
    },
    async (request, reply) => {
      const user = await app.requireUser(request);
      const signed = await signSellerStatement(ctx, user, {
        id: request.params.id,
        body: request.body,
        ip: request.ip || null,
        userAgent: request.headers['user-agent'] ?? null,
      });
      return reply.status(201).send(signed);
    },
  );
}

export async function complianceAdminRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  app.addHook('onRequest', adminOnly(app));

  r.get(
    '/api/admin/compliance/queue',
    {
      schema: {
        tags: ['admin'],
        summary: 'Lists what blocks paying each seller or melting each item, and what clears it.',
        security: SIGNED_IN,
        response: { 200: complianceQueueSchema },
      },
    },
    async (request) => complianceQueue(ctx, await app.requireAdmin(request)),
  );

  r.post(
    '/api/admin/submissions/:id/disposition',
    {
      schema: {
        tags: ['admin'],
        summary: 'Records that a bought item is melted, resold or consigned, once its hold is over.',
        security: SIGNED_IN,
        params: submissionParams,
        body: dispositionBodySchema,
        response: { 200: adminSubmissionSchema },
      },
    },
    async (request) => {
      const updated = await disposeItem(ctx, await app.requireAdmin(request), {
        id: request.params.id,
        body: request.body,
      });
      return adminSubmissionOf(ctx.db, updated, ctx.clock.now());
    },
  );
}
