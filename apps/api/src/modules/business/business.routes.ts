// HTTP for who Assay is (DECISIONS, business identity): public, read by the landing page, the About
// page and the footer. The values are configuration (config.ts), built once at start.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { businessIdentitySchema } from '@assay/domain';

export async function businessRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/business',
    {
      schema: {
        tags: ['business'],
        summary: "Shows Assay's legal name, address, licences, insurer, insured limit and appraisers.",
        response: { 200: businessIdentitySchema },
      },
    },
    async () => app.ctx.config.business,
  );
}
