// HTTP for melt lots (issue 28 item 3), appraisers only: the lots, one lot with its items, a new
// lot, an item in by its tag or out, and the lot moved one state on. Checked before the body is
// read, so a visitor hears 401 and a client 403.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  addLotItemBodySchema,
  advanceMeltLotBodySchema,
  shipMeltLotBodySchema,
  createMeltLotBodySchema,
  meltLotDetailSchema,
  meltLotItemParamsSchema,
  meltLotListSchema,
  meltLotParamsSchema,
} from '@assay/domain';
import { adminOnly } from '../../access/route-guards.ts';
import { SIGNED_IN } from '../../plugins/api-docs.ts';
import {
  addItemToLot,
  advanceMeltLot,
  meltLotLabelPdf,
  shipMeltLot,
  createMeltLot,
  listMeltLots,
  meltLotDetail,
  removeItemFromLot,
} from './melt-lots.service.ts';

export async function meltLotsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  app.addHook('onRequest', adminOnly(app));
  const docs = { tags: ['admin'], security: SIGNED_IN };

  r.get(
    '/api/admin/melt-lots',
    {
      schema: {
        ...docs,
        summary: "Lists the melt lots, open ones first, each with its totals and its value at today's spot.",
        response: { 200: meltLotListSchema },
      },
    },
    async (request) => listMeltLots(ctx, await app.requireAdmin(request)),
  );

  r.post(
    '/api/admin/melt-lots',
    {
      schema: {
        ...docs,
        summary: 'Opens a melt lot for one sort category.',
        body: createMeltLotBodySchema,
        response: { 201: meltLotDetailSchema },
      },
    },
    async (request, reply) => reply.code(201).send(await createMeltLot(ctx, await app.requireAdmin(request), request.body)),
  );

  r.get(
    '/api/admin/melt-lots/:id',
    {
      schema: {
        ...docs,
        summary: 'A melt lot with its items (tag, submission, description, weight, purity).',
        params: meltLotParamsSchema,
        response: { 200: meltLotDetailSchema },
      },
    },
    async (request) => meltLotDetail(ctx, await app.requireAdmin(request), request.params.id),
  );

  r.post(
    '/api/admin/melt-lots/:id/items',
    {
      schema: {
        ...docs,
        summary: 'Adds a bought item in the vault or a bin, by its custody tag, to an open lot of its category.',
        params: meltLotParamsSchema,
        body: addLotItemBodySchema,
        response: { 200: meltLotDetailSchema },
      },
    },
    async (request) => addItemToLot(ctx, await app.requireAdmin(request), request.params.id, request.body),
  );

  r.delete(
    '/api/admin/melt-lots/:id/items/:itemId',
    {
      schema: {
        ...docs,
        summary: 'Takes an item out of an open lot, back to the vault.',
        params: meltLotItemParamsSchema,
        response: { 200: meltLotDetailSchema },
      },
    },
    async (request) => removeItemFromLot(ctx, await app.requireAdmin(request), request.params.id, request.params.itemId),
  );

  r.post(
    '/api/admin/melt-lots/:id/advance',
    {
      schema: {
        ...docs,
        summary: 'Moves a shipped lot one state on: assayed, settled, closed (shipping is POST .../ship).',
        params: meltLotParamsSchema,
        body: advanceMeltLotBodySchema,
        response: { 200: meltLotDetailSchema },
      },
    },
    async (request) => advanceMeltLot(ctx, await app.requireAdmin(request), request.params.id, request.body),
  );

  r.post(
    '/api/admin/melt-lots/:id/ship',
    {
      schema: {
        ...docs,
        summary: 'Ships an open lot to a refiner with a carrier label bought and insured for the lot.',
        description:
          "The label goes from the business's address to the refiner's (an active refiner with an address), insured for insuredValue, at least the lot's value at today's spot.",
        params: meltLotParamsSchema,
        body: shipMeltLotBodySchema,
        response: { 200: meltLotDetailSchema },
      },
    },
    async (request) => shipMeltLot(ctx, await app.requireAdmin(request), request.params.id, request.body),
  );

  r.get(
    '/api/admin/melt-lots/:id/label.pdf',
    {
      schema: {
        ...docs,
        summary: "Downloads a shipped lot's carrier label as a 4x6 PDF with its packing slip.",
        params: meltLotParamsSchema,
      },
    },
    async (request, reply) => {
      const { filename, pdf } = await meltLotLabelPdf(ctx, await app.requireAdmin(request), request.params.id);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );
}
