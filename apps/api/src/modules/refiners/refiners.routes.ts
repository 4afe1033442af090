// HTTP for refiners (issue 28 item 4), appraisers only: the list, a new refiner, a change, a
// retirement, and the settlements entered so far. Checked before the body is read.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  refinerInputSchema,
  refinerParamsSchema,
  refinersResponseSchema,
  refinerViewSchema,
  settlementsResponseSchema,
} from '@assay/domain';
import { adminOnly } from '../../access/route-guards.ts';
import { SIGNED_IN } from '../../plugins/api-docs.ts';
import { addRefiner, changeRefiner, listRefiners, listSettlements, retireRefiner } from './refiners.service.ts';

export async function refinersRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  app.addHook('onRequest', adminOnly(app));
  const docs = { tags: ['admin'], security: SIGNED_IN };

  r.get(
    '/api/admin/refiners',
    { schema: { ...docs, summary: 'Lists the refiners, active ones first.', response: { 200: refinersResponseSchema } } },
    async (request) => listRefiners(ctx, await app.requireAdmin(request)),
  );

  r.post(
    '/api/admin/refiners',
    {
      schema: {
        ...docs,
        summary: 'Adds a refiner with its terms and charges.',
        body: refinerInputSchema,
        response: { 201: refinerViewSchema },
      },
    },
    async (request, reply) => reply.code(201).send(await addRefiner(ctx, await app.requireAdmin(request), request.body)),
  );

  r.patch(
    '/api/admin/refiners/:id',
    {
      schema: {
        ...docs,
        summary: "Changes a refiner's name, terms or charges.",
        params: refinerParamsSchema,
        body: refinerInputSchema,
        response: { 200: refinerViewSchema },
      },
    },
    async (request) => changeRefiner(ctx, await app.requireAdmin(request), request.params.id, request.body),
  );

  r.post(
    '/api/admin/refiners/:id/retire',
    {
      schema: {
        ...docs,
        summary: 'Retires a refiner: kept for its settlements, no longer offered.',
        params: refinerParamsSchema,
        response: { 200: refinerViewSchema },
      },
    },
    async (request) => retireRefiner(ctx, await app.requireAdmin(request), request.params.id),
  );

  r.get(
    '/api/admin/refiner-settlements',
    {
      schema: {
        ...docs,
        summary: 'Lists the refiner settlements entered, newest first, each with its share per lot.',
        response: { 200: settlementsResponseSchema },
      },
    },
    async (request) => listSettlements(ctx, await app.requireAdmin(request)),
  );
}
