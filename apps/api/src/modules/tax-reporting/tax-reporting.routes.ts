// The year-end seller list for information returns (issue 28 item 7). Admins only.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { taxYearQuerySchema, taxYearReportSchema } from '@assay/domain';
import { adminOnly } from '../../access/route-guards.ts';
import { SIGNED_IN } from '../../plugins/api-docs.ts';
import { taxYearCsv, taxYearReport } from './tax-reporting.service.ts';

export async function taxReportingRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  app.addHook('onRequest', adminOnly(app));

  r.get(
    '/api/admin/tax-reporting/sellers',
    {
      schema: {
        tags: ['admin'],
        summary: 'Lists the sellers paid at least TAX_REPORTING_THRESHOLD in a calendar year, with their totals.',
        description:
          'A payout counts in the year (BUSINESS_TIME_ZONE) it was paid; gross proceeds are the price of the goods. ' +
          'The accountant decides which sellers get a 1099-B; purchases of bullion fineness are counted to help.',
        security: SIGNED_IN,
        querystring: taxYearQuerySchema,
        response: { 200: taxYearReportSchema },
      },
    },
    async (request) => taxYearReport(ctx, await app.requireAdmin(request), request.query.year),
  );

  r.get(
    '/api/admin/tax-reporting/sellers.csv',
    {
      schema: {
        tags: ['admin'],
        summary: "Downloads the year's seller list with full addresses (CSV), and records who did.",
        security: SIGNED_IN,
        querystring: taxYearQuerySchema,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const { fileName, text } = await taxYearCsv(ctx, await app.requireAdmin(request), request.query.year);
      return reply
        .headers({ 'content-disposition': `attachment; filename="${fileName}"`, 'cache-control': 'no-store' })
        .header('content-type', 'text/csv; charset=utf-8')
        .send(text);
    },
  );
}
