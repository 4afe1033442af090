// HTTP for the margin (issue 28 item 5), appraisers only: one report, read whole.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { marginReportSchema } from '@assay/domain';
import { adminOnly } from '../../access/route-guards.ts';
import { SIGNED_IN } from '../../plugins/api-docs.ts';
import { marginReport } from './margin.service.ts';

export async function marginRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  app.addHook('onRequest', adminOnly(app));

  r.get(
    '/api/admin/margin',
    {
      schema: {
        tags: ['admin'],
        security: SIGNED_IN,
        summary: 'The margin per settled lot, per submission and per month, and the testing accuracy per refiner.',
        response: { 200: marginReportSchema },
      },
    },
    async (request) => marginReport(ctx, await app.requireAdmin(request)),
  );
}
