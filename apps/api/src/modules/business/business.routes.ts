// HTTP for who Assay is (DECISIONS, business identity): public, read by the landing page, the About
// page and the footer. The values are configuration (config.ts), built once at start.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { businessIdentitySchema, payoutRailsFor } from '@assay/domain';

export async function businessRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/business',
    {
      schema: {
        tags: ['business'],
        summary: "Shows who Assay is (name, address, licences, insurer, appraisers) and each payout method's rail.",
        response: { 200: businessIdentitySchema },
      },
    },
    async () => ({ ...app.ctx.config.business, payoutRails: payoutRailsFor({ paypalApi: app.ctx.payouts.handles('paypal') }) }),
  );
}
