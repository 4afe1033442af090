// The appraisers' compliance queue: what blocks paying each seller or melting each item. Admins only.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { complianceQueueSchema } from '@assay/domain';
import { adminOnly } from '../../access/route-guards.ts';
import { SIGNED_IN } from '../../plugins/api-docs.ts';
import { complianceQueue } from './compliance-queue.service.ts';

export async function complianceQueueRoutes(app: FastifyInstance) {
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
}
