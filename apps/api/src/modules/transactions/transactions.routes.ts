import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { transactionListSchema } from '@assay/domain';
import type { Db } from '../../db/client.ts';
import { listTransactions } from './transactions.service.ts';

export async function transactionsRoutes(app: FastifyInstance, opts: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/api/transactions', { schema: { response: { 200: transactionListSchema } } }, async (request) => {
    const user = await app.requireUser(request);
    return listTransactions(opts.db, user);
  });
}
