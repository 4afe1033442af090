import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { kycStatusResponseSchema, kycSubmissionSchema, kycSubmitResponseSchema } from '@assay/domain';
import { getKycStatus, submitKyc } from './kyc.service.ts';

export async function kycRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  // Visitors hear 401 before their body is even read.
  const signedIn = async (request: FastifyRequest) => {
    await app.requireUser(request);
  };

  r.get('/api/kyc', { schema: { response: { 200: kycStatusResponseSchema } } }, async (request) => {
    const user = await app.requireUser(request);
    return getKycStatus(ctx, user);
  });

  r.post(
    '/api/kyc',
    { onRequest: signedIn, schema: { body: kycSubmissionSchema, response: { 201: kycSubmitResponseSchema } } },
    async (request, reply) => {
      const user = await app.requireUser(request);
      const result = await submitKyc(ctx, user, request.body);
      return reply.status(201).send(result);
    },
  );
}
