// DECISIONS "Compliance": the seller's statement of ownership (signed-in owners). The compliance
// queue is a view of its own (modules/compliance-queue); the disposition of a bought item answers
// with the mailbox's submission (modules/admin-mailbox).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idSchema, sellerStatementResponseSchema, signedStatementSchema, signSellerStatementSchema } from '@assay/domain';
import { signedInOnly } from '../../access/route-guards.ts';
import { SIGNED_IN } from '../../plugins/api-docs.ts';
import { getSellerStatement, signSellerStatement } from './compliance.service.ts';

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
