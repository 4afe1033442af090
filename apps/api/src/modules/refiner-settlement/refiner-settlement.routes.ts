// HTTP for entering a refiner's settlement (issue 28 item 4), appraisers only: typed in (JSON) or
// imported (the CSV's text in JSON; the web page reads the chosen file). A settlement the domain
// refuses is a 400 with its sentences; a lot that cannot be settled, or a reference already
// entered, a 409.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { settlementDraftSchema, settlementImportSchema, settlementViewSchema } from '@assay/domain';
import { adminOnly } from '../../access/route-guards.ts';
import { SIGNED_IN } from '../../plugins/api-docs.ts';
import { enterSettlement, importSettlement } from './refiner-settlement.service.ts';

export async function refinerSettlementRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  app.addHook('onRequest', adminOnly(app));
  const docs = { tags: ['admin'], security: SIGNED_IN };

  r.post(
    '/api/admin/refiner-settlements',
    {
      schema: {
        ...docs,
        summary: "Enters a refiner's settlement typed in, settles its lots and posts it to the ledger.",
        body: settlementDraftSchema,
        response: { 201: settlementViewSchema },
      },
    },
    async (request, reply) => reply.code(201).send(await enterSettlement(ctx, await app.requireAdmin(request), request.body)),
  );

  r.post(
    '/api/admin/refiner-settlements/import',
    {
      schema: {
        ...docs,
        summary: "Imports a refiner's settlement from its CSV (docs/refiner-settlement-csv.md).",
        body: settlementImportSchema,
        response: { 201: settlementViewSchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await importSettlement(ctx, await app.requireAdmin(request), request.body.csv)),
  );
}
