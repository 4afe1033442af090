import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { businessDateOf, idSchema, policeReportQuerySchema, reportDayResponseSchema } from '@assay/domain';
import { adminOnly } from '../../../access/route-guards.ts';
import { SIGNED_IN } from '../../../plugins/api-docs.ts';
import { policeReport } from './police-report.service.ts';
import { sellerRecords } from './seller-records.service.ts';

const sellerParams = z.object({ userId: idSchema('seller') });

/** Both files hold decrypted ID numbers: never cached, always a download. */
const attachment = (fileName: string) => ({
  'content-disposition': `attachment; filename="${fileName}"`,
  'cache-control': 'no-store',
});

export async function complianceReportsRoutes(app: FastifyInstance) {
  const { ctx } = app;
  await app.register(async (admin) => {
    admin.addHook('onRequest', adminOnly(app));
    const a = admin.withTypeProvider<ZodTypeProvider>();

    a.get(
      '/api/admin/compliance/report-day',
      {
        schema: {
          tags: ['admin'],
          summary: "Shows today's date in the business's time zone, the police report's default day.",
          security: SIGNED_IN,
          response: { 200: reportDayResponseSchema },
        },
      },
      async (request) => {
        await app.requireAdmin(request);
        const { timeZone } = ctx.config.compliance;
        return { today: businessDateOf(ctx.clock.now(), timeZone), timeZone };
      },
    );

    a.get(
      '/api/admin/compliance/police-report',
      {
        schema: {
          tags: ['admin'],
          summary: "Downloads a day's purchases as a police report (CSV), and records who did.",
          description:
            'One row per purchase (an accepted offer) of that calendar day in BUSINESS_TIME_ZONE, with the fields ' +
            'LeadsOnline-style reports carry; the ID numbers are decrypted for this file only. A day to come is refused.',
          security: SIGNED_IN,
          querystring: policeReportQuerySchema,
          produces: ['text/csv'],
        },
      },
      async (request, reply) => {
        const { fileName, text } = await policeReport(ctx, await app.requireAdmin(request), request.query);
        return reply.headers(attachment(fileName)).header('content-type', 'text/csv; charset=utf-8').send(text);
      },
    );

    a.get(
      '/api/admin/compliance/seller/:userId/records',
      {
        schema: {
          tags: ['admin'],
          summary: "Downloads one seller's records (JSON), and records who did.",
          description:
            'The account, addresses, identity checks with decrypted ID numbers, submissions and offers, payouts ' +
            '(bank numbers as their last 4 digits only) and the audit entries about them.',
          security: SIGNED_IN,
          params: sellerParams,
          produces: ['application/json'],
        },
      },
      async (request, reply) => {
        const { fileName, text } = await sellerRecords(ctx, await app.requireAdmin(request), request.params);
        return reply.headers(attachment(fileName)).header('content-type', 'application/json; charset=utf-8').send(text);
      },
    );
  });
}
