// The seller's acceptance of an offer with the choice of how to be paid (POST /api/transactions):
// the URL stays under the payouts it creates.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  createTransactionSchema,
  idSchema,
  itemDecisionsResponseSchema,
  itemDecisionsSchema,
  retryPayoutSchema,
  transactionSchema,
} from '@assay/domain';
import { z } from 'zod';
import { signedInOnly } from '../../access/route-guards.ts';
import { SIGNED_IN } from '../../plugins/api-docs.ts';
import { createTransaction } from './accept-offer-and-pay.ts';
import { claimGoodwill } from './claim-goodwill.ts';
import { chooseItems } from './choose-items.ts';

export async function offerAcceptanceRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  // Visitors hear 401 before their body is even read.
  const signedIn = signedInOnly(app);

  r.post(
    '/api/transactions',
    {
      onRequest: signedIn,
      schema: {
        tags: ['transactions'],
        summary: 'Accepts an offer and chooses how to be paid.',
        security: SIGNED_IN,
        body: createTransactionSchema,
        response: { 201: transactionSchema },
      },
    },
    async (request, reply) => {
      const user = await app.requireUser(request);
      // A provider's failure is logged with this request's id.
      const created = await createTransaction(ctx, user, request.body);
      return reply.status(201).send(created);
    },
  );

  r.post(
    '/api/submissions/:id/goodwill',
    {
      onRequest: signedIn,
      schema: {
        tags: ['transactions'],
        summary: "Claims a declined offer's goodwill (an offer below the guaranteed floor) and chooses how to be paid.",
        security: SIGNED_IN,
        params: z.object({ id: idSchema('submission') }),
        body: retryPayoutSchema,
        response: { 201: transactionSchema },
      },
    },
    async (request, reply) => {
      const user = await app.requireUser(request);
      const created = await claimGoodwill(ctx, user, request.params.id, request.body);
      return reply.status(201).send(created);
    },
  );

  r.post(
    '/api/submissions/:id/offer/items',
    {
      onRequest: signedIn,
      schema: {
        tags: ['submissions'],
        summary: 'Answers the offer item by item: accept, decline or counter each item of the parcel.',
        security: SIGNED_IN,
        params: z.object({ id: idSchema('submission') }),
        body: itemDecisionsSchema,
        response: { 200: itemDecisionsResponseSchema },
      },
    },
    async (request) => chooseItems(ctx, await app.requireUser(request), request.params.id, request.body),
  );
}
