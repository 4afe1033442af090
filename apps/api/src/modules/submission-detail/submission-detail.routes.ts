// The seller's submission detail, one submission with its history (a view: see the service).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idSchema, submissionDetailSchema } from '@assay/domain';
import { signedInOnly } from '../../access/route-guards.ts';
import { SIGNED_IN } from '../../plugins/api-docs.ts';
import { getSubmissionDetail } from './submission-detail.service.ts';

const submissionParams = z.object({ id: idSchema('submission') });

export async function submissionDetailRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const signedIn = signedInOnly(app);

  r.get(
    '/api/submissions/:id',
    {
      onRequest: signedIn,
      schema: {
        tags: ['submissions'],
        summary: "Shows one of the signed-in client's submissions with its history.",
        security: SIGNED_IN,
        params: submissionParams,
        response: { 200: submissionDetailSchema },
      },
    },
    async (request) => getSubmissionDetail(ctx, await app.requireUser(request), request.params),
  );
}
