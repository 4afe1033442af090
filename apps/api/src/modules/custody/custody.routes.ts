// HTTP for custody (issue 28 item 2), appraisers only: bins, a bin's items, the search, an item's
// moves and a move. Checked before the body is read, so a visitor hears 401 and a client 403.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  binDetailSchema,
  binListSchema,
  binParamsSchema,
  binSchema,
  createBinBodySchema,
  custodyItemListSchema,
  custodyItemParamsSchema,
  custodyItemSchema,
  custodyMovesSchema,
  custodySearchQuerySchema,
  moveItemBodySchema,
  renameBinBodySchema,
} from '@assay/domain';
import { adminOnly } from '../../access/route-guards.ts';
import { SIGNED_IN } from '../../plugins/api-docs.ts';
import { archiveBin, binDetail, createBin, itemMoves, listBins, moveItem, renameBin, searchCustody } from './custody.service.ts';

export async function custodyRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  app.addHook('onRequest', adminOnly(app));
  const docs = { tags: ['admin'], security: SIGNED_IN };

  r.get(
    '/api/admin/custody/bins',
    {
      schema: {
        ...docs,
        summary: 'Lists the bins with how many items each holds and how many are ready.',
        response: { 200: binListSchema },
      },
    },
    async (request) => listBins(ctx, await app.requireAdmin(request)),
  );

  r.post(
    '/api/admin/custody/bins',
    {
      schema: { ...docs, summary: 'Creates a bin (its code unique).', body: createBinBodySchema, response: { 201: binSchema } },
    },
    async (request, reply) => {
      const bin = await createBin(ctx, await app.requireAdmin(request), request.body);
      return reply.code(201).send(bin);
    },
  );

  r.get(
    '/api/admin/custody/bins/:id',
    {
      schema: {
        ...docs,
        summary: "A bin's items, each with its hold's end and whether it is ready.",
        params: binParamsSchema,
        response: { 200: binDetailSchema },
      },
    },
    async (request) => binDetail(ctx, await app.requireAdmin(request), request.params.id),
  );

  r.put(
    '/api/admin/custody/bins/:id',
    {
      schema: {
        ...docs,
        summary: "Changes a bin's code or label.",
        params: binParamsSchema,
        body: renameBinBodySchema,
        response: { 200: binSchema },
      },
    },
    async (request) => renameBin(ctx, await app.requireAdmin(request), request.params.id, request.body),
  );

  r.post(
    '/api/admin/custody/bins/:id/archive',
    { schema: { ...docs, summary: 'Archives an empty bin.', params: binParamsSchema, response: { 200: binSchema } } },
    async (request) => archiveBin(ctx, await app.requireAdmin(request), request.params.id),
  );

  r.get(
    '/api/admin/custody/items',
    {
      schema: {
        ...docs,
        summary: 'Finds received items by submission (id or short id), bin (id or code) or tag.',
        querystring: custodySearchQuerySchema,
        response: { 200: custodyItemListSchema },
      },
    },
    async (request) => searchCustody(ctx, await app.requireAdmin(request), request.query),
  );

  r.get(
    '/api/admin/custody/items/:itemId/moves',
    {
      schema: {
        ...docs,
        summary: 'Where an item is, and every move it made, oldest first.',
        params: custodyItemParamsSchema,
        response: { 200: custodyMovesSchema },
      },
    },
    async (request) => itemMoves(ctx, await app.requireAdmin(request), request.params.itemId),
  );

  r.post(
    '/api/admin/custody/items/:itemId/move',
    {
      schema: {
        ...docs,
        summary: 'Moves an item to the vault, a bin, sold or returned.',
        params: custodyItemParamsSchema,
        body: moveItemBodySchema,
        response: { 200: custodyItemSchema },
      },
    },
    async (request) => moveItem(ctx, await app.requireAdmin(request), request.params.itemId, request.body),
  );
}
