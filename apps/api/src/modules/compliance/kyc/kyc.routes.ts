import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminKycListQuerySchema,
  adminKycRecordListSchema,
  adminKycRecordSchema,
  idSchema,
  idReviewScreeningSchema,
  kycReviewSchema,
  kycStatusResponseSchema,
  kycSubmissionSchema,
  kycSubmitResponseSchema,
} from '@assay/domain';
import { getKycRecord, getKycStatus, listKyc, reviewKyc, submitKyc } from './kyc.service.ts';
import { adminOnly, signedInOnly } from '../../../access/route-guards.ts';
import { SIGNED_IN } from '../../../plugins/api-docs.ts';

const kycParams = z.object({ recordId: idSchema('identity verification') });

export async function kycRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  // Visitors hear 401 before their body is even read.
  const signedIn = signedInOnly(app);

  r.get(
    '/api/kyc',
    {
      schema: {
        tags: ['kyc'],
        summary: "Shows the signed-in client's identity verification status.",
        security: SIGNED_IN,
        response: { 200: kycStatusResponseSchema },
      },
    },
    async (request) => {
      const user = await app.requireUser(request);
      return getKycStatus(ctx, user);
    },
  );

  r.post(
    '/api/kyc',
    {
      onRequest: signedIn,
      schema: {
        tags: ['kyc'],
        summary: 'Submits identity documents for verification.',
        security: SIGNED_IN,
        body: kycSubmissionSchema,
        response: { 201: kycSubmitResponseSchema },
      },
    },
    async (request, reply) => {
      const user = await app.requireUser(request);
      const result = await submitKyc(ctx, user, request.body);
      return reply.status(201).send(result);
    },
  );

  // The appraisers' queue, in its own encapsulated context: the hook guards these routes only.
  await app.register(async (admin) => {
    admin.addHook('onRequest', adminOnly(app));
    const a = admin.withTypeProvider<ZodTypeProvider>();

    a.get(
      '/api/admin/kyc',
      {
        schema: {
          tags: ['admin'],
          summary: 'Lists identity verifications, by status.',
          security: SIGNED_IN,
          querystring: adminKycListQuerySchema,
          response: { 200: adminKycRecordListSchema },
        },
      },
      async (request) => listKyc(ctx, await app.requireAdmin(request), request.query),
    );

    a.post(
      '/api/admin/kyc/:recordId/review',
      {
        schema: {
          tags: ['admin'],
          summary: 'Approves or rejects an identity verification.',
          security: SIGNED_IN,
          params: kycParams,
          body: kycReviewSchema,
          response: { 200: adminKycRecordSchema.extend({ sanctionsScreening: idReviewScreeningSchema.nullable() }) },
        },
      },
      async (request) => {
        // Approving lets money reach a person: a code proved in the last minutes (decision 026).
        const appraiser = await (request.body.approve ? app.requireStepUp(request) : app.requireAdmin(request));
        const reviewed = await reviewKyc(ctx, appraiser, { ...request.body, recordId: request.params.recordId });
        return { ...(await getKycRecord(ctx, appraiser, { id: reviewed.id })), sanctionsScreening: reviewed.sanctionsScreening };
      },
    );
  });
}
