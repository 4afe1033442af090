// HTTP for police holds (issue 28 item 6), appraisers only: an item's holds, placing one, releasing
// it, surrendering the item. Checked before the body is read, so a visitor hears 401 and a client 403.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  placePoliceHoldBodySchema,
  policeHoldListQuerySchema,
  policeHoldListSchema,
  policeHoldParamsSchema,
  policeHoldSchema,
  releasePoliceHoldBodySchema,
  surrenderPoliceHoldBodySchema,
} from '@assay/domain';
import { adminOnly } from '../../access/route-guards.ts';
import { SIGNED_IN } from '../../plugins/api-docs.ts';
import { listPoliceHolds, placePoliceHold, releasePoliceHold, surrenderPoliceHold } from './police-holds.service.ts';

export async function policeHoldsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  app.addHook('onRequest', adminOnly(app));
  const docs = { tags: ['admin'], security: SIGNED_IN };

  r.get(
    '/api/admin/police-holds',
    {
      schema: {
        ...docs,
        summary: "An item's police holds, newest first.",
        querystring: policeHoldListQuerySchema,
        response: { 200: policeHoldListSchema },
      },
    },
    async (request) => listPoliceHolds(ctx, await app.requireAdmin(request), request.query.item),
  );

  r.post(
    '/api/admin/police-holds',
    {
      schema: {
        ...docs,
        summary: 'Puts a received item on police hold (one active hold per item).',
        body: placePoliceHoldBodySchema,
        response: { 201: policeHoldSchema },
      },
    },
    async (request, reply) => {
      const hold = await placePoliceHold(ctx, await app.requireAdmin(request), request.body);
      return reply.code(201).send(hold);
    },
  );

  r.post(
    '/api/admin/police-holds/:id/release',
    {
      schema: {
        ...docs,
        summary: 'Releases an active police hold.',
        params: policeHoldParamsSchema,
        body: releasePoliceHoldBodySchema,
        response: { 200: policeHoldSchema },
      },
    },
    async (request) => releasePoliceHold(ctx, await app.requireAdmin(request), request.params.id, request.body),
  );

  r.post(
    '/api/admin/police-holds/:id/surrender',
    {
      schema: {
        ...docs,
        summary: 'Surrenders a held item to the police: it leaves custody and its cost is written off the ledger.',
        params: policeHoldParamsSchema,
        body: surrenderPoliceHoldBodySchema,
        response: { 200: policeHoldSchema },
      },
    },
    async (request) => surrenderPoliceHold(ctx, await app.requireAdmin(request), request.params.id, request.body),
  );
}
