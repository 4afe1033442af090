import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addSubmissionImagesSchema,
  consignmentRequestSchema,
  createSubmissionSchema,
  idSchema,
  requiredSubmissionFieldsMessage,
  setReserveSchema,
  submissionListSchema,
  submissionSchema,
} from '@assay/domain';
import { badRequest } from '../../lib/app-error.ts';
import { addSubmissionImages, createSubmission, listSubmissions, requestConsignment } from './submissions.service.ts';
import { setReserve } from './set-reserve.ts';
import { SIGNED_IN } from '../../plugins/api-docs.ts';
import { signedInOnly } from '../../access/route-guards.ts';

const submissionParams = z.object({ id: idSchema('submission') });

export async function submissionsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  // Visitors get 401 before their body is looked at.
  const signedIn = signedInOnly(app);

  r.get(
    '/api/submissions',
    {
      schema: {
        tags: ['submissions'],
        summary: "Lists the signed-in client's submissions, newest first.",
        security: SIGNED_IN,
        response: { 200: submissionListSchema },
      },
    },
    async (request) => {
      const user = await app.requireUser(request);
      return listSubmissions(ctx, user);
    },
  );

  r.post(
    '/api/submissions',
    {
      onRequest: signedIn,
      // SPEC 5: a missing category, description or weight is one sentence, not three.
      preValidation: async (request) => {
        const message = requiredSubmissionFieldsMessage(request.body);
        if (message) throw badRequest(message);
      },
      config: {
        rateLimit: { max: 30, timeWindow: 60_000, keyGenerator: (request: FastifyRequest) => request.user?.id ?? request.ip },
      },
      schema: {
        tags: ['submissions'],
        summary: 'Submits items to sell, with their photos and preliminary quote.',
        security: SIGNED_IN,
        body: createSubmissionSchema,
        response: { 201: submissionSchema },
      },
    },
    async (request, reply) => {
      const user = await app.requireUser(request);
      const created = await createSubmission(ctx, user, request.body);
      return reply.code(201).send(created);
    },
  );

  r.post(
    '/api/submissions/:id/images',
    {
      onRequest: signedIn,
      schema: {
        tags: ['submissions'],
        summary: 'Adds photos to a submission.',
        security: SIGNED_IN,
        params: submissionParams,
        body: addSubmissionImagesSchema,
        response: { 200: submissionSchema },
      },
    },
    async (request) => addSubmissionImages(ctx, await app.requireUser(request), { ...request.body, id: request.params.id }),
  );

  r.post(
    '/api/submissions/:id/consignment',
    {
      onRequest: signedIn,
      schema: {
        tags: ['submissions'],
        summary: 'Asks for consignment instead of a sale.',
        security: SIGNED_IN,
        params: submissionParams,
        response: { 200: consignmentRequestSchema },
      },
    },
    async (request) => requestConsignment(ctx, await app.requireUser(request), request.params),
  );

  r.put(
    '/api/submissions/:id/reserve',
    {
      onRequest: signedIn,
      schema: {
        tags: ['submissions'],
        summary: "Sets, changes or removes the seller's reserve, before the offer.",
        security: SIGNED_IN,
        params: submissionParams,
        body: setReserveSchema,
        response: { 200: submissionSchema },
      },
    },
    async (request) => setReserve(ctx, await app.requireUser(request), request.params.id, request.body),
  );
}
