// The seller's side of an itemised offer: POST /api/submissions/{id}/counter (DECISIONS "The
// honest offer": once per offer version). The appraiser's side (re-issue, accept a counter-offer,
// a new version through SPEC's PUT) is in modules/appraisal, with the other appraisal commands.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { counterOfferSchema, idSchema, offerViewSchema, trackRecordResponseSchema } from '@assay/domain';
import { SIGNED_IN } from '../../plugins/api-docs.ts';
import { counterOffer } from './offers.service.ts';
import { signedInOnly } from '../../access/route-guards.ts';
import { publishedTrackRecord } from './track-record.service.ts';

/** Browsers and proxies may keep the track record a minute; the server keeps it ten (track-record.service.ts). */
export const TRACK_RECORD_CACHE_CONTROL = 'public, max-age=60';

const submissionParams = z.object({ id: idSchema('submission') });

export async function offersRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  // Visitors get 401 before their body is looked at.
  const signedIn = signedInOnly(app);

  r.post(
    '/api/submissions/:id/counter',
    {
      onRequest: signedIn,
      schema: {
        tags: ['submissions'],
        summary: "Makes the seller's one counter-offer on the current offer version.",
        security: SIGNED_IN,
        params: submissionParams,
        body: counterOfferSchema,
        response: { 200: offerViewSchema },
      },
    },
    async (request) => counterOffer(ctx, await app.requireUser(request), { ...request.body, id: request.params.id }),
  );

  r.get(
    '/api/track-record',
    {
      schema: {
        tags: ['pricing'],
        summary: 'Shows our 90-day track record per category: final offers against the quote and the floor.',
        response: { 200: trackRecordResponseSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', TRACK_RECORD_CACHE_CONTROL);
      return publishedTrackRecord(ctx, app.deps.demo === true);
    },
  );
}
