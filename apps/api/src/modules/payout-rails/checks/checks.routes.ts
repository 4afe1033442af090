// The check register, for admins only: register a check for a pending check payout, list the
// register, mark a check mailed or void it, and print its page for the bank's check stock.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  checkListQuerySchema,
  checkListSchema,
  checkMailedSchema,
  checkSchema,
  idSchema,
  nextCheckNumberSchema,
  registerCheckSchema,
  voidCheckSchema,
} from '@assay/domain';
import { adminOnly } from '../../../access/route-guards.ts';
import { SIGNED_IN } from '../../../plugins/api-docs.ts';
import {
  checkStubPdf,
  listCheckRegister,
  markCheckMailed,
  nextNumberOfRegister,
  registerCheck,
  voidCheck,
} from './checks.service.ts';

const checkParams = z.object({ id: idSchema('check') });

export async function checksRoutes(app: FastifyInstance) {
  const { ctx } = app;
  // Its own encapsulated context: the admins-only hook guards these routes only.
  await app.register(async (admin) => {
    admin.addHook('onRequest', adminOnly(app));
    const a = admin.withTypeProvider<ZodTypeProvider>();

    a.post(
      '/api/admin/payouts/checks',
      {
        schema: {
          tags: ['admin'],
          summary: 'Registers a check for a pending check payout and marks the payout on its way.',
          description:
            'Made out to the seller for the net amount, to their stored mailing address. Without checkNumber, the next ' +
            'after the highest used (CHECK_FIRST_NUMBER when the register is empty).',
          security: SIGNED_IN,
          body: registerCheckSchema,
          response: { 201: checkSchema },
        },
      },
      async (request, reply) => reply.status(201).send(await registerCheck(ctx, await app.requireStepUp(request), request.body)),
    );

    a.get(
      '/api/admin/payouts/checks',
      {
        schema: {
          tags: ['admin'],
          summary: 'Lists the check register, newest first, at most 100.',
          security: SIGNED_IN,
          querystring: checkListQuerySchema,
          response: { 200: checkListSchema },
        },
      },
      async (request) => listCheckRegister(ctx, await app.requireAdmin(request), request.query),
    );

    a.get(
      '/api/admin/payouts/checks/next-number',
      {
        schema: {
          tags: ['admin'],
          summary: 'Says the number the next check gets when none is given.',
          security: SIGNED_IN,
          response: { 200: nextCheckNumberSchema },
        },
      },
      async (request) => nextNumberOfRegister(ctx, await app.requireAdmin(request)),
    );

    a.post(
      '/api/admin/payouts/checks/:id/mailed',
      {
        schema: {
          tags: ['admin'],
          summary: 'Records the day a printed check was mailed; its payout is then paid.',
          security: SIGNED_IN,
          params: checkParams,
          body: checkMailedSchema,
          response: { 200: checkSchema },
        },
      },
      async (request) =>
        markCheckMailed(ctx, await app.requireStepUp(request), { checkId: request.params.id, mailedOn: request.body.mailedOn }),
    );

    a.post(
      '/api/admin/payouts/checks/:id/void',
      {
        schema: {
          tags: ['admin'],
          summary: 'Voids a check; its payout fails or is returned, and the seller gives details again.',
          security: SIGNED_IN,
          params: checkParams,
          body: voidCheckSchema,
          response: { 200: checkSchema },
        },
      },
      async (request) =>
        voidCheck(ctx, await app.requireAdmin(request), { checkId: request.params.id, reason: request.body.reason }),
    );

    a.get(
      '/api/admin/payouts/checks/:id/stub.pdf',
      {
        schema: {
          tags: ['admin'],
          summary: "Prints a check's page for the bank's check stock, and records who did.",
          description:
            'A US letter PDF: the check (payee, amount in figures and words, memo, the address placed for a window ' +
            'envelope) and its remittance stub. No account or MICR line: the stock carries them.',
          security: SIGNED_IN,
          params: checkParams,
          produces: ['application/pdf'],
        },
      },
      async (request, reply) => {
        const { fileName, pdf } = await checkStubPdf(ctx, await app.requireAdmin(request), { checkId: request.params.id });
        return (
          reply
            .header('content-type', 'application/pdf')
            // Opens in the browser's viewer, to print.
            .header('content-disposition', `inline; filename="${fileName}"`)
            // It carries a home address: never kept by a shared cache.
            .header('cache-control', 'private, no-store')
            .send(pdf)
        );
      },
    );
  });
}
