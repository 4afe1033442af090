// HTTP for the published payout rates: the public list with its history (cacheable for a minute,
// like the prices), and the appraisers' edit of one item type's rate.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { payoutRateInputSchema, payoutRateParamsSchema, payoutRatesResponseSchema, payoutRateViewSchema } from '@assay/domain';
import { adminOnly } from '../../access/route-guards.ts';
import { SIGNED_IN } from '../../plugins/api-docs.ts';
import { publishedPayoutRates, setPayoutRate } from './payout-rates.service.ts';

/** Browsers and proxies may keep the public list a minute (an appraiser's editor asks past the cache). */
export const PAYOUT_RATES_CACHE_CONTROL = 'public, max-age=60';

export async function payoutRatesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  // Checked before the body is read, so a visitor hears 401 rather than a validation error.
  const adminsOnly = adminOnly(app);

  r.get(
    '/api/payout-rates',
    {
      schema: {
        tags: ['pricing'],
        summary: 'Lists the share of metal value (or gem reference) Assay pays per item type, and its changes.',
        response: { 200: payoutRatesResponseSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', PAYOUT_RATES_CACHE_CONTROL);
      return publishedPayoutRates(ctx);
    },
  );

  r.put(
    '/api/admin/payout-rates/:itemType',
    {
      onRequest: adminsOnly,
      schema: {
        tags: ['admin'],
        summary: "Sets one item type's payout rate (min and max percent); the change is kept in history.",
        security: SIGNED_IN,
        params: payoutRateParamsSchema,
        body: payoutRateInputSchema,
        response: { 200: payoutRateViewSchema },
      },
    },
    // What every seller is paid: a code proved in the last minutes (decision 026).
    async (request) => setPayoutRate(ctx, await app.requireStepUp(request), request.params.itemType, request.body),
  );
}
