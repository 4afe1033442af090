import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { addressResponseSchema } from '@assay/domain';
import { getShippingAddress } from './users.address.service.ts';
import { SIGNED_IN } from '../../plugins/api-docs.ts';
import { signedInOnly } from '../../access/route-guards.ts';

export async function userAddressRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  // Visitors get 401 before their body is looked at.
  const signedIn = signedInOnly(app);

  r.get(
    '/api/users/me/address',
    {
      onRequest: signedIn,
      schema: {
        tags: ['account'],
        summary: "Shows the signed-in person's shipping address.",
        security: SIGNED_IN,
        response: { 200: addressResponseSchema },
      },
    },
    async (request, reply) => {
      const user = await app.requireUser(request);
      reply.header('cache-control', 'no-store');
      return getShippingAddress(ctx, user);
    },
  );
}
