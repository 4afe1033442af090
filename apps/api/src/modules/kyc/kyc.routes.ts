import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { kycStatusResponseSchema, kycSubmissionSchema, kycSubmitResponseSchema } from '@assay/domain';
import type { Db } from '../../db/client.ts';
import { getKycStatus, submitKyc } from './kyc.service.ts';
import { SIGNED_IN } from '../../plugins/api-docs.ts';

export async function kycRoutes(app: FastifyInstance, opts: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Visitors hear 401 before their body is even read.
  const signedIn = async (request: FastifyRequest) => {
    await app.requireUser(request);
  };

  r.get('/api/kyc', { schema: { tags: ['kyc'], summary: "Shows the signed-in client's identity verification status.", security: SIGNED_IN, response: { 200: kycStatusResponseSchema } } }, async (request) => {
    const user = await app.requireUser(request);
    return getKycStatus(opts.db, user);
  });

  r.post(
    '/api/kyc',
    { onRequest: signedIn, schema: { tags: ['kyc'], summary: 'Submits identity documents for verification.', security: SIGNED_IN, body: kycSubmissionSchema, response: { 201: kycSubmitResponseSchema } } },
    async (request, reply) => {
      const user = await app.requireUser(request);
      const result = await submitKyc(opts.db, user, request.body, { encryptionKey: app.deps.secrets.encryptionKey });
      return reply.status(201).send(result);
    },
  );
}
