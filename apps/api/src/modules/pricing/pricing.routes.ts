// HTTP for prices: the public list (SPEC 7, refetched every 60 s by every visitor, so answered
// from memory as ready-made JSON) and history, and the appraisers' refresh, gem price and status.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  priceHistoryListSchema,
  priceHistoryQuerySchema,
  PRICING_UPDATED_MESSAGE,
  pricingItemParamsSchema,
  pricingStatusSchema,
  refreshPricingResponseSchema,
  updateGemPriceResponseSchema,
  updateGemPriceSchema,
} from '@assay/domain';
import { adminOnly } from '../../access/route-guards.ts';
import { SIGNED_IN } from '../../plugins/api-docs.ts';

/** An appraiser refresh calls a paid or rate-limited service; a few a minute is plenty. */
const REFRESH_LIMIT = { max: 10, timeWindow: '1 minute' };

export async function pricingRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Checked before the body is read, so a visitor hears 401 rather than a validation error.
  const adminsOnly = adminOnly(app);

  // Every open page polls this, so it does the least possible: no session lookup, no database, no
  // serializer (the text and its headers are built once per price change), not even a promise.
  r.get(
    '/api/pricing',
    { schema: { tags: ['pricing'], summary: "Lists today's buying prices per metal, purity and gem." } },
    (request, reply) => {
      const snapshot = app.pricing.snapshot();
      reply.headers(snapshot.headers);
      if (request.headers['if-none-match'] === snapshot.etag) reply.code(304).send();
      else reply.send(snapshot.json);
    },
  );

  r.get(
    '/api/pricing/history',
    {
      schema: {
        tags: ['pricing'],
        summary: 'Lists the price history of one item over the last hours.',
        querystring: priceHistoryQuerySchema,
        response: { 200: priceHistoryListSchema },
      },
    },
    async (request) => app.pricing.history(request.query.itemType, request.query.hours),
  );

  r.get(
    '/api/pricing/status',
    {
      onRequest: adminsOnly,
      schema: {
        tags: ['admin'],
        summary: "Shows the price feed's source, freshness and last error.",
        security: SIGNED_IN,
        response: { 200: pricingStatusSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return app.pricing.status();
    },
  );

  r.post(
    '/api/pricing/refresh',
    {
      onRequest: adminsOnly,
      config: { rateLimit: REFRESH_LIMIT },
      schema: {
        tags: ['admin'],
        summary: 'Fetches market prices now and answers the new list.',
        security: SIGNED_IN,
        response: { 200: refreshPricingResponseSchema },
      },
    },
    async () => {
      const result = await app.pricing.refresh({ force: true });
      const snapshot = app.pricing.snapshot();
      return {
        message: PRICING_UPDATED_MESSAGE,
        refreshed: result.refreshed,
        source: result.source ?? app.pricing.feed.source,
        updatedAt: (result.updatedAt ?? new Date()).toISOString(),
        pricing: [...snapshot.rows],
      };
    },
  );

  r.put(
    '/api/pricing/:itemType',
    {
      onRequest: adminsOnly,
      schema: {
        tags: ['admin'],
        summary: 'Sets the price per carat of one gem.',
        security: SIGNED_IN,
        params: pricingItemParamsSchema,
        body: updateGemPriceSchema,
        response: { 200: updateGemPriceResponseSchema },
      },
    },
    async (request) => {
      const user = await app.requireAdmin(request);
      return app.pricing.setGemPrice(user, request.params.itemType, request.body.pricePerCarat);
    },
  );
}
