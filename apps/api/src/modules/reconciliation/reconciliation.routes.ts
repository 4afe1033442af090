// The appraisers' reconciliation: payouts whose rail state and ledger disagree; empty when all
// agree. Admins only, before anything is read.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminOnly } from '../../access/route-guards.ts';
import { SIGNED_IN } from '../../plugins/api-docs.ts';
import { ledgerReconciliationSchema } from '../ledger/index.ts';
import { ledgerReconciliation } from './ledger-reconciliation.service.ts';

export async function reconciliationRoutes(app: FastifyInstance) {
  const { ctx } = app;
  await app.register(async (admin) => {
    admin.addHook('onRequest', adminOnly(app));
    const a = admin.withTypeProvider<ZodTypeProvider>();

    a.get(
      '/api/admin/ledger/reconciliation',
      {
        schema: {
          tags: ['admin'],
          summary: 'Lists payouts whose rail state and ledger disagree, each with why; empty when all agree.',
          security: SIGNED_IN,
          response: { 200: ledgerReconciliationSchema },
        },
      },
      async (request) => {
        await app.requireAdmin(request);
        return ledgerReconciliation(ctx.db);
      },
    );
  });
}
