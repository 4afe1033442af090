// The appraisers' view of the ledger: each account's balance (the reconciliation is its own view,
// modules/reconciliation). Admins only, before anything is read.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminOnly } from '../../access/route-guards.ts';
import { SIGNED_IN } from '../../plugins/api-docs.ts';
import { ledgerBalancesSchema } from './ledger.schemas.ts';
import { ledgerBalances } from './ledger.service.ts';

export async function ledgerRoutes(app: FastifyInstance) {
  const { ctx } = app;
  await app.register(async (admin) => {
    admin.addHook('onRequest', adminOnly(app));
    const a = admin.withTypeProvider<ZodTypeProvider>();

    a.get(
      '/api/admin/ledger/balances',
      {
        schema: {
          tags: ['admin'],
          summary: "Lists each ledger account's debits, credits and balance, in chart order.",
          security: SIGNED_IN,
          response: { 200: ledgerBalancesSchema },
        },
      },
      async (request) => {
        await app.requireAdmin(request);
        return ledgerBalances(ctx.db);
      },
    );
  });
}
