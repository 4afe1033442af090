// HTTP for who Assay is (DECISIONS, business identity): public, read by the landing page, the About
// page and the footer. The values are configuration (config.ts), built once at start.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { businessIdentitySchema } from '@assay/domain';
import { publishedBusiness } from './business.service.ts';

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
    async () => publishedBusiness(app.ctx),
  );
}
