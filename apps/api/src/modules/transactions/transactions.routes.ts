import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { listTransactions } from './transactions.service.ts';

export async function transactionsRoutes(app: FastifyInstance, opts: { db: Db }) {
  app.get('/api/transactions', async (request) => {
    const user = await app.requireUser(request);
    return listTransactions(opts.db, user);
  });
}
