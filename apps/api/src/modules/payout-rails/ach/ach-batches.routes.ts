// ACH payouts by Nacha file, for admins only: make a batch of the pending ACH payouts, list the
// batches, download a batch's file for the bank, mark a batch settled, import a bank return file.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idSchema } from '@assay/domain';
import { adminOnly } from '../../../access/route-guards.ts';
import { SIGNED_IN } from '../../../plugins/api-docs.ts';
import {
  ACH_RETURN_FILE_MAX_CHARS,
  achBatchListSchema,
  achBatchSchema,
  achBatchSettledSchema,
  achReturnImportSchema,
  achReturnResultSchema,
} from '@assay/domain';
import { achBatchFile, createAchBatch, importAchReturns, listAchBatches, settleAchBatch } from './ach-batches.service.ts';

const batchParams = z.object({ id: idSchema('ACH batch') });

export async function achBatchesRoutes(app: FastifyInstance) {
  const { ctx } = app;
  // Its own encapsulated context: the admins-only hook guards these routes only.
  await app.register(async (admin) => {
    admin.addHook('onRequest', adminOnly(app));
    const a = admin.withTypeProvider<ZodTypeProvider>();

    a.post(
      '/api/admin/payouts/ach-batches',
      {
        schema: {
          tags: ['admin'],
          summary: 'Puts every pending ACH payout in a new Nacha batch and marks them processing.',
          security: SIGNED_IN,
          response: { 201: achBatchSchema },
        },
      },
      // Money leaves: a code proved in the last minutes (decision 026).
      async (request, reply) => reply.status(201).send(await createAchBatch(ctx, await app.requireStepUp(request))),
    );

    a.get(
      '/api/admin/payouts/ach-batches',
      {
        schema: {
          tags: ['admin'],
          summary: 'Lists the ACH batches, newest first.',
          security: SIGNED_IN,
          response: { 200: achBatchListSchema },
        },
      },
      async (request) => listAchBatches(ctx, await app.requireAdmin(request)),
    );

    a.get(
      '/api/admin/payouts/ach-batches/:id/file',
      {
        schema: {
          tags: ['admin'],
          summary: "Downloads a batch's Nacha file for the bank, and records who did.",
          description:
            'A Nacha PPD credit file (text/plain, 94-character records) written again from the batch on each download; ' +
            'it holds full account numbers, so it is never stored or cached, and each payout in it gets an audit entry.',
          security: SIGNED_IN,
          params: batchParams,
          produces: ['text/plain'],
        },
      },
      async (request, reply) => {
        const { fileName, text } = await achBatchFile(ctx, await app.requireAdmin(request), { batchId: request.params.id });
        return reply
          .header('content-type', 'text/plain; charset=us-ascii')
          .header('content-disposition', `attachment; filename="${fileName}"`)
          .header('cache-control', 'no-store')
          .send(text);
      },
    );

    a.post(
      '/api/admin/payouts/ach-batches/:id/settled',
      {
        schema: {
          tags: ['admin'],
          summary: "Marks a batch's entries still processing as paid, once the bank confirmed the file.",
          security: SIGNED_IN,
          params: batchParams,
          response: { 200: achBatchSettledSchema },
        },
      },
      async (request) => settleAchBatch(ctx, await app.requireStepUp(request), { batchId: request.params.id }),
    );

    a.post(
      '/api/admin/payouts/ach-returns',
      {
        // A return file is larger than the app's usual JSON bodies; the schema caps its text.
        bodyLimit: ACH_RETURN_FILE_MAX_CHARS + 64 * 1024,
        schema: {
          tags: ['admin'],
          summary: "Imports the bank's ACH return file and marks the returned payouts.",
          description:
            'JSON {"file": "<the return file as text>"}, at most 1,000,000 characters. A malformed file is refused ' +
            "with the parser's sentence (400) and changes nothing; unknown trace numbers are listed as unmatched.",
          security: SIGNED_IN,
          body: achReturnImportSchema,
          response: { 200: achReturnResultSchema },
        },
      },
      async (request) => importAchReturns(ctx, await app.requireAdmin(request), request.body),
    );
  });
}
