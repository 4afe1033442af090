// HTTP for the sanctions list (appraisers only): the loaded list's date, size and age. The
// screenings and the decision on one are the screening-decisions workflow's.
import { sanctionsListStateSchema } from '@assay/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminOnly } from '../../../access/route-guards.ts';
import { SIGNED_IN } from '../../../plugins/api-docs.ts';
import { sanctionsListState } from './sanctions-list.service.ts';

export async function sanctionsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const adminsOnly = adminOnly(app);

  r.get(
    '/api/admin/compliance/sanctions-list',
    {
      onRequest: adminsOnly,
      schema: {
        tags: ['admin'],
        summary: "Shows the loaded OFAC SDN list's publication date, size and age, or that none is loaded.",
        security: SIGNED_IN,
        response: { 200: sanctionsListStateSchema },
      },
    },
    async (request) => {
      await app.requireAdmin(request);
      return sanctionsListState(ctx.db, ctx.clock.now().toISOString().slice(0, 10));
    },
  );
}
