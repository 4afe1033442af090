import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { addressResponseSchema, shippingAddressSchema } from '@assay/domain';
import { SIGNED_IN } from '../../plugins/api-docs.ts';
import { signedInOnly } from '../../access/route-guards.ts';
import { updateShippingAddress } from './address-change.service.ts';

export async function addressChangeRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  // Visitors get 401 before their body is looked at.
  const signedIn = signedInOnly(app);

  r.put(
    '/api/users/me/address',
    {
      onRequest: signedIn,
      schema: {
        tags: ['account'],
        summary: "Saves the signed-in person's shipping address.",
        security: SIGNED_IN,
        body: shippingAddressSchema,
        response: { 200: addressResponseSchema },
      },
    },
    async (request, reply) => {
      const user = await app.requireUser(request);
      reply.header('cache-control', 'no-store');
      return updateShippingAddress(ctx, user, request.body);
    },
  );
}
