// The seller declines the offer and gets the return label (a workflow: the offer, the submission's
// status and the label change in one transaction).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { declineOfferResponseSchema, idSchema } from '@assay/domain';
import { z } from 'zod';
import { SIGNED_IN } from '../../plugins/api-docs.ts';
import { signedInOnly } from '../../access/route-guards.ts';
import { declineOffer } from './decline-offer.service.ts';

export async function declineAndReturnRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const signedIn = signedInOnly(app);

  r.post(
    '/api/submissions/:id/decline',
    {
      onRequest: signedIn,
      schema: {
        tags: ['submissions'],
        summary: 'Declines the offer and makes the return label.',
        security: SIGNED_IN,
        params: z.object({ id: idSchema('submission') }),
        response: { 200: declineOfferResponseSchema },
      },
    },
    async (request) => declineOffer(ctx, await app.requireUser(request), request.params),
  );
}
